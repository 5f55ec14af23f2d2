// Parsing of the class-file header, constant pool, class/field/method
// headers and the whole-class checks (JVMS §4.1, §4.4-§4.6, §4.8). The
// attributes are parsed in attribute_parser.cpp.
#include <algorithm>
#include <set>
#include <utility>

#include "vm/classfile/parser_internal.h"
#include "vm/mutf8.h"

namespace minijvm::classfile {
namespace detail {

namespace {

constexpr uint32_t kMagic = 0xCAFEBABE;
constexpr uint32_t kMaxArgsSize = 255;  // JVMS §4.3.3, §4.11

bool is_field_sig(const Symbol* s) { return !s->empty() && s->byte_at(0) != '('; }

}  // namespace

std::string text(const Symbol* s) { return s ? s->to_utf8() : std::string("?"); }

std::string external(const Symbol* s) {
  std::string out = text(s);
  std::replace(out.begin(), out.end(), '/', '.');
  return out;
}

Parser::Parser(std::span<const uint8_t> bytes, std::string_view expected_name,
               const ParseOptions& options)
    : in_(bytes, "Truncated class file"),
      expected_name_(expected_name),
      options_(options),
      name_(expected_name.empty() ? std::string("<Unknown>") : std::string(expected_name)),
      cf_(std::make_unique<ClassFile>()) {}

Result<std::unique_ptr<ClassFile>> Parser::run() {
  try {
    CHECK_OK(parse());
  } catch (const TruncatedInput& t) {
    return make_error(kClassFormatError, t.message);
  }
  return std::move(cf_);
}

Result<void> Parser::parse() {
  CHECK_OK(parse_version());
  CHECK_OK(parse_constant_pool_entries());
  if (bad_constant_ == CpTag::kInvalid || options_.allow_module_info) {
    CHECK_OK(check_constant_pool_references());
    CHECK_OK(check_constant_pool_names());
  }
  CHECK_OK(parse_class_flags());
  CHECK_OK(parse_this_and_super());
  CHECK_OK(parse_interfaces());
  CHECK_OK(parse_fields());
  CHECK_OK(parse_methods());
  CHECK_OK(parse_class_attributes());
  return check_end();
}

// JVMS §4.1: magic, minor_version, major_version. HotSpot
// verify_class_version: 45..55 with any minor, 56..61 with minor 0, and
// 61.65535 for preview features.
Result<void> Parser::parse_version() {
  in_.need(8);
  const uint32_t magic = in_.u4();
  if (magic != kMagic) return error("Incompatible magic value {} in class file {}", magic, name());
  const uint16_t minor = cf_->minor_version = in_.u2();
  const uint16_t major = cf_->major_version = in_.u2();
  if (major < kMinMajorVersion) {
    return make_error(kUnsupportedClassVersionError,
                      fmt::format("{} (class file version {}.{}) was compiled with an invalid "
                                  "major version",
                                  name(), major, minor));
  }
  if (major > kMaxMajorVersion) {
    return make_error(
        kUnsupportedClassVersionError,
        fmt::format("{} has been compiled by a more recent version of the Java Runtime (class "
                    "file version {}.{}), this version of the Java Runtime only recognizes "
                    "class file versions up to {}.0",
                    name(), major, minor, kMaxMajorVersion));
  }
  if (major < kJava12 || minor == 0) return {};
  if (minor == kPreviewMinorVersion) {
    if (major != kMaxMajorVersion) {
      return make_error(
          kUnsupportedClassVersionError,
          fmt::format("{} (class file version {}.{}) was compiled with preview features that "
                      "are unsupported. This version of the Java Runtime only recognizes "
                      "preview features for class file version {}.{}",
                      name(), major, minor, kMaxMajorVersion, kPreviewMinorVersion));
    }
    if (!options_.enable_preview) {
      return make_error(kUnsupportedClassVersionError,
                        fmt::format("Preview features are not enabled for {} (class file "
                                    "version {}.{}). Try running with '--enable-preview'",
                                    name(), major, minor));
    }
    return {};
  }
  return make_error(kUnsupportedClassVersionError,
                    fmt::format("{} (class file version {}.{}) was compiled with an invalid "
                                "non-zero minor version",
                                name(), major, minor));
}

// JVMS §4.4: the entries themselves. Cross references are checked after all
// entries are read (they may point forward).
Result<void> Parser::parse_constant_pool_entries() {
  in_.need(3);  // constant_pool_count and the first tag
  const uint16_t count = in_.u2();
  if (count < 1) return error("Illegal constant pool size {} in class file {}", count, name());
  const uint16_t major = cf_->major_version;
  std::vector<CpEntry>& entries = cf_->constant_pool.entries_;
  // Each entry takes at least 3 bytes: never reserve more than the file holds.
  entries.reserve(std::min<size_t>(count, in_.remaining() / 3 + 1));
  entries.emplace_back();  // index 0 is unused
  for (uint32_t index = 1; index < count; ++index) {
    CpEntry e;
    const uint8_t tag = in_.u1();
    e.tag = static_cast<CpTag>(tag);
    switch (e.tag) {
      case CpTag::kClass:
      case CpTag::kString:
      case CpTag::kMethodType:
        if (e.tag == CpTag::kMethodType && major < kJava7) {
          return error("Class file version does not support constant tag {} in class file {}", tag,
                       name());
        }
        e.index1 = in_.u2();
        break;
      case CpTag::kFieldref:
      case CpTag::kMethodref:
      case CpTag::kInterfaceMethodref:
      case CpTag::kNameAndType:
        e.index1 = in_.u2();
        e.index2 = in_.u2();
        break;
      case CpTag::kMethodHandle:
        if (major < kJava7) {
          return error("Class file version does not support constant tag {} in class file {}", tag,
                       name());
        }
        e.bits = in_.u1();
        e.index1 = in_.u2();
        break;
      case CpTag::kDynamic:
      case CpTag::kInvokeDynamic:
        if (major < (e.tag == CpTag::kDynamic ? kJava11 : kJava7)) {
          return error("Class file version does not support constant tag {} in class file {}", tag,
                       name());
        }
        e.index1 = in_.u2();
        e.index2 = in_.u2();
        max_bootstrap_index_ = std::max<int>(max_bootstrap_index_, e.index1);
        break;
      case CpTag::kInteger:
      case CpTag::kFloat:
        e.bits = in_.u4();
        break;
      case CpTag::kLong:
      case CpTag::kDouble:
        // JVMS §4.4.5: takes two slots; the second is unusable.
        if (index + 1 >= count) {
          return error("Invalid constant pool entry {} in class file {}", index, name());
        }
        e.bits = in_.u8();
        entries.push_back(e);
        entries.emplace_back();
        ++index;
        continue;
      case CpTag::kUtf8: {
        const uint16_t length = in_.u2();
        std::span<const uint8_t> bytes = in_.bytes(length);
        const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        // JVMS §4.4.7; HotSpot accepts overlong forms in version 47 and older.
        if (!mutf8::is_valid(text, /*legacy=*/major <= 47)) {
          return error("Illegal UTF8 string in constant pool in class file {}", name());
        }
        e.symbol = intern(text);
        break;
      }
      case CpTag::kModule:
      case CpTag::kPackage:
        // JVMS §4.4.11: only in a module-info. HotSpot reports them after the
        // access flags (NoClassDefFoundError if ACC_MODULE is set).
        if (major >= kJava9) {
          e.index1 = in_.u2();
          if (bad_constant_ == CpTag::kInvalid) bad_constant_ = e.tag;
          break;
        }
        [[fallthrough]];
      default:
        return error("Unknown constant tag {} in class file {}", tag, name());
    }
    entries.push_back(e);
  }
  return {};
}

// HotSpot parse_constant_pool, first pass: every index names an entry of the
// right tag (JVMS §4.4.1-§4.4.12).
Result<void> Parser::check_constant_pool_references() {
  const ConstantPool& pool = cp();
  for (uint32_t i = 1; i < pool.count(); ++i) {
    const auto index = static_cast<uint16_t>(i);
    const CpEntry& e = pool.entry(index);
    switch (e.tag) {
      case CpTag::kFieldref:
      case CpTag::kMethodref:
      case CpTag::kInterfaceMethodref:
        if (!is_class(e.index1)) {
          return error("Invalid constant pool index {} in class file {}", e.index1, name());
        }
        [[fallthrough]];
      case CpTag::kDynamic:
      case CpTag::kInvokeDynamic:
        if (!pool.has(e.index2, CpTag::kNameAndType)) {
          return error("Invalid constant pool index {} in class file {}", e.index2, name());
        }
        break;
      case CpTag::kNameAndType:
        if (!is_utf8(e.index1)) {
          return error("Invalid constant pool index {} in class file {}", e.index1, name());
        }
        if (!is_utf8(e.index2)) {
          return error("Invalid constant pool index {} in class file {}", e.index2, name());
        }
        break;
      case CpTag::kClass:
      case CpTag::kString:
      case CpTag::kMethodType:
      case CpTag::kModule:
      case CpTag::kPackage:
        if (!is_utf8(e.index1)) {
          return error("Invalid constant pool index {} in class file {}", e.index1, name());
        }
        break;
      case CpTag::kMethodHandle:
        CHECK_OK(check_method_handle(index, e));
        break;
      default:
        break;
    }
  }
  return {};
}

// JVMS §4.4.8: reference_kind 1..9 and the tag its reference_index must have.
Result<void> Parser::check_method_handle(uint16_t index, const CpEntry& e) {
  const ConstantPool& pool = cp();
  const uint16_t ref = e.index1;
  if (ref == 0 || ref >= pool.count()) {
    return error("Invalid constant pool index {} in class file {}", ref, name());
  }
  const CpTag tag = pool.tag(ref);
  switch (static_cast<RefKind>(e.bits)) {
    case RefKind::kGetField:
    case RefKind::kGetStatic:
    case RefKind::kPutField:
    case RefKind::kPutStatic:
      if (tag != CpTag::kFieldref) {
        return error("Invalid constant pool index {} in class file {} (not a field)", ref, name());
      }
      return {};
    case RefKind::kInvokeVirtual:
    case RefKind::kNewInvokeSpecial:
      if (tag != CpTag::kMethodref) {
        return error("Invalid constant pool index {} in class file {} (not a method)", ref, name());
      }
      return {};
    case RefKind::kInvokeStatic:
    case RefKind::kInvokeSpecial:
      if (tag != CpTag::kMethodref &&
          !(cf_->major_version >= kJava8 && tag == CpTag::kInterfaceMethodref)) {
        return error("Invalid constant pool index {} in class file {} (not a method)", ref, name());
      }
      return {};
    case RefKind::kInvokeInterface:
      if (tag != CpTag::kInterfaceMethodref) {
        return error("Invalid constant pool index {} in class file {} (not an interface method)",
                     ref, name());
      }
      return {};
  }
  return error("Bad method handle kind at constant pool index {} in class file {}", index, name());
}

// HotSpot parse_constant_pool, second pass: names and descriptors are legal
// (JVMS §4.2, §4.3) and fit the entry that uses them.
Result<void> Parser::check_constant_pool_names() {
  const ConstantPool& pool = cp();
  const WellKnownSymbols& vm = vm_symbols();
  for (uint32_t i = 1; i < pool.count(); ++i) {
    const CpEntry& e = pool.entry(static_cast<uint16_t>(i));
    switch (e.tag) {
      case CpTag::kClass:
        CHECK_OK(check_class_name(symbol(e.index1)));
        break;
      case CpTag::kNameAndType: {
        const Symbol* name = symbol(e.index1);
        const Symbol* sig = symbol(e.index2);
        if (sig->empty()) {
          return error("Illegal zero length constant pool entry at {} in class {}", e.index2,
                       this->name());
        }
        if (name->empty()) {
          return error("Illegal zero length constant pool entry at {} in class {}", e.index1,
                       this->name());
        }
        if (!is_field_sig(sig)) {
          CHECK_OK(check_method_name(name));
          CHECK_OK(check_method_descriptor(name, sig));
        } else {
          CHECK_OK(check_field_name(name));
          CHECK_OK(check_field_descriptor(name, sig));
        }
        break;
      }
      case CpTag::kDynamic:
      case CpTag::kInvokeDynamic:
      case CpTag::kFieldref:
      case CpTag::kMethodref:
      case CpTag::kInterfaceMethodref: {
        const CpEntry& nat = pool.entry(e.index2);
        const Symbol* name = symbol(nat.index1);
        const Symbol* sig = symbol(nat.index2);
        const bool want_field = e.tag == CpTag::kDynamic || e.tag == CpTag::kFieldref;
        if (want_field != is_field_sig(sig)) {
          const char* kind = e.tag == CpTag::kDynamic    ? "CONSTANT_Dynamic"
                             : e.tag == CpTag::kFieldref ? "Field"
                                                         : "Method";
          return error("{} \"{}\" in class {} has illegal signature \"{}\"", kind, text(name),
                       this->name(), text(sig));
        }
        // HotSpot 4509014: a Methodref's name starting with '<' must be <init>.
        if (e.tag == CpTag::kMethodref && name->byte_at(0) == '<' &&
            name != vm.object_initializer_name) {
          return error("Bad method name at constant pool index {} in class file {}", nat.index1,
                       this->name());
        }
        break;
      }
      case CpTag::kMethodHandle: {
        const auto kind = static_cast<RefKind>(e.bits);
        if (kind < RefKind::kInvokeVirtual || kind > RefKind::kNewInvokeSpecial) break;
        const uint16_t name_index = pool.entry(pool.entry(e.index1).index2).index1;
        const bool is_init = symbol(name_index) == vm.object_initializer_name;
        if (kind == RefKind::kNewInvokeSpecial && !is_init) {
          return error("Bad constructor name at constant pool index {} in class file {}",
                       name_index, name());
        }
        if (kind != RefKind::kNewInvokeSpecial && is_init) {
          return error("Bad method name at constant pool index {} in class file {}", name_index,
                       name());
        }
        break;
      }
      case CpTag::kMethodType:
        CHECK_OK(check_method_descriptor(vm.type_name, symbol(e.index1)));
        break;
      default:
        break;
    }
  }
  return {};
}

// JVMS §4.1 access_flags, this_class and super_class.
Result<void> Parser::parse_class_flags() {
  in_.need(8);  // access_flags, this_class, super_class, interfaces_count
  const uint16_t raw = cf_->access_flags = in_.u2();
  const uint16_t major = cf_->major_version;
  uint32_t flags = raw & (kRecognizedClassFlags | (major >= kJava9 ? kAccModule : 0));
  if ((flags & kAccInterface) && major < kJava6) flags |= kAccAbstract;
  CHECK_OK(check_class_modifiers(flags));
  if (bad_constant_ != CpTag::kInvalid && !(options_.allow_module_info && (flags & kAccModule))) {
    return error("Unknown constant tag {} in class file {}", static_cast<int>(bad_constant_),
                 name());
  }
  return {};
}

Result<void> Parser::parse_this_and_super() {
  const ConstantPool& pool = cp();
  const uint16_t this_index = cf_->this_class_index = in_.u2();
  if (!is_class(this_index)) {
    return error("Invalid this class index {} in constant pool in class file {}", this_index,
                 name());
  }
  const Symbol* this_name = cf_->this_class = pool.class_name(this_index);
  if (this_name->byte_at(0) == '[') return error("Bad class name in class file {}", name());
  if (!expected_name_.empty() && !this_name->equals(expected_name_)) {
    // HotSpot 17 names the requested class first and the one in the file
    // second: `java -cp dir Foo` with dir/Foo.class declaring Hello says
    // "Foo (wrong name: Hello)".
    return make_error(kNoClassDefFoundError,
                      fmt::format("{} (wrong name: {})", expected_name_, text(this_name)));
  }
  name_ = text(this_name);

  const uint16_t super_index = cf_->super_class_index = in_.u2();
  if (super_index == 0) {
    // JVMS §4.1: only java/lang/Object (and a module-info) has no superclass.
    if (this_name != vm_symbols().java_lang_Object && !cf_->is_module()) {
      return error("Invalid superclass index {} in class file {}", super_index, name());
    }
    return {};
  }
  if (!is_class(super_index)) {
    return error("Invalid superclass index {} in class file {}", super_index, name());
  }
  cf_->super_class = pool.class_name(super_index);
  if (cf_->super_class->byte_at(0) == '[') {
    return error("Bad superclass name in class file {}", name());
  }
  return {};
}

Result<void> Parser::parse_interfaces() {
  const uint16_t count = in_.u2();
  in_.need(size_t{2} * count);
  std::set<const Symbol*> seen;
  for (uint32_t i = 0; i < count; ++i) {
    const uint16_t index = in_.u2();
    if (!is_class(index)) {
      return error("Interface name has bad constant pool index {} in class file {}", index, name());
    }
    const Symbol* interface = cp().class_name(index);
    if (interface->byte_at(0) == '[') return error("Bad interface name in class file {}", name());
    if (!seen.insert(interface).second) {
      return error("Duplicate interface name \"{}\" in class file {}", text(interface), name());
    }
    cf_->interface_indices.push_back(index);
    cf_->interfaces.push_back(interface);
  }
  return {};
}

// JVMS §4.5.
Result<void> Parser::parse_fields() {
  const uint16_t count = in_.u2();
  cf_->fields.reserve(std::min<size_t>(count, in_.remaining() / 8));
  for (uint32_t n = 0; n < count; ++n) {
    in_.need(8);  // access_flags, name_index, descriptor_index, attributes_count
    FieldInfo& f = cf_->fields.emplace_back();
    f.access_flags = in_.u2();
    CHECK_OK(check_field_modifiers(f.access_flags & kRecognizedFieldFlags));
    f.name_index = in_.u2();
    if (!is_utf8(f.name_index)) {
      return error("Invalid constant pool index {} for field name in class file {}", f.name_index,
                   name());
    }
    f.name = symbol(f.name_index);
    CHECK_OK(check_field_name(f.name));
    f.descriptor_index = in_.u2();
    if (!is_utf8(f.descriptor_index)) {
      return error("Invalid constant pool index {} for field signature in class file {}",
                   f.descriptor_index, name());
    }
    f.descriptor = symbol(f.descriptor_index);
    f.type = TRY(check_field_descriptor(f.name, f.descriptor));
    CHECK_OK(parse_field_attributes(f));
  }
  std::set<std::pair<const Symbol*, const Symbol*>> seen;
  for (const FieldInfo& f : cf_->fields) {
    if (!seen.emplace(f.name, f.descriptor).second) {
      return error("Duplicate field name \"{}\" with signature \"{}\" in class file {}",
                   text(f.name), external(f.descriptor), name());
    }
  }
  return {};
}

// JVMS §4.6.
Result<void> Parser::parse_methods() {
  const uint16_t count = in_.u2();
  cf_->methods.reserve(std::min<size_t>(count, in_.remaining() / 8));
  for (uint32_t n = 0; n < count; ++n) {
    CHECK_OK(parse_method(cf_->methods.emplace_back()));
  }
  std::set<std::pair<const Symbol*, const Symbol*>> seen;
  for (const MethodInfo& m : cf_->methods) {
    if (!seen.emplace(m.name, m.descriptor).second) {
      return error("Duplicate method name \"{}\" with signature \"{}\" in class file {}",
                   text(m.name), external(m.descriptor), name());
    }
  }
  return {};
}

Result<void> Parser::parse_method(MethodInfo& m) {
  const WellKnownSymbols& vm = vm_symbols();
  const uint16_t major = cf_->major_version;
  in_.need(8);  // access_flags, name_index, descriptor_index, attributes_count
  uint32_t flags = m.access_flags = in_.u2();
  m.name_index = in_.u2();
  if (!is_utf8(m.name_index)) {
    return error("Illegal constant pool index {} for method name in class file {}", m.name_index,
                 name());
  }
  m.name = symbol(m.name_index);
  CHECK_OK(check_method_name(m.name));
  m.descriptor_index = in_.u2();
  if (!is_utf8(m.descriptor_index)) {
    return error("Illegal constant pool index {} for method signature in class file {}",
                 m.descriptor_index, name());
  }
  m.descriptor = symbol(m.descriptor_index);

  if (m.name == vm.class_initializer_name) {
    // JVMS §4.6: other flags of <clinit> are ignored; from version 51 it
    // must be static.
    if (major < kJava7) {
      flags = kAccStatic;
    } else if (flags & kAccStatic) {
      flags &= kAccStatic | (major <= kJava16 ? kAccStrict : 0);
    } else {
      return error("Method <clinit> is not static in class file {}", name());
    }
  } else {
    CHECK_OK(check_method_modifiers(flags, m.name));
  }
  if (m.name == vm.object_initializer_name && cf_->is_interface()) {
    return error("Interface cannot have a method named <init>, class file {}", name());
  }
  m.signature = TRY(check_method_descriptor(m.name, m.descriptor));
  const uint32_t args_size = ((flags & kAccStatic) ? 0 : 1) + m.signature.arg_slots;
  if (args_size > kMaxArgsSize) {
    return error("Too many arguments in method signature in class file {}", name());
  }
  return parse_method_attributes(m, flags & kRecognizedMethodFlags, args_size);
}

Result<void> Parser::check_end() {
  if (!in_.at_end()) return error("Extra bytes at the end of class file {}", name());
  const WellKnownSymbols& vm = vm_symbols();
  if (cf_->this_class == vm.java_lang_Object && !cf_->interfaces.empty()) {
    return error("java.lang.Object cannot implement an interface in class file {}", name());
  }
  if (cf_->is_interface() && cf_->super_class != vm.java_lang_Object) {
    return error("Interfaces must have java.lang.Object as superclass in class file {}", name());
  }
  return {};
}

// --- modifiers (HotSpot verify_legal_*_modifiers; JVMS §4.1, §4.5, §4.6) ----

Result<void> Parser::check_class_modifiers(uint32_t flags) {
  if ((flags & kAccModule) && !options_.allow_module_info) {
    return make_error(
        kNoClassDefFoundError,
        fmt::format("{} is not a class because access_flag ACC_MODULE is set", name()));
  }
  const bool is_interface = flags & kAccInterface;
  const bool is_abstract = flags & kAccAbstract;
  const bool is_final = flags & kAccFinal;
  const bool is_super = flags & kAccSuper;
  const bool is_enum = flags & kAccEnum;
  const bool is_annotation = flags & kAccAnnotation;
  const bool java5 = cf_->major_version >= kJava5;
  if ((is_abstract && is_final) || (is_interface && !is_abstract) ||
      (is_interface && java5 && (is_super || is_enum)) ||
      (!is_interface && java5 && is_annotation)) {
    return error("Illegal class modifiers in class {}: 0x{:X}", name(), flags);
  }
  return {};
}

namespace {
bool has_illegal_visibility(uint32_t flags) {
  const int n =
      ((flags & kAccPublic) != 0) + ((flags & kAccProtected) != 0) + ((flags & kAccPrivate) != 0);
  return n > 1;
}
}  // namespace

Result<void> Parser::check_field_modifiers(uint32_t flags) {
  const bool is_public = flags & kAccPublic;
  const bool is_protected = flags & kAccProtected;
  const bool is_private = flags & kAccPrivate;
  const bool is_static = flags & kAccStatic;
  const bool is_final = flags & kAccFinal;
  const bool is_volatile = flags & kAccVolatile;
  const bool is_transient = flags & kAccTransient;
  const bool is_enum = flags & kAccEnum;
  bool illegal;
  if (cf_->is_interface()) {
    illegal = !is_public || !is_static || !is_final || is_private || is_protected || is_volatile ||
              is_transient || (cf_->major_version >= kJava5 && is_enum);
  } else {
    illegal = has_illegal_visibility(flags) || (is_final && is_volatile);
  }
  if (illegal) return error("Illegal field modifiers in class {}: 0x{:X}", name(), flags);
  return {};
}

Result<void> Parser::check_method_modifiers(uint32_t flags, const Symbol* method_name) {
  const bool is_public = flags & kAccPublic;
  const bool is_private = flags & kAccPrivate;
  const bool is_static = flags & kAccStatic;
  const bool is_final = flags & kAccFinal;
  const bool is_native = flags & kAccNative;
  const bool is_abstract = flags & kAccAbstract;
  const bool is_bridge = flags & kAccBridge;
  const bool is_strict = flags & kAccStrict;
  const bool is_synchronized = flags & kAccSynchronized;
  const bool is_protected = flags & kAccProtected;
  const uint16_t major = cf_->major_version;
  const bool java5 = major >= kJava5;
  const bool java17 = major >= kJava17;
  const bool is_initializer = method_name == vm_symbols().object_initializer_name;
  bool illegal = false;
  if (cf_->is_interface()) {
    if (major >= kJava8) {
      illegal = (is_public == is_private) ||
                (is_native || is_protected || is_final || is_synchronized) ||
                (is_abstract && (is_private || is_static || (!java17 && is_strict)));
    } else if (java5) {
      illegal = !is_public || is_private || is_protected || is_static || is_final ||
                is_synchronized || is_native || !is_abstract || is_strict;
    } else {
      illegal = !is_public || is_static || is_final || is_native || !is_abstract;
    }
  } else if (has_illegal_visibility(flags)) {
    illegal = true;
  } else if (is_initializer) {
    illegal = is_static || is_final || is_synchronized || is_native || is_abstract ||
              (java5 && is_bridge);
  } else if (is_abstract) {
    illegal = is_final || is_native || is_private || is_static ||
              (java5 && (is_synchronized || (!java17 && is_strict)));
  }
  if (illegal) {
    return error("Method {} in class {} has illegal modifiers: 0x{:X}", text(method_name), name(),
                 flags);
  }
  return {};
}

// --- names and descriptors (JVMS §4.2, §4.3) ---------------------------------

Result<void> Parser::check_class_name(const Symbol* class_name) {
  const std::string_view s = class_name->view();
  bool legal;
  if (!s.empty() && s[0] == '[') {
    DescriptorError why;
    legal = parse_field_descriptor(s, &why).ok();
    if (!legal && why == DescriptorError::kTooManyDimensions) {
      return error("Array type descriptor has more than 255 dimensions in class file {}", name());
    }
    if (!legal && why == DescriptorError::kIllegalClassName) {
      return error(
          "Class name is empty or contains illegal character in descriptor in class "
          "file {}",
          name());
    }
  } else {
    legal = is_valid_binary_name(s);
  }
  if (!legal) return error("Illegal class name \"{}\" in class file {}", text(class_name), name());
  return {};
}

Result<void> Parser::check_field_name(const Symbol* field_name) {
  if (!is_valid_unqualified_name(field_name->view())) {
    return error("Illegal field name \"{}\" in class {}", text(field_name), name());
  }
  return {};
}

Result<void> Parser::check_method_name(const Symbol* method_name) {
  if (!is_valid_method_name(method_name->view())) {
    return error("Illegal method name \"{}\" in class {}", text(method_name), name());
  }
  return {};
}

Result<FieldType> Parser::check_field_descriptor(const Symbol* field_name, const Symbol* descriptor,
                                                 const char* kind) {
  DescriptorError why;
  Result<FieldType> type = parse_field_descriptor(descriptor->view(), &why);
  if (type.ok()) return type;
  switch (why) {
    case DescriptorError::kTooManyDimensions:
      return error("Array type descriptor has more than 255 dimensions in class file {}", name());
    case DescriptorError::kIllegalClassName:
      return error(
          "Class name is empty or contains illegal character in descriptor in class "
          "file {}",
          name());
    case DescriptorError::kMalformed:
      break;
  }
  return error("{} \"{}\" in class {} has illegal signature \"{}\"", kind, text(field_name), name(),
               text(descriptor));
}

// HotSpot verify_legal_method_signature: also, <clinit> takes no arguments
// (version 51+) and methods named <...> return void.
Result<MethodSignature> Parser::check_method_descriptor(const Symbol* method_name,
                                                        const Symbol* descriptor) {
  const WellKnownSymbols& vm = vm_symbols();
  auto illegal = [&] {
    return error("Method \"{}\" in class {} has illegal signature \"{}\"", text(method_name),
                 name(), text(descriptor));
  };
  if (method_name == vm.class_initializer_name && descriptor != vm.void_method_signature &&
      cf_->major_version >= kJava7) {
    return illegal();
  }
  DescriptorError why;
  Result<MethodSignature> sig = parse_method_descriptor(descriptor->view(), &why);
  if (!sig.ok()) {
    switch (why) {
      case DescriptorError::kTooManyDimensions:
        return error("Array type descriptor has more than 255 dimensions in class file {}", name());
      case DescriptorError::kIllegalClassName:
        return error(
            "Class name is empty or contains illegal character in descriptor in class "
            "file {}",
            name());
      case DescriptorError::kMalformed:
        return illegal();
    }
  }
  if (method_name->byte_at(0) == '<' && !sig->return_type.is_void()) return illegal();
  return sig;
}

}  // namespace detail

Result<std::unique_ptr<ClassFile>> parse_class_file(std::span<const uint8_t> bytes,
                                                    std::string_view expected_name,
                                                    const ParseOptions& options) {
  return detail::Parser(bytes, expected_name, options).run();
}

}  // namespace minijvm::classfile
