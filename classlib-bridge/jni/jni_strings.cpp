// JNI string operations (JNI spec chapter 4 "String Operations"). Strings
// hand natives malloc'd copies (isCopy = JNI_TRUE) that the Release call
// frees, so a string never needs pinning. UTF functions speak modified
// UTF-8 (JNI spec "Modified UTF-8 Strings").
#include <cstdlib>
#include <cstring>
#include <string>

#include "classlib-bridge/jni/jni_internal.h"
#include "vm/runtime/thread.h"
#include "vm/mutf8.h"
#include "vm/runtime/strings.h"

namespace minijvm::jni {
namespace {

// The String behind `str`, or nullptr + NullPointerException.
Object* string_of(JNIEnv* env, jstring str) {
  Object* s = resolve(str);
  if (s == nullptr) throw_npe(thread_of(env));
  return s;
}

void set_copy(jboolean* is_copy) {
  if (is_copy) *is_copy = JNI_TRUE;
}

jstring JNICALL NewString(JNIEnv* env, const jchar* chars, jsize len) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  if (len < 0 || (len > 0 && chars == nullptr)) {
    throw_npe(thread);
    return nullptr;
  }
  std::u16string_view view(reinterpret_cast<const char16_t*>(chars), static_cast<size_t>(len));
  return static_cast<jstring>(make_local(thread, new_string_from_utf16(thread, view)));
}

jsize JNICALL GetStringLength(JNIEnv* env, jstring str) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* s = string_of(env, str);
  return s ? string_length(s) : 0;
}

// A NUL-terminated malloc'd copy of the chars (HotSpot also terminates it).
const jchar* JNICALL GetStringChars(JNIEnv* env, jstring str, jboolean* is_copy) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* s = string_of(env, str);
  if (s == nullptr) return nullptr;
  std::u16string chars = string_chars(s);
  auto* out = static_cast<jchar*>(std::malloc((chars.size() + 1) * sizeof(jchar)));
  if (out == nullptr) {
    throw_by_name(thread, "java/lang/OutOfMemoryError", "GetStringChars");
    return nullptr;
  }
  std::memcpy(out, chars.data(), chars.size() * sizeof(jchar));
  out[chars.size()] = 0;
  set_copy(is_copy);
  return out;
}

void JNICALL ReleaseStringChars(JNIEnv*, jstring, const jchar* chars) {
  std::free(const_cast<jchar*>(chars));
}

jstring JNICALL NewStringUTF(JNIEnv* env, const char* utf) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  if (utf == nullptr) return nullptr;
  return static_cast<jstring>(make_local(thread, new_string_from_modified_utf8(thread, utf)));
}

jsize JNICALL GetStringUTFLength(JNIEnv* env, jstring str) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* s = string_of(env, str);
  return s ? static_cast<jsize>(mutf8::from_utf16(string_chars(s)).size()) : 0;
}

const char* JNICALL GetStringUTFChars(JNIEnv* env, jstring str, jboolean* is_copy) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* s = string_of(env, str);
  if (s == nullptr) return nullptr;
  std::string bytes = mutf8::from_utf16(string_chars(s));
  auto* out = static_cast<char*>(std::malloc(bytes.size() + 1));
  if (out == nullptr) {
    throw_by_name(thread, "java/lang/OutOfMemoryError", "GetStringUTFChars");
    return nullptr;
  }
  std::memcpy(out, bytes.data(), bytes.size() + 1);
  set_copy(is_copy);
  return out;
}

void JNICALL ReleaseStringUTFChars(JNIEnv*, jstring, const char* chars) {
  std::free(const_cast<char*>(chars));
}

// HotSpot throws StringIndexOutOfBoundsException without a message here.
bool check_region(JNIEnv* env, jsize start, jsize len, jsize length) {
  if (start < 0 || len < 0 || start > length - len) {
    throw_by_name_no_message(thread_of(env), "java/lang/StringIndexOutOfBoundsException");
    return false;
  }
  return true;
}

void JNICALL GetStringRegion(JNIEnv* env, jstring str, jsize start, jsize len, jchar* buf) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* s = string_of(env, str);
  if (s == nullptr) return;
  std::u16string chars = string_chars(s);
  if (!check_region(env, start, len, static_cast<jsize>(chars.size()))) return;
  if (len > 0) std::memcpy(buf, chars.data() + start, static_cast<size_t>(len) * sizeof(jchar));
}

// Writes the modified UTF-8 of chars [start, start+len) and a NUL.
void JNICALL GetStringUTFRegion(JNIEnv* env, jstring str, jsize start, jsize len, char* buf) {
  JavaThread* thread = thread_of(env);
  ThreadStateScope in_vm(thread, ThreadState::kInVm);
  Object* s = string_of(env, str);
  if (s == nullptr) return;
  std::u16string chars = string_chars(s);
  if (!check_region(env, start, len, static_cast<jsize>(chars.size()))) return;
  std::string bytes = mutf8::from_utf16(
      std::u16string_view(chars).substr(static_cast<size_t>(start), static_cast<size_t>(len)));
  if (buf == nullptr) return;
  std::memcpy(buf, bytes.data(), bytes.size());
  buf[bytes.size()] = '\0';
}

// Compact strings store LATIN1 bytes, so a direct pointer to jchars does not
// exist; a copy is what HotSpot returns for LATIN1 strings too.
const jchar* JNICALL GetStringCritical(JNIEnv* env, jstring str, jboolean* is_copy) {
  return GetStringChars(env, str, is_copy);
}

void JNICALL ReleaseStringCritical(JNIEnv* env, jstring str, const jchar* chars) {
  ReleaseStringChars(env, str, chars);
}

}  // namespace

void fill_string_functions(JNINativeInterface_& t) {
  t.NewString = NewString;
  t.GetStringLength = GetStringLength;
  t.GetStringChars = GetStringChars;
  t.ReleaseStringChars = ReleaseStringChars;
  t.NewStringUTF = NewStringUTF;
  t.GetStringUTFLength = GetStringUTFLength;
  t.GetStringUTFChars = GetStringUTFChars;
  t.ReleaseStringUTFChars = ReleaseStringUTFChars;
  t.GetStringRegion = GetStringRegion;
  t.GetStringUTFRegion = GetStringUTFRegion;
  t.GetStringCritical = GetStringCritical;
  t.ReleaseStringCritical = ReleaseStringCritical;
}

}  // namespace minijvm::jni
