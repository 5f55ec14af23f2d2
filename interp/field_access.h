// Field loads and stores by a field's type (JVMS §2.3, §6.5.getfield,
// putfield): the interpreter's operand-stack form of a value <-> the field's
// storage in an object or mirror. Sub-int types are sign/zero-extended on
// load and truncated on store (boolean keeps its low bit, §6.5.putfield).
// Volatile fields get the Java memory model's ordering (JLS §17.4) through
// sequentially consistent fences around the plain access.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>

#include "vm/runtime/klass.h"
#include "vm/runtime/value.h"

namespace minijvm::interp {

namespace detail {
template <class T>
inline T load_raw(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class T>
inline void store_raw(char* p, T v) {
  std::memcpy(p, &v, sizeof v);
}
}  // namespace detail

// Pushes the field at `addr` onto the operand stack at `sp`; returns the new sp.
inline Slot* push_field(const char* addr, const FieldDesc& fd, Slot* sp) {
  using detail::load_raw;
  if (fd.is_volatile()) std::atomic_thread_fence(std::memory_order_seq_cst);
  switch (fd.type.type) {
    case BasicType::kBoolean:
    case BasicType::kByte:
      *sp++ = slot_int(load_raw<int8_t>(addr));
      break;
    case BasicType::kChar:
      *sp++ = slot_int(load_raw<uint16_t>(addr));
      break;
    case BasicType::kShort:
      *sp++ = slot_int(load_raw<int16_t>(addr));
      break;
    case BasicType::kInt:
      *sp++ = slot_int(load_raw<int32_t>(addr));
      break;
    case BasicType::kFloat:
      *sp++ = slot_float(load_raw<float>(addr));
      break;
    case BasicType::kLong:
      sp[0] = slot_long(load_raw<int64_t>(addr));
      sp[1].raw = 0;
      sp += 2;
      break;
    case BasicType::kDouble:
      sp[0] = slot_double(load_raw<double>(addr));
      sp[1].raw = 0;
      sp += 2;
      break;
    default:
      *sp++ = slot_ref(load_raw<Object*>(addr));
      break;
  }
  if (fd.is_volatile()) std::atomic_thread_fence(std::memory_order_acquire);
  return sp;
}

// Pops the value on top of the operand stack (below `sp`) into the field at
// `addr`; returns the new sp.
inline Slot* pop_field(char* addr, const FieldDesc& fd, Slot* sp) {
  using detail::store_raw;
  if (fd.is_volatile()) std::atomic_thread_fence(std::memory_order_release);
  switch (fd.type.type) {
    case BasicType::kBoolean:
      store_raw<int8_t>(addr, static_cast<int8_t>((--sp)->i & 1));
      break;
    case BasicType::kByte:
      store_raw<int8_t>(addr, static_cast<int8_t>((--sp)->i));
      break;
    case BasicType::kChar:
      store_raw<uint16_t>(addr, static_cast<uint16_t>((--sp)->i));
      break;
    case BasicType::kShort:
      store_raw<int16_t>(addr, static_cast<int16_t>((--sp)->i));
      break;
    case BasicType::kInt:
      store_raw<int32_t>(addr, (--sp)->i);
      break;
    case BasicType::kFloat:
      store_raw<float>(addr, (--sp)->f);
      break;
    case BasicType::kLong:
      sp -= 2;
      store_raw<int64_t>(addr, sp->j);
      break;
    case BasicType::kDouble:
      sp -= 2;
      store_raw<double>(addr, sp->d);
      break;
    default:
      store_raw<Object*>(addr, (--sp)->l);
      break;
  }
  if (fd.is_volatile()) std::atomic_thread_fence(std::memory_order_seq_cst);
  return sp;
}

}  // namespace minijvm::interp
