#include "vm/descriptor.h"

#include "vm/mutf8.h"

namespace minijvm {
namespace {

constexpr const char* kClassFormatError = "java/lang/ClassFormatError";
constexpr int kMaxArrayDimensions = 255;  // JVMS §4.3.2, §4.4.1

bool primitive_for(char c, BasicType* type) {
  switch (c) {
    case 'Z':
      *type = BasicType::kBoolean;
      return true;
    case 'C':
      *type = BasicType::kChar;
      return true;
    case 'F':
      *type = BasicType::kFloat;
      return true;
    case 'D':
      *type = BasicType::kDouble;
      return true;
    case 'B':
      *type = BasicType::kByte;
      return true;
    case 'S':
      *type = BasicType::kShort;
      return true;
    case 'I':
      *type = BasicType::kInt;
      return true;
    case 'J':
      *type = BasicType::kLong;
      return true;
    default:
      return false;
  }
}

// Parses one FieldType (or V when `void_ok`) starting at `pos`, advancing it.
bool parse_one(std::string_view s, size_t& pos, bool void_ok, FieldType* out,
               DescriptorError* why) {
  int dimensions = 0;
  while (pos < s.size() && s[pos] == '[') {
    if (++dimensions > kMaxArrayDimensions) {
      *why = DescriptorError::kTooManyDimensions;
      return false;
    }
    ++pos;
  }
  if (pos >= s.size()) {
    *why = DescriptorError::kMalformed;
    return false;
  }
  FieldType t;
  const char c = s[pos];
  if (primitive_for(c, &t.element_type)) {
    ++pos;
  } else if (c == 'V' && void_ok && dimensions == 0) {
    t.element_type = BasicType::kVoid;
    ++pos;
  } else if (c == 'L') {
    const size_t semi = s.find(';', pos + 1);
    if (semi == std::string_view::npos) {
      *why = DescriptorError::kMalformed;
      return false;
    }
    const std::string_view name = s.substr(pos + 1, semi - pos - 1);
    if (!is_valid_binary_name(name)) {
      *why = DescriptorError::kIllegalClassName;
      return false;
    }
    t.element_type = BasicType::kObject;
    t.class_name = intern(name);
    pos = semi + 1;
  } else {
    *why = DescriptorError::kMalformed;
    return false;
  }
  if (dimensions > 0) {
    t.type = BasicType::kArray;
    t.dimensions = static_cast<uint8_t>(dimensions);
  } else {
    t.type = t.element_type;
  }
  *out = t;
  return true;
}

VmError descriptor_error(DescriptorError why, std::string_view descriptor) {
  std::string quoted = "\"" + mutf8::to_utf8(descriptor) + "\"";
  switch (why) {
    case DescriptorError::kTooManyDimensions:
      return make_error(kClassFormatError,
                        "Array type descriptor has more than 255 dimensions: " + quoted);
    case DescriptorError::kIllegalClassName:
      return make_error(
          kClassFormatError,
          "Class name is empty or contains illegal character in descriptor " + quoted);
    case DescriptorError::kMalformed:
      break;
  }
  return make_error(kClassFormatError, "Illegal descriptor " + quoted);
}

}  // namespace

char descriptor_char(BasicType type) {
  switch (type) {
    case BasicType::kBoolean:
      return 'Z';
    case BasicType::kChar:
      return 'C';
    case BasicType::kFloat:
      return 'F';
    case BasicType::kDouble:
      return 'D';
    case BasicType::kByte:
      return 'B';
    case BasicType::kShort:
      return 'S';
    case BasicType::kInt:
      return 'I';
    case BasicType::kLong:
      return 'J';
    case BasicType::kObject:
      return 'L';
    case BasicType::kArray:
      return '[';
    case BasicType::kVoid:
      return 'V';
  }
  return '?';
}

std::string_view java_name(BasicType type) {
  switch (type) {
    case BasicType::kBoolean:
      return "boolean";
    case BasicType::kChar:
      return "char";
    case BasicType::kFloat:
      return "float";
    case BasicType::kDouble:
      return "double";
    case BasicType::kByte:
      return "byte";
    case BasicType::kShort:
      return "short";
    case BasicType::kInt:
      return "int";
    case BasicType::kLong:
      return "long";
    case BasicType::kVoid:
      return "void";
    case BasicType::kObject:
    case BasicType::kArray:
      return "";
  }
  return "";
}

int slot_count(BasicType type) {
  switch (type) {
    case BasicType::kLong:
    case BasicType::kDouble:
      return 2;
    case BasicType::kVoid:
      return 0;
    default:
      return 1;
  }
}

Result<FieldType> parse_field_descriptor(std::string_view descriptor, DescriptorError* why) {
  DescriptorError reason = DescriptorError::kMalformed;
  size_t pos = 0;
  FieldType type;
  if (parse_one(descriptor, pos, /*void_ok=*/false, &type, &reason) && pos == descriptor.size()) {
    return type;
  }
  if (why) *why = reason;
  return descriptor_error(reason, descriptor);
}

Result<MethodSignature> parse_method_descriptor(std::string_view descriptor, DescriptorError* why) {
  DescriptorError reason = DescriptorError::kMalformed;
  MethodSignature sig;
  size_t pos = 0;
  bool ok = !descriptor.empty() && descriptor[0] == '(';
  if (ok) {
    ++pos;
    while (ok && pos < descriptor.size() && descriptor[pos] != ')') {
      FieldType param;
      ok = parse_one(descriptor, pos, /*void_ok=*/false, &param, &reason);
      if (ok) {
        sig.arg_slots += static_cast<uint32_t>(param.slots());
        sig.params.push_back(param);
      }
    }
    ok = ok && pos < descriptor.size();  // at the ')'
    if (ok) {
      ++pos;
      ok = parse_one(descriptor, pos, /*void_ok=*/true, &sig.return_type, &reason) &&
           pos == descriptor.size();
    }
  }
  if (ok) return sig;
  if (why) *why = reason;
  return descriptor_error(reason, descriptor);
}

std::string descriptor_string(const FieldType& type) {
  std::string out(type.dimensions, '[');
  if (type.element_type == BasicType::kObject) {
    out += 'L';
    if (type.class_name) out += type.class_name->view();
    out += ';';
  } else {
    out += descriptor_char(type.element_type);
  }
  return out;
}

std::string descriptor_string(const MethodSignature& signature) {
  std::string out = "(";
  for (const FieldType& p : signature.params) out += descriptor_string(p);
  out += ')';
  out += descriptor_string(signature.return_type);
  return out;
}

std::string java_class_name(std::string_view internal_name) {
  std::string out = mutf8::to_utf8(internal_name);
  for (char& c : out) {
    if (c == '/') c = '.';
  }
  return out;
}

std::string java_type_name(const FieldType& type) {
  std::string out;
  if (type.element_type == BasicType::kObject) {
    out = type.class_name ? java_class_name(type.class_name->view()) : std::string("?");
  } else {
    out = std::string(java_name(type.element_type));
  }
  for (int i = 0; i < type.dimensions; ++i) out += "[]";
  return out;
}

std::string java_parameter_list(const MethodSignature& signature) {
  std::string out;
  for (size_t i = 0; i < signature.params.size(); ++i) {
    if (i > 0) out += ", ";
    out += java_type_name(signature.params[i]);
  }
  return out;
}

bool is_valid_unqualified_name(std::string_view name) {
  return !name.empty() && name.find_first_of(".;[/") == std::string_view::npos;
}

bool is_valid_method_name(std::string_view name) {
  if (name == "<init>" || name == "<clinit>") return true;
  return !name.empty() && name.find_first_of(".;[/<>") == std::string_view::npos;
}

bool is_valid_binary_name(std::string_view name) {
  if (name.empty() || name.front() == '/' || name.back() == '/') return false;
  char previous = '\0';
  for (char c : name) {
    if (c == '.' || c == ';' || c == '[') return false;
    if (c == '/' && previous == '/') return false;
    previous = c;
  }
  return true;
}

bool is_valid_class_entry_name(std::string_view name) {
  if (!name.empty() && name[0] == '[') {
    DescriptorError why;
    size_t pos = 0;
    FieldType type;
    return parse_one(name, pos, /*void_ok=*/false, &type, &why) && pos == name.size();
  }
  return is_valid_binary_name(name);
}

}  // namespace minijvm
