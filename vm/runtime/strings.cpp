// java.lang.String with compact strings (value:[B, coder:B) and the intern
// table. UTF16 strings store their chars in the platform's byte order, as
// java.lang.StringUTF16 reads them (little-endian here).
#include "vm/runtime/strings.h"
#include "vm/runtime/roots.h"

#include <cstring>
#include <mutex>
#include <unordered_map>

#include "vm/mutf8.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/thread.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {

constexpr int8_t kLatin1 = 0;
constexpr int8_t kUtf16 = 1;

struct StringLayout {
  Klass* klass = nullptr;
  uint32_t value = 0;
  uint32_t coder = 0;
};

const StringLayout* layout() {
  static StringLayout l;
  static std::once_flag once;
  static bool ok = false;
  Klass* k = find_loaded_class(vm_symbols().java_lang_String, nullptr);
  if (k == nullptr) return nullptr;
  std::call_once(once, [&] {
    l.klass = k;
    FieldDesc* v = k->find_declared_field(intern("value"), intern("[B"));
    FieldDesc* c = k->find_declared_field(intern("coder"), intern("B"));
    if (v && c) {
      l.value = v->offset;
      l.coder = c->offset;
      ok = true;
    }
  });
  return ok ? &l : nullptr;
}

struct InternTable {
  std::mutex mutex;
  std::unordered_map<std::u16string, Object*> map;  // values are GC roots
};
InternTable& intern_table() {
  static InternTable* t = new InternTable();
  return *t;
}

}  // namespace

Object* new_string_from_utf16(JavaThread* thread, std::u16string_view chars) {
  const StringLayout* l = layout();
  if (l == nullptr) {
    throw_new(thread, intern("java/lang/InternalError"), "java/lang/String is not loaded");
    return nullptr;
  }
  bool latin1 = true;
  for (char16_t c : chars)
    if (c > 0xFF) latin1 = false;
  int32_t n = static_cast<int32_t>(chars.size());
  HandleMark hm(thread->handles());
  Handle value =
      thread->handles().make(new_primitive_array(thread, BasicType::kByte, latin1 ? n : 2 * n));
  if (value.is_null()) return nullptr;
  auto* bytes = static_cast<ArrayObject*>(value.get())->data<uint8_t>();
  if (latin1) {
    for (int32_t i = 0; i < n; ++i) bytes[i] = static_cast<uint8_t>(chars[i]);
  } else {
    std::memcpy(bytes, chars.data(), chars.size() * 2);  // native byte order
  }
  Object* s = new_instance(thread, l->klass);
  if (s == nullptr) return nullptr;
  s->set_ref_field(l->value, value.get());
  s->set_field<int8_t>(l->coder, latin1 ? kLatin1 : kUtf16);
  return s;
}

Object* new_string_from_modified_utf8(JavaThread* thread, std::string_view bytes) {
  auto chars = mutf8::to_utf16(bytes);
  if (!chars) {
    throw_new(thread, intern("java/lang/InternalError"), "invalid modified UTF-8 string");
    return nullptr;
  }
  return new_string_from_utf16(thread, *chars);
}

Object* new_string_from_utf8(JavaThread* thread, std::string_view utf8) {
  auto m = mutf8::from_utf8(utf8);
  if (!m) {
    // Invalid UTF-8: decode byte by byte as Latin-1 rather than fail.
    std::u16string chars(utf8.begin(), utf8.end());
    for (char16_t& c : chars) c &= 0xFF;
    return new_string_from_utf16(thread, chars);
  }
  return new_string_from_modified_utf8(thread, *m);
}

std::u16string string_chars(const Object* str) {
  const StringLayout* l = layout();
  if (l == nullptr || str == nullptr) return {};
  auto* value = static_cast<const ArrayObject*>(str->ref_field(l->value));
  if (value == nullptr) return {};
  const uint8_t* bytes = value->data<uint8_t>();
  int32_t n = value->length();
  if (str->field<int8_t>(l->coder) == kLatin1) return std::u16string(bytes, bytes + n);
  std::u16string out(static_cast<size_t>(n / 2), u'\0');
  std::memcpy(out.data(), bytes, out.size() * 2);
  return out;
}

std::string string_to_utf8(const Object* str) {
  return mutf8::to_utf8(mutf8::from_utf16(string_chars(str)));
}

int32_t string_length(const Object* str) {
  const StringLayout* l = layout();
  if (l == nullptr || str == nullptr) return 0;
  auto* value = static_cast<const ArrayObject*>(str->ref_field(l->value));
  if (value == nullptr) return 0;
  return str->field<int8_t>(l->coder) == kLatin1 ? value->length() : value->length() / 2;
}

void intern_table_roots_do(const RootVisitor& visit) {
  for (auto& [chars, str] : intern_table().map) visit(&str);
}

Object* intern_string(JavaThread* thread, Object* str) {
  (void)thread;
  std::u16string key = string_chars(str);
  InternTable& t = intern_table();
  std::lock_guard lock(t.mutex);
  auto [it, inserted] = t.map.emplace(std::move(key), str);
  return it->second;
}

Object* intern_symbol(JavaThread* thread, const Symbol* modified_utf8) {
  auto chars = mutf8::to_utf16(modified_utf8->view());
  if (!chars) {
    throw_new(thread, intern("java/lang/InternalError"), "invalid modified UTF-8 string");
    return nullptr;
  }
  InternTable& t = intern_table();
  {
    std::lock_guard lock(t.mutex);
    auto it = t.map.find(*chars);
    if (it != t.map.end()) return it->second;
  }
  Object* s = new_string_from_utf16(thread, *chars);
  if (s == nullptr) return nullptr;
  std::lock_guard lock(t.mutex);
  auto [it, inserted] = t.map.emplace(std::move(*chars), s);
  return it->second;
}

}  // namespace minijvm
