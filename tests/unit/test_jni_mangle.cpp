// JNI name mangling (JNI spec chapter 2, "Resolving Native Method Names"),
// the jio_* functions and the completeness of the JNI function table.
#include <doctest/doctest.h>

#include <cstdarg>
#include <cstring>

#include "classlib-bridge/jni/jni_env.h"
#include "classlib-bridge/native_calls/jni_mangle.h"

extern "C" int jio_snprintf(char* str, size_t count, const char* fmt, ...);

namespace minijvm {

TEST_CASE("jni_mangle: letters and digits stay, slash underscore semicolon bracket are escaped") {
  CHECK(jni_mangle("abcXYZ019") == "abcXYZ019");
  CHECK(jni_mangle("java/lang/Object") == "java_lang_Object");
  CHECK(jni_mangle("read_bytes") == "read_1bytes");
  CHECK(jni_mangle("Ljava/lang/String;") == "Ljava_lang_String_2");
  CHECK(jni_mangle("[I") == "_3I");
  CHECK(jni_mangle("Outer$Inner") == "Outer_00024Inner");
}

TEST_CASE("jni_mangle: non-ASCII characters become _0xxxx of their UTF-16 units") {
  CHECK(jni_mangle("unicod\xc3\xa9") == "unicod_000e9");  // U+00E9, modified UTF-8
  CHECK(jni_mangle("\xe4\xb8\xad") == "_04e2d");          // U+4E2D
  // U+1F600 in modified UTF-8: a surrogate pair, each half escaped.
  CHECK(jni_mangle("\xed\xa0\xbd\xed\xb8\x80") == "_0d83d_0de00");
}

TEST_CASE("jni_short_name and jni_long_name") {
  CHECK(jni_short_name("java/io/FileInputStream", "readBytes") ==
        "Java_java_io_FileInputStream_readBytes");
  CHECK(jni_long_name("java/io/FileInputStream", "readBytes", "([BII)I") ==
        "Java_java_io_FileInputStream_readBytes___3BII");
  CHECK(jni_long_name("p/A", "f", "(Ljava/lang/String;J)V") == "Java_p_A_f__Ljava_lang_String_2J");
  CHECK(jni_long_name("p/A", "f", "()V") == "Java_p_A_f__");
  CHECK(jni_long_name("p/My_Class", "over_load", "([[Ljava/lang/Object;)I") ==
        "Java_p_My_1Class_over_1load___3_3Ljava_lang_Object_2");
}

TEST_CASE("the JNI function table has every entry of JDK 17's jni.h") {
  const JNINativeInterface_* t = jni_functions();
  REQUIRE(t != nullptr);
  void* const* entries = reinterpret_cast<void* const*>(t);
  const size_t n = sizeof(JNINativeInterface_) / sizeof(void*);
  CHECK(n == 234);  // 4 reserved + 230 functions (JNI 10)
  for (size_t i = 4; i < n; ++i) {
    INFO("entry " << i);
    CHECK(entries[i] != nullptr);
  }
  CHECK(t->GetVersion(nullptr) == JNI_VERSION_10);
}

TEST_CASE("JNI versions, the JavaVM and the invocation API") {
  CHECK(is_supported_jni_version(JNI_VERSION_1_1));
  CHECK(is_supported_jni_version(JNI_VERSION_1_8));
  CHECK(is_supported_jni_version(JNI_VERSION_10));
  CHECK_FALSE(is_supported_jni_version(0x00130000));  // JNI 19 postdates JDK 17
  CHECK_FALSE(is_supported_jni_version(0x30010000));  // JVMTI: not offered
  JavaVM* vm = java_vm();
  REQUIRE(vm != nullptr);
  CHECK((vm->functions->GetEnv != nullptr));
  CHECK((vm->functions->DestroyJavaVM != nullptr));
  JavaVM* created = nullptr;
  jsize found = -1;
  CHECK(JNI_GetCreatedJavaVMs(&created, 1, &found) == JNI_OK);
  CHECK((found == 0 || created == vm));
}

TEST_CASE("jio_snprintf formats and reports truncation as HotSpot does") {
  char buf[16];
  CHECK(jio_snprintf(buf, sizeof buf, "%s-%d", "ab", 42) == 5);
  CHECK(std::strcmp(buf, "ab-42") == 0);
  CHECK(jio_snprintf(buf, 4, "%s", "abcdef") == -1);
  CHECK(std::strcmp(buf, "abc") == 0);
}

}  // namespace minijvm
