// Native methods: the VM-internal ones are declared in tables, one file per
// Java class in classlib-bridge/ (STYLE.md principle 6); JNI ones come from
// the JDK's libraries. Binding happens on a native method's first call.
#pragma once

#include <span>
#include <string_view>

#include "vm/runtime/method.h"

namespace minijvm {

// A VM-internal native: called with the method's argument slots (receiver
// first) exactly like a NativeInvoker.
struct NativeEntry {
  std::string_view class_name;  // internal form: "jdk/internal/misc/Unsafe"
  std::string_view name;
  std::string_view descriptor;
  NativeInvoker function;
  // HotSpot makes it an intrinsic (a call it never sends through JNI):
  // when java.base's registerNatives hands over a JVM_* function for it,
  // the VM's binding stays (find_vm_intrinsic). Only for natives that
  // neither block nor call Java code: they run in the Java thread state.
  bool intrinsic = false;
};

// Adds a table of VM-internal natives (at start-up, before any Java runs);
// the registry keeps pointers into it, so it must be a static table.
void register_vm_natives(std::span<const NativeEntry> table);
// The registered VM-internal native for a method, or nullptr.
NativeInvoker find_vm_native(const Method* method);
// The VM-internal native of `method` if its entry is an intrinsic, else nullptr.
NativeInvoker find_vm_intrinsic(const Method* method);

// Binds `method` (sets method->native_invoker) or leaves an
// UnsatisfiedLinkError pending whose message names it as HotSpot does:
// "'void Foo.bar(int)'". The classlib bridge installs the binder that also
// searches JNI libraries; until then only VM-internal natives are found.
using NativeBinder = bool (*)(JavaThread* thread, Method* method);
void set_native_binder(NativeBinder binder);
NativeBinder native_binder();
bool bind_native(JavaThread* thread, Method* method);

}  // namespace minijvm
