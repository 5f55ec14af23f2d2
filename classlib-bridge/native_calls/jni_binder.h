// Binding JNI natives (JNI spec chapter 2 "Resolving Native Method Names",
// chapter 4 "RegisterNatives"; HotSpot prims/nativeLookup.cpp).
//
// natives.h's bind_native asks the VM-internal tables first; the binder
// installed here then searches, in order: functions given to RegisterNatives,
// then every loaded native library (native_libraries.h) for the short JNI
// name and then the long one. Found: the method is bound to the libffi
// invoker (ffi_invoker.h). Not found: UnsatisfiedLinkError naming the method
// as HotSpot 17 does: 'int java.io.FileInputStream.readBytes(byte[], int, int)'.
#pragma once

#include <string>

#include "vm/runtime/klass.h"

namespace minijvm {

class JavaThread;

// Installs the binder through set_native_binder (natives.h).
void install_jni_binder();
// The binder itself (what install_jni_binder installs).
bool bind_jni_native(JavaThread* thread, Method* method);

// RegisterNatives for one method: `klass`'s declared native method
// `name` `descriptor` is bound to `function` now and on every later
// binding. false, with NoSuchMethodError pending ("Method 'void
// Foo.bar(int)' name or signature does not match" / "... is not declared as
// native"), otherwise.
bool register_jni_native(JavaThread* thread, Klass* klass, std::string_view name,
                         std::string_view descriptor, void* function);
// UnregisterNatives: forgets the registrations of `klass` and unbinds its
// JNI-bound natives, which are looked up again on their next call.
void unregister_jni_natives(Klass* klass);

// "'int java.io.FileInputStream.readBytes(byte[], int, int)'".
std::string unsatisfied_link_message(const Method* method);

}  // namespace minijvm
