// jdk.internal.perf.Perf natives (HotSpot: prims/perf.cpp). minijvm keeps
// no shared perf-data file (as with -XX:-UsePerfData): each counter is 8 or
// N bytes of C heap, handed to Java as a direct ByteBuffer that lives as
// long as the process, as HotSpot's perf memory does.
#include <chrono>
#include <cstdlib>
#include <cstring>

#include "classlib-bridge/jni/jni_env.h"
#include "classlib-bridge/natives/native_support.h"
#include "classlib-bridge/natives/registry.h"
#include "vm/runtime/exceptions.h"

namespace minijvm {
namespace {

void no_op(JavaThread*, Method*, Slot*, Slot*) {}

Object* direct_buffer(JavaThread* thread, void* memory, jlong capacity) {
  LocalScope scope(thread);
  JNIEnv* env = jni_env_of(thread);
  jobject buffer = env->NewDirectByteBuffer(memory, capacity);
  return buffer ? resolve(buffer) : nullptr;
}

// createLong(String name, int variability, int units, long value)
void create_long(JavaThread* thread, Method*, Slot* args, Slot* result) {
  auto* memory = static_cast<int64_t*>(std::malloc(sizeof(int64_t)));
  *memory = args[4].j;
  *result = slot_ref(direct_buffer(thread, memory, sizeof(int64_t)));
}

// createByteArray(String name, int variability, int units, byte[] value, int maxLength)
void create_byte_array(JavaThread* thread, Method*, Slot* args, Slot* result) {
  auto* value = static_cast<ArrayObject*>(args[4].l);
  int32_t max_length = args[5].i;
  if (value == nullptr || max_length < value->length()) {
    throw_new(thread, intern("java/lang/IllegalArgumentException"), "Perf.createByteArray");
    return;
  }
  void* memory = std::calloc(1, static_cast<size_t>(max_length) + 1);
  std::memcpy(memory, value->data<int8_t>(), static_cast<size_t>(value->length()));
  *result = slot_ref(direct_buffer(thread, memory, max_length));
}

void high_res_counter(JavaThread*, Method*, Slot*, Slot* result) {
  *result = slot_long(std::chrono::duration_cast<std::chrono::nanoseconds>(
                          std::chrono::steady_clock::now().time_since_epoch())
                          .count());
}

void high_res_frequency(JavaThread*, Method*, Slot*, Slot* result) {
  *result = slot_long(1'000'000'000);  // high_res_counter counts nanoseconds
}

void attach0(JavaThread* thread, Method*, Slot*, Slot*) {
  throw_new(thread, intern("java/io/IOException"),
            "minijvm keeps no perf-data files: cannot attach to another VM");
}

constexpr const char* P = "jdk/internal/perf/Perf";
constexpr NativeEntry kPerfNatives[] = {
    {P, "registerNatives", "()V", &no_op},
    {P, "createLong", "(Ljava/lang/String;IIJ)Ljava/nio/ByteBuffer;", &create_long},
    {P, "createByteArray", "(Ljava/lang/String;II[BI)Ljava/nio/ByteBuffer;", &create_byte_array},
    {P, "highResCounter", "()J", &high_res_counter},
    {P, "highResFrequency", "()J", &high_res_frequency},
    {P, "attach0", "(I)Ljava/nio/ByteBuffer;", &attach0},
    {P, "detach", "(Ljava/nio/ByteBuffer;)V", &no_op},
};

}  // namespace

std::span<const NativeEntry> perf_natives() { return kPerfNatives; }

}  // namespace minijvm
