// Symbolic reference resolution (JVMS §5.4.3) with access control (§5.4.4)
// and HotSpot's error messages. Called by the interpreter on an
// instruction's first execution; the interpreter caches the result
// (Klass::resolved) and quickens the instruction.
//
// Failures leave the Java exception pending and return nullptr:
// NoClassDefFoundError, IllegalAccessError, IncompatibleClassChangeError,
// NoSuchFieldError, NoSuchMethodError, AbstractMethodError.
#pragma once

#include <cstdint>

#include "vm/runtime/klass.h"

namespace minijvm {

class JavaThread;

// §5.4.3.1: the Class entry `cp_index` of `accessor`'s constant pool.
Klass* resolve_class(JavaThread* thread, Klass* accessor, uint16_t cp_index);

// §5.4.3.2: a Fieldref (does not initialize the field's class: the
// interpreter does, for getstatic/putstatic); `is_static` is what the instruction expects
// (getstatic/putstatic) -- a mismatch is IncompatibleClassChangeError
// ("Expected static field X.y"). `is_put` enforces final-field rules.
FieldDesc* resolve_field(JavaThread* thread, Klass* accessor, uint16_t cp_index, bool is_static,
                         bool is_put);

enum class InvokeKind : uint8_t { kVirtual, kSpecial, kStatic, kInterface };

// §5.4.3.3/§5.4.3.4: a Methodref or InterfaceMethodref for the given
// invocation instruction, with the instruction's extra checks (§6.5
// invokestatic: static; invokeinterface: not private/static unless
// nestmates...). For invokespecial the result is the method to run
// (§6.5 invokespecial's superclass lookup applied).
Method* resolve_method(JavaThread* thread, Klass* accessor, uint16_t cp_index, InvokeKind kind);

// §5.4.3.3 method lookup by name and descriptor in `klass`, its superclasses
// and then its superinterfaces (maximally-specific, default methods); no
// access checks. nullptr if none.
Method* lookup_method(Klass* klass, const Symbol* name, const Symbol* descriptor);
// §5.4.3.2 field lookup (declared, superinterfaces, superclasses). nullptr if none.
FieldDesc* lookup_field(Klass* klass, const Symbol* name, const Symbol* descriptor);

// §5.4.4: may `accessor` access `target` (a class) / a member of `holder`
// with `flags`? (Nestmates per §5.4.4 since class-file version 55.)
bool can_access_class(Klass* accessor, Klass* target);
bool can_access_member(Klass* accessor, Klass* holder, Klass* declaring, uint16_t flags);

// The method invokevirtual/invokeinterface runs for `receiver_klass`
// (§6.5 invokevirtual selection, §5.4.6), or nullptr + AbstractMethodError
// / IncompatibleClassChangeError pending.
Method* select_virtual(JavaThread* thread, Klass* receiver_klass, Method* resolved);
Method* select_interface(JavaThread* thread, Klass* receiver_klass, Method* resolved);

}  // namespace minijvm
