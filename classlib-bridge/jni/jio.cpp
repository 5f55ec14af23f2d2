// The jio_* printing functions libjava.so imports from libjvm.so (HotSpot
// runtime/java.cpp / prims/jvm.cpp): C linkage, default visibility. HotSpot's
// versions are thin wrappers of the C library's, and so are these.
#include <jni.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>

extern "C" {

JNIEXPORT int jio_vsnprintf(char* str, size_t count, const char* fmt, va_list args) {
  // HotSpot: a zero count writes nothing; the result is -1 on truncation.
  if (static_cast<intptr_t>(count) <= 0) return -1;
  int result = std::vsnprintf(str, count, fmt, args);
  if (result > 0 && static_cast<size_t>(result) >= count) result = -1;
  return result;
}

JNIEXPORT int jio_snprintf(char* str, size_t count, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  int len = jio_vsnprintf(str, count, fmt, args);
  va_end(args);
  return len;
}

JNIEXPORT int jio_vfprintf(FILE* f, const char* fmt, va_list args) {
  return std::vfprintf(f, fmt, args);
}

JNIEXPORT int jio_fprintf(FILE* f, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  int len = jio_vfprintf(f, fmt, args);
  va_end(args);
  return len;
}

}  // extern "C"
