// Field loads and stores by a field's type (JVMS §2.3, §6.5.getfield,
// putfield): the interpreter's operand-stack form of a value <-> the field's
// storage in an object or mirror. Sub-int types are sign/zero-extended on
// load and truncated on store (boolean keeps its low bit, §6.5.putfield).
// Volatile fields get the Java memory model's ordering (JLS §17.4) through
// sequentially consistent fences around the plain access.
#pragma once

#include <atomic>
#include <cstdint>

#include "vm/runtime/klass.h"
#include "vm/runtime/value.h"

namespace minijvm::interp {

// Pushes the field at `addr` onto the operand stack at `sp`; returns the new sp.
inline Slot* push_field(const char* addr, const FieldDesc& fd, Slot* sp) {
  if (fd.is_volatile()) std::atomic_thread_fence(std::memory_order_seq_cst);
  const BasicType t = fd.type.type;
  *sp++ = load_value(addr, t);
  if (is_two_slot(t)) (sp++)->raw = 0;
  if (fd.is_volatile()) std::atomic_thread_fence(std::memory_order_acquire);
  return sp;
}

// Pops the value on top of the operand stack (below `sp`) into the field at
// `addr`; returns the new sp.
inline Slot* pop_field(char* addr, const FieldDesc& fd, Slot* sp) {
  if (fd.is_volatile()) std::atomic_thread_fence(std::memory_order_release);
  const BasicType t = fd.type.type;
  sp -= is_two_slot(t) ? 2 : 1;
  store_value(addr, t, *sp);
  if (fd.is_volatile()) std::atomic_thread_fence(std::memory_order_seq_cst);
  return sp;
}

}  // namespace minijvm::interp
