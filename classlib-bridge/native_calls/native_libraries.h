// Native libraries: the JDK's libjava.so and the libraries System.load /
// System.loadLibrary bring in (JNI spec chapter 5 "Library and Version
// Management"). The binder (jni_binder.h) searches them in load order.
#pragma once

#include <string>

#include "vm/classpath/jdk.h"

namespace minijvm {

class JavaThread;

// dlopens `path` (RTLD_LAZY, as HotSpot's os::dll_load), records it, and runs
// its JNI_OnLoad(JavaVM*, void*) if it has one; the version JNI_OnLoad
// returns must be one minijvm supports. Loading a library twice returns the
// same handle and runs JNI_OnLoad once. On failure returns nullptr with
// UnsatisfiedLinkError pending: "<path>: <dlerror()>" (HotSpot
// JVM_LoadLibrary) or "unsupported JNI version 0x... required by <path>".
void* load_native_library(JavaThread* thread, const std::string& path);

// Records a library somebody else dlopened (JVM_LoadLibrary, whose caller,
// libjava's NativeLibraries.load, runs JNI_OnLoad itself) so the binder
// searches it. Idempotent.
void add_native_library(void* handle, const std::string& path);

// Loads the JDK's libjava.so. It needs an already loaded object whose soname
// is libjvm.so exporting all JVM_* and jio_* functions it imports
// (/work/shared/reference/libjava_required_JVM_symbols.txt); without one,
// dlopen fails and UnsatisfiedLinkError is pending.
void* load_libjava(JavaThread* thread, const JdkInstall& jdk);

// The address of `symbol` in the first loaded library that has it, or nullptr.
void* find_in_native_libraries(const char* symbol);

}  // namespace minijvm
