// Slots: the unit of local variables and the operand stack (JVMS §2.6.1-2).
#pragma once

#include <cstdint>
#include <cstring>

#include "vm/descriptor.h"

namespace minijvm {

class Object;

// One local-variable or operand-stack slot. As in the JVMS, a long or double
// occupies two consecutive slots: its value is stored whole in the first and
// the second is unused, so local indices and dup2/pop2 work as specified.
union Slot {
  int32_t i;
  int64_t j;
  float f;
  double d;
  Object* l;
  uint64_t raw;
};
static_assert(sizeof(Slot) == 8);

inline Slot slot_int(int32_t v) { Slot s; s.raw = 0; s.i = v; return s; }
inline Slot slot_long(int64_t v) { Slot s; s.j = v; return s; }
inline Slot slot_float(float v) { Slot s; s.raw = 0; s.f = v; return s; }
inline Slot slot_double(double v) { Slot s; s.d = v; return s; }
inline Slot slot_ref(Object* v) { Slot s; s.l = v; return s; }

// The value of type `t` stored at `p` (a field, a static, an array element)
// as a Slot: sub-int types widen to int (JVMS §2.11.1).
inline Slot load_value(const void* p, BasicType t) {
  auto load = [p](auto v) { std::memcpy(&v, p, sizeof v); return v; };
  switch (t) {
    case BasicType::kBoolean:
    case BasicType::kByte:
      return slot_int(load(int8_t{}));
    case BasicType::kChar:
      return slot_int(load(uint16_t{}));
    case BasicType::kShort:
      return slot_int(load(int16_t{}));
    case BasicType::kInt:
      return slot_int(load(int32_t{}));
    case BasicType::kFloat:
      return slot_float(load(float{}));
    case BasicType::kLong:
      return slot_long(load(int64_t{}));
    case BasicType::kDouble:
      return slot_double(load(double{}));
    default:
      return slot_ref(load(static_cast<Object*>(nullptr)));
  }
}

// Stores a Slot as type `t` at `p`, truncating sub-int types; a boolean keeps
// only its low bit (JVMS §6.5 putfield, bastore).
inline void store_value(void* p, BasicType t, Slot v) {
  auto store = [p](auto x) { std::memcpy(p, &x, sizeof x); };
  switch (t) {
    case BasicType::kBoolean:
      return store(static_cast<int8_t>(v.i & 1));
    case BasicType::kByte:
      return store(static_cast<int8_t>(v.i));
    case BasicType::kChar:
      return store(static_cast<uint16_t>(v.i));
    case BasicType::kShort:
      return store(static_cast<int16_t>(v.i));
    case BasicType::kInt:
      return store(v.i);
    case BasicType::kFloat:
      return store(v.f);
    case BasicType::kLong:
      return store(v.j);
    case BasicType::kDouble:
      return store(v.d);
    default:
      return store(v.l);
  }
}

// Whether a value of type `t` takes two slots (long, double; JVMS §2.6.1).
inline bool is_two_slot(BasicType t) { return t == BasicType::kLong || t == BasicType::kDouble; }

}  // namespace minijvm
