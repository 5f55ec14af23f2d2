// java.lang.String objects: created with compact strings as HotSpot 17 does
// (COMPACT_STRINGS on: LATIN1 byte[] when every char fits, else UTF16), and
// the intern table (String.intern, ldc of string constants).
#pragma once

#include <string>
#include <string_view>

#include "vm/symbols.h"

namespace minijvm {

class JavaThread;
class Object;

Object* new_string_from_modified_utf8(JavaThread* thread, std::string_view bytes);
Object* new_string_from_utf8(JavaThread* thread, std::string_view utf8);
Object* new_string_from_utf16(JavaThread* thread, std::u16string_view chars);
// The canonical instance for `str`'s contents (String.intern).
Object* intern_string(JavaThread* thread, Object* str);
// The interned String for a constant-pool string (ldc).
Object* intern_symbol(JavaThread* thread, const Symbol* modified_utf8);

std::u16string string_chars(const Object* str);
std::string string_to_utf8(const Object* str);
int32_t string_length(const Object* str);

}  // namespace minijvm
