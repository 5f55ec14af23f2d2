// Slots: the unit of local variables and the operand stack (JVMS §2.6.1-2).
#pragma once

#include <cstdint>

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

}  // namespace minijvm
