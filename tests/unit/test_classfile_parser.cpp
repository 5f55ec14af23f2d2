// The class-file parser on javac output (tests/java/parser/*.java, compiled
// into MINIJVM_TEST_CLASSES) and on hand-built malformed class files, each of
// which must give HotSpot's error text.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "vm/classfile/parser.h"

namespace fs = std::filesystem;
using namespace minijvm;
using namespace minijvm::classfile;

namespace {

std::vector<uint8_t> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

fs::path classes_dir() { return fs::path(MINIJVM_TEST_CLASSES); }

std::unique_ptr<ClassFile> load(const std::string& name) {
  const std::vector<uint8_t> bytes = read_file(classes_dir() / (name + ".class"));
  REQUIRE_MESSAGE(!bytes.empty(), "missing test class " << name);
  auto result = parse_class_file(bytes, name);
  REQUIRE_MESSAGE(result.ok(), result.error().to_string());
  return std::move(result).value();
}

const MethodInfo& method(const ClassFile& cf, std::string_view name) {
  for (const MethodInfo& m : cf.methods) {
    if (m.name->equals(name)) return m;
  }
  FAIL("no method " << name);
  throw 0;  // unreachable
}

const FieldInfo& field(const ClassFile& cf, std::string_view name) {
  for (const FieldInfo& f : cf.fields) {
    if (f.name->equals(name)) return f;
  }
  FAIL("no field " << name);
  throw 0;
}

// --- a small class-file assembler for the malformed cases --------------------

struct Out {
  std::vector<uint8_t> b;
  void u1(uint32_t v) { b.push_back(static_cast<uint8_t>(v)); }
  void u2(uint32_t v) {
    u1(v >> 8);
    u1(v);
  }
  void u4(uint32_t v) {
    u2(v >> 16);
    u2(v);
  }
  void bytes(std::string_view s) { b.insert(b.end(), s.begin(), s.end()); }
  void bytes(const std::vector<uint8_t>& v) { b.insert(b.end(), v.begin(), v.end()); }
};

struct Attr {
  uint16_t name_index;
  std::vector<uint8_t> body;
  int length_delta = 0;  // added to the real length in the header
};

class ClassBuilder {
 public:
  explicit ClassBuilder(std::string_view name = "Foo",
                        std::string_view super = "java/lang/Object") {
    this_class = cls(name);
    super_class = super.empty() ? 0 : cls(super);
  }

  uint16_t major = 61;
  uint16_t minor = 0;
  uint16_t flags = kAccPublic | kAccSuper;
  uint16_t this_class;
  uint16_t super_class;
  std::vector<uint16_t> interfaces;
  int cp_count_delta = 0;

  uint16_t utf8(std::string_view s) {
    pool_.u1(1);
    pool_.u2(static_cast<uint32_t>(s.size()));
    pool_.bytes(s);
    return next_++;
  }
  uint16_t cls(std::string_view name) { return ref1(7, utf8(name)); }
  uint16_t string(std::string_view s) { return ref1(8, utf8(s)); }
  uint16_t integer(int32_t v) {
    pool_.u1(3);
    pool_.u4(static_cast<uint32_t>(v));
    return next_++;
  }
  uint16_t long_value(int64_t v) {
    pool_.u1(5);
    pool_.u4(static_cast<uint32_t>(static_cast<uint64_t>(v) >> 32));
    pool_.u4(static_cast<uint32_t>(v));
    const uint16_t index = next_;
    next_ += 2;
    return index;
  }
  uint16_t nat(std::string_view name, std::string_view desc) {
    return ref2(12, utf8(name), utf8(desc));
  }
  uint16_t methodref(std::string_view owner, std::string_view name, std::string_view desc) {
    return ref2(10, cls(owner), nat(name, desc));
  }
  uint16_t method_handle(uint8_t kind, uint16_t ref) {
    pool_.u1(15);
    pool_.u1(kind);
    pool_.u2(ref);
    return next_++;
  }
  uint16_t ref1(uint8_t tag, uint16_t a) {
    pool_.u1(tag);
    pool_.u2(a);
    return next_++;
  }
  uint16_t ref2(uint8_t tag, uint16_t a, uint16_t b) {
    pool_.u1(tag);
    pool_.u2(a);
    pool_.u2(b);
    return next_++;
  }
  // Appends raw bytes as one constant-pool entry.
  uint16_t raw_entry(const std::vector<uint8_t>& bytes) {
    pool_.bytes(bytes);
    return next_++;
  }

  Attr attr(std::string_view name, std::vector<uint8_t> body) { return Attr{utf8(name), body}; }
  Attr u2_attr(std::string_view name, uint16_t value) {
    return attr(name, {static_cast<uint8_t>(value >> 8), static_cast<uint8_t>(value)});
  }

  struct Handler {
    uint16_t start, end, handler, type;
  };
  Attr code(uint16_t max_stack, uint16_t max_locals, std::vector<uint8_t> code_bytes,
            std::vector<Handler> handlers = {}, std::vector<Attr> nested = {}) {
    Out o;
    o.u2(max_stack);
    o.u2(max_locals);
    o.u4(static_cast<uint32_t>(code_bytes.size()));
    o.bytes(code_bytes);
    o.u2(static_cast<uint32_t>(handlers.size()));
    for (const Handler& h : handlers) {
      o.u2(h.start);
      o.u2(h.end);
      o.u2(h.handler);
      o.u2(h.type);
    }
    write_attrs(o, nested);
    return attr("Code", o.b);
  }

  void field(uint16_t access, std::string_view name, std::string_view desc,
             std::vector<Attr> attrs = {}) {
    member(fields_, access, name, desc, attrs);
    ++field_count_;
  }
  void method(uint16_t access, std::string_view name, std::string_view desc,
              std::vector<Attr> attrs) {
    member(methods_, access, name, desc, attrs);
    ++method_count_;
  }
  // A method whose body is `return`.
  void void_method(std::string_view name, uint16_t access = kAccPublic | kAccStatic) {
    method(access, name, "()V", {code(0, 0, {0xB1})});
  }
  void class_attr(Attr a) { class_attrs_.push_back(std::move(a)); }

  std::vector<uint8_t> bytes() const {
    Out o;
    o.u4(0xCAFEBABE);
    o.u2(minor);
    o.u2(major);
    o.u2(static_cast<uint32_t>(next_ + cp_count_delta));
    o.bytes(pool_.b);
    o.u2(flags);
    o.u2(this_class);
    o.u2(super_class);
    o.u2(static_cast<uint32_t>(interfaces.size()));
    for (uint16_t i : interfaces) o.u2(i);
    o.u2(field_count_);
    o.bytes(fields_.b);
    o.u2(method_count_);
    o.bytes(methods_.b);
    write_attrs(o, class_attrs_);
    return o.b;
  }

 private:
  static void write_attrs(Out& o, const std::vector<Attr>& attrs) {
    o.u2(static_cast<uint32_t>(attrs.size()));
    for (const Attr& a : attrs) {
      o.u2(a.name_index);
      o.u4(static_cast<uint32_t>(a.body.size() + a.length_delta));
      o.bytes(a.body);
    }
  }
  void member(Out& out, uint16_t access, std::string_view name, std::string_view desc,
              const std::vector<Attr>& attrs) {
    const uint16_t n = utf8(name);
    const uint16_t d = utf8(desc);
    out.u2(access);
    out.u2(n);
    out.u2(d);
    write_attrs(out, attrs);
  }

  Out pool_;
  uint16_t next_ = 1;
  Out fields_;
  uint16_t field_count_ = 0;
  Out methods_;
  uint16_t method_count_ = 0;
  std::vector<Attr> class_attrs_;
};

// Parses `bytes` expecting failure with exactly this exception and message.
void check_error(const std::vector<uint8_t>& bytes, const std::string& message,
                 const std::string& exception = "java/lang/ClassFormatError",
                 std::string_view expected_name = "Foo", const ParseOptions& options = {}) {
  auto result = parse_class_file(bytes, expected_name, options);
  REQUIRE_MESSAGE(!result.ok(), "expected: " << message);
  CHECK(result.error().exception == exception);
  CHECK(result.error().message == message);
}

}  // namespace

TEST_SUITE("class-file parser: javac output") {
  TEST_CASE("every compiled test class parses under its own name") {
    REQUIRE(fs::is_directory(classes_dir()));
    int count = 0;
    for (const auto& entry : fs::recursive_directory_iterator(classes_dir())) {
      if (entry.path().extension() != ".class") continue;
      std::string name = fs::relative(entry.path(), classes_dir()).replace_extension().string();
      CAPTURE(name);
      auto result = parse_class_file(read_file(entry.path()), name);
      REQUIRE_MESSAGE(result.ok(), result.error().to_string());
      CHECK(result.value()->this_class->view() == name);
      ++count;
    }
    CHECK(count >= 14);
  }

  TEST_CASE("header, constant pool and a method of ParserLambda") {
    auto cf = load("parser/ParserLambda");
    CHECK(cf->major_version == 61);
    CHECK(cf->minor_version == 0);
    CHECK(cf->access_flags == (kAccPublic | kAccSuper));
    CHECK(cf->super_class == vm_symbols().java_lang_Object);
    CHECK(cf->interfaces.empty());
    CHECK(cf->fields.empty());
    CHECK(cf->methods.size() == 5u);
    CHECK(cf->source_file->view() == "ParserLambda.java");
    CHECK(cf->constant_pool.class_name(cf->this_class_index) == cf->this_class);

    const MethodInfo& apply = method(*cf, "apply");
    CHECK(apply.access_flags == kAccStatic);
    CHECK(apply.descriptor->view() == "(Ljava/util/function/IntBinaryOperator;II)I");
    CHECK(apply.signature.params.size() == 3u);
    CHECK(apply.signature.arg_slots == 3u);
    CHECK(apply.signature.return_type.type == BasicType::kInt);
    REQUIRE(apply.code);
    CHECK(apply.code->max_stack == 3);
    CHECK(apply.code->max_locals == 3);
    CHECK(apply.code->code.size() == 9u);
    CHECK(apply.code->code[3] == 0xB9);  // invokeinterface
    REQUIRE(apply.code->line_numbers.size() == 1u);
    CHECK(apply.code->line_numbers[0].start_pc == 0);
    CHECK(apply.code->line_numbers[0].line_number == 10);
    REQUIRE(apply.code->local_variables.size() == 3u);
    CHECK(apply.code->local_variables[0].name->view() == "op");
    CHECK(apply.code->local_variables[2].index == 2);

    const MethodInfo& run = method(*cf, "run");
    REQUIRE(run.code);
    CHECK(run.code->max_stack == 3);
    CHECK(run.code->code.size() == 34u);
    REQUIRE(run.code->line_numbers.size() == 3u);
    CHECK(run.code->line_numbers[1].start_pc == 12);
    CHECK(run.code->line_numbers[1].line_number == 15);
    REQUIRE(run.code->local_variable_types.size() == 1u);
    CHECK(run.code->local_variable_types[0].descriptor->view() ==
          "Ljava/util/function/Supplier<Ljava/lang/String;>;");

    // The invokeinterface operand is a typed InterfaceMethodref.
    const uint16_t ref = static_cast<uint16_t>((apply.code->code[4] << 8) | apply.code->code[5]);
    CHECK(cf->constant_pool.tag(ref) == CpTag::kInterfaceMethodref);
    const MemberRef m = cf->constant_pool.member_ref(ref);
    CHECK(m.class_name->view() == "java/util/function/IntBinaryOperator");
    CHECK(m.name->view() == "applyAsInt");
    CHECK(m.descriptor->view() == "(II)I");
  }

  TEST_CASE("bootstrap methods of a class with lambdas") {
    auto cf = load("parser/ParserLambda");
    const ConstantPool& cp = cf->constant_pool;
    REQUIRE(cf->bootstrap_methods);
    const auto& bsms = *cf->bootstrap_methods;
    REQUIRE(bsms.size() == 3u);

    const MethodHandleRef mh = cp.method_handle(bsms[0].method_handle_index);
    CHECK(mh.kind == RefKind::kInvokeStatic);
    const MemberRef metafactory = cp.member_ref(mh.reference_index);
    CHECK(metafactory.class_name->view() == "java/lang/invoke/LambdaMetafactory");
    CHECK(metafactory.name->view() == "metafactory");
    REQUIRE(bsms[0].arguments.size() == 3u);
    CHECK(cp.tag(bsms[0].arguments[0]) == CpTag::kMethodType);
    CHECK(cp.method_type(bsms[0].arguments[0])->view() == "(II)I");
    const MethodHandleRef impl = cp.method_handle(bsms[0].arguments[1]);
    CHECK(cp.member_ref(impl.reference_index).name->view() == "lambda$run$0");

    const MethodHandleRef ctor = cp.method_handle(bsms[1].arguments[1]);
    CHECK(ctor.kind == RefKind::kNewInvokeSpecial);
    CHECK(cp.member_ref(ctor.reference_index).name == vm_symbols().object_initializer_name);

    CHECK(cp.member_ref(cp.method_handle(bsms[2].method_handle_index).reference_index).class_name ==
          vm_symbols().java_lang_invoke_StringConcatFactory);
    REQUIRE(bsms[2].arguments.size() == 1u);
    CHECK(cp.string(bsms[2].arguments[0])->view() == "sum=\x01\x01");

    // Every InvokeDynamic names one of them.
    int indy = 0;
    for (uint32_t i = 1; i < cp.count(); ++i) {
      if (cp.tag(static_cast<uint16_t>(i)) != CpTag::kInvokeDynamic) continue;
      const DynamicRef d = cp.dynamic(static_cast<uint16_t>(i));
      CHECK(d.bootstrap_method_index < bsms.size());
      CHECK(d.name != nullptr);
      ++indy;
    }
    CHECK(indy == 3);
    CHECK(cp_tag_name(CpTag::kInvokeDynamic) == "InvokeDynamic");
    CHECK(ref_kind_name(RefKind::kNewInvokeSpecial) == "REF_newInvokeSpecial");
  }

  TEST_CASE("a record's Record attribute") {
    auto cf = load("parser/ParserRecord");
    CHECK(cf->super_class == vm_symbols().java_lang_Record);
    CHECK((cf->access_flags & kAccFinal) != 0);
    REQUIRE(cf->record);
    const auto& components = *cf->record;
    REQUIRE(components.size() == 3u);
    CHECK(components[0].name->view() == "x");
    CHECK(components[0].type.type == BasicType::kInt);
    CHECK(components[1].name->view() == "name");
    CHECK(components[1].descriptor == vm_symbols().string_signature);
    CHECK(components[2].name->view() == "tags");
    CHECK(components[2].type.class_name == intern("java/util/List"));
    REQUIRE(components[2].generic_signature);
    CHECK(components[2].generic_signature->view() == "Ljava/util/List<Ljava/lang/String;>;");
    CHECK(components[0].generic_signature == nullptr);
    CHECK(field(*cf, "x").access_flags == (kAccPrivate | kAccFinal));
    CHECK(method(*cf, "twice").code->max_stack == 2);
  }

  TEST_CASE("nest host and nest members of inner classes") {
    auto outer = load("parser/ParserOuter");
    CHECK(outer->nest_host == nullptr);
    REQUIRE(outer->nest_member_indices);
    std::vector<std::string> members;
    for (const Symbol* s : outer->nest_members) members.push_back(s->str());
    std::sort(members.begin(), members.end());
    CHECK(members == std::vector<std::string>{"parser/ParserOuter$1", "parser/ParserOuter$Inner",
                                              "parser/ParserOuter$Nested"});
    REQUIRE(outer->inner_classes);
    CHECK(outer->inner_classes->size() == 3u);

    auto inner = load("parser/ParserOuter$Inner");
    REQUIRE(inner->nest_host);
    CHECK(inner->nest_host->view() == "parser/ParserOuter");
    CHECK(!inner->nest_member_indices);
    REQUIRE(inner->inner_classes);
    REQUIRE(inner->inner_classes->size() == 1u);
    const InnerClass& ic = (*inner->inner_classes)[0];
    CHECK(ic.inner_class->view() == "parser/ParserOuter$Inner");
    CHECK(ic.outer_class->view() == "parser/ParserOuter");
    CHECK(ic.inner_name->view() == "Inner");
    CHECK(ic.access_flags == kAccPublic);
    // The synthetic this$0 field of an inner class.
    CHECK((field(*inner, "this$0").access_flags & kAccSynthetic) != 0);

    auto anon = load("parser/ParserOuter$1");
    REQUIRE(anon->enclosing_method);
    CHECK(anon->enclosing_method->class_name->view() == "parser/ParserOuter");
    CHECK(anon->enclosing_method->method_name->view() == "anonymous");
    CHECK(anon->enclosing_method->method_descriptor->view() == "()Ljava/lang/Runnable;");
    CHECK(anon->interfaces.size() == 1u);

    auto nested = load("parser/ParserOuter$Nested");
    const FieldInfo& greeting = field(*nested, "GREETING");
    REQUIRE(greeting.constant_value_index != 0);
    CHECK(nested->constant_pool.string(greeting.constant_value_index)->view() == "hi");
  }

  TEST_CASE("constants, exceptions, switches and flags of ParserFeatures") {
    auto cf = load("parser/ParserFeatures");
    const ConstantPool& cp = cf->constant_pool;
    CHECK((cf->access_flags & kAccAbstract) != 0);
    CHECK(cf->generic_signature->view() ==
          "<T::Ljava/lang/Comparable<TT;>;>Ljava/lang/Object;Ljava/lang/Comparable<Lparser/"
          "ParserFeatures<TT;>;>;");
    CHECK(cf->annotations.runtime_visible.has_value());
    CHECK(cp.integer(field(*cf, "INT_CONST").constant_value_index) == 123456);
    CHECK(cp.long_value(field(*cf, "LONG_CONST").constant_value_index) == 1234567890123LL);
    CHECK(cp.float_value(field(*cf, "FLOAT_CONST").constant_value_index) == 1.5f);
    CHECK(cp.double_value(field(*cf, "DOUBLE_CONST").constant_value_index) == 2.25);
    CHECK(cp.integer(field(*cf, "BOOL_CONST").constant_value_index) == 1);
    CHECK(cp.integer(field(*cf, "CHAR_CONST").constant_value_index) == 'x');
    const Symbol* s = cp.string(field(*cf, "STRING_CONST").constant_value_index);
    CHECK(s->to_utf8() == "constant \xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80");
    CHECK(field(*cf, "items").generic_signature->view() == "Ljava/util/List<TT;>;");
    CHECK(field(*cf, "grid").type.dimensions == 2);
    CHECK(field(*cf, "old").deprecated);
    CHECK(field(*cf, "counter").access_flags == (kAccPrivate | kAccVolatile));

    CHECK(!method(*cf, "first").code);
    CHECK(!method(*cf, "nativeClock").code);
    CHECK(method(*cf, "nativeClock").is_native());
    CHECK(method(*cf, "bump").access_flags == (kAccPublic | kAccSynchronized));

    const MethodInfo& table = method(*cf, "tableSwitch");
    CHECK(table.code->code[1] == 0xAA);  // tableswitch
    CHECK(table.annotations.runtime_visible.has_value());
    CHECK(method(*cf, "lookupSwitch").code->code[1] == 0xAB);  // lookupswitch

    const MethodInfo& mix = method(*cf, "mix");
    CHECK((mix.access_flags & kAccVarargs) != 0);
    CHECK(mix.signature.arg_slots == 5u);
    CHECK(mix.code->max_locals == 11);
    CHECK(mix.code->max_stack == 4);
    CHECK(java_parameter_list(mix.signature) == "long, double, int[]");

    const MethodInfo& read = method(*cf, "readFirst");
    REQUIRE(read.exceptions.size() == 2u);
    CHECK(read.exceptions[0]->view() == "java/io/IOException");
    CHECK(read.exceptions[1]->view() == "java/lang/InterruptedException");
    REQUIRE(read.code->exception_table.size() >= 3u);
    CHECK(read.code->exception_table[0].catch_type->view() == "java/lang/IllegalStateException");
    CHECK(std::any_of(read.code->exception_table.begin(), read.code->exception_table.end(),
                      [](const ExceptionHandler& h) { return h.catch_type == nullptr; }));
    CHECK(read.code->stack_map_table.has_value());

    const MethodInfo& cube = method(*cf, "cube");
    CHECK(java_type_name(cube.signature.return_type) == "int[][][]");
    CHECK(cube.runtime_visible_parameter_annotations.has_value());
    CHECK(method(*cf, "generic").generic_signature->view() == "<U:TT;>(TU;)TU;");
  }

  TEST_CASE("interfaces, enums, sealed hierarchies and annotation types") {
    auto itf = load("parser/ParserInterface");
    CHECK(itf->is_interface());
    CHECK((itf->access_flags & kAccAbstract) != 0);
    CHECK(method(*itf, "size").is_abstract());
    CHECK(method(*itf, "isEmpty").code.has_value());
    CHECK(method(*itf, "empty").is_static());
    CHECK((method(*itf, "half").access_flags & kAccPrivate) != 0);
    CHECK(itf->bootstrap_methods.has_value());
    CHECK(itf->constant_pool.integer(field(*itf, "LIMIT").constant_value_index) == 10);

    auto en = load("parser/ParserEnum");
    CHECK((en->access_flags & kAccEnum) != 0);
    CHECK(en->super_class == vm_symbols().java_lang_Enum);
    CHECK(en->generic_signature->view() == "Ljava/lang/Enum<Lparser/ParserEnum;>;");
    CHECK((field(*en, "RED").access_flags & kAccEnum) != 0);
    CHECK(method(*en, "<clinit>").is_static());
    const MethodInfo& ctor = method(*en, "<init>");
    CHECK(ctor.signature.arg_slots == 3u);  // name, ordinal, bits

    auto sealed = load("parser/ParserSealed");
    REQUIRE(sealed->permitted_subclass_indices);
    REQUIRE(sealed->permitted_subclasses.size() == 2u);
    CHECK(sealed->permitted_subclasses[0]->view() == "parser/ParserSealed$Circle");
    CHECK(sealed->permitted_subclasses[1]->view() == "parser/ParserSealed$Square");
    CHECK(load("parser/ParserSealed$Circle")->record.has_value());

    auto ann = load("parser/ParserAnnotation");
    CHECK((ann->access_flags & kAccAnnotation) != 0);
    CHECK(ann->interfaces.size() == 1u);
    CHECK(method(*ann, "value").annotation_default.has_value());
    CHECK(method(*ann, "classes").annotation_default.has_value());
    CHECK(ann->annotations.runtime_visible.has_value());
  }
}

TEST_SUITE("class-file parser: malformed input") {
  TEST_CASE("a minimal hand-built class parses") {
    ClassBuilder b;
    b.void_method("m");
    auto result = parse_class_file(b.bytes());
    REQUIRE_MESSAGE(result.ok(), result.error().to_string());
    CHECK(result.value()->this_class->view() == "Foo");
    CHECK(result.value()->methods[0].code->code == std::vector<uint8_t>{0xB1});
  }

  TEST_CASE("truncation, magic and versions") {
    check_error({}, "Truncated class file");
    check_error({0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0}, "Truncated class file");
    ClassBuilder b;
    std::vector<uint8_t> bytes = b.bytes();
    bytes[3] = 0xBF;
    check_error(bytes, "Incompatible magic value 3405691583 in class file Foo");
    check_error(bytes, "Incompatible magic value 3405691583 in class file <Unknown>",
                "java/lang/ClassFormatError", "");

    b.major = 62;
    check_error(b.bytes(),
                "Foo has been compiled by a more recent version of the Java Runtime (class file "
                "version 62.0), this version of the Java Runtime only recognizes class file "
                "versions up to 61.0",
                "java/lang/UnsupportedClassVersionError");
    b.major = 44;
    check_error(b.bytes(),
                "Foo (class file version 44.0) was compiled with an invalid major version",
                "java/lang/UnsupportedClassVersionError");
    b.major = 60;
    b.minor = 1;
    check_error(b.bytes(),
                "Foo (class file version 60.1) was compiled with an invalid non-zero minor version",
                "java/lang/UnsupportedClassVersionError");
    b.minor = 65535;
    check_error(b.bytes(),
                "Foo (class file version 60.65535) was compiled with preview features that are "
                "unsupported. This version of the Java Runtime only recognizes preview features "
                "for class file version 61.65535",
                "java/lang/UnsupportedClassVersionError");
    b.major = 61;
    CHECK(parse_class_file(b.bytes(), "Foo").ok());  // Java 17 preview
    ParseOptions no_preview;
    no_preview.enable_preview = false;
    check_error(b.bytes(),
                "Preview features are not enabled for Foo (class file version 61.65535). Try "
                "running with '--enable-preview'",
                "java/lang/UnsupportedClassVersionError", "Foo", no_preview);
    b.major = 45;  // any minor is fine before 56
    b.minor = 3;
    CHECK(parse_class_file(b.bytes(), "Foo").ok());
  }

  TEST_CASE("constant pool entries and references") {
    {
      std::vector<uint8_t> bytes = ClassBuilder().bytes();
      bytes[8] = 0;
      bytes[9] = 0;
      check_error(bytes, "Illegal constant pool size 0 in class file Foo");
    }
    {
      ClassBuilder b;
      b.raw_entry({2, 0, 0});
      check_error(b.bytes(), "Unknown constant tag 2 in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t name = b.utf8("x");
      b.ref2(10, name, name);  // Methodref whose class_index is a Utf8
      check_error(b.bytes(),
                  "Invalid constant pool index " + std::to_string(name) + " in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t c = b.cls("Bar");
      b.ref2(9, c, c);  // Fieldref whose name_and_type_index is a Class
      check_error(b.bytes(),
                  "Invalid constant pool index " + std::to_string(c) + " in class file Foo");
    }
    {
      ClassBuilder b;
      b.ref1(7, 999);  // Class naming an index past the end
      check_error(b.bytes(), "Invalid constant pool index 999 in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t m = b.methodref("Bar", "m", "()V");
      const uint16_t mh = b.method_handle(10, m);
      check_error(b.bytes(), "Bad method handle kind at constant pool index " + std::to_string(mh) +
                                 " in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t m = b.methodref("Bar", "m", "()V");
      b.method_handle(1, m);  // REF_getField needs a Fieldref
      check_error(b.bytes(), "Invalid constant pool index " + std::to_string(m) +
                                 " in class file Foo (not a field)");
    }
    {
      ClassBuilder b;
      const uint16_t c = b.cls("Bar");
      const uint16_t n = b.utf8("m");
      const uint16_t m = b.ref2(10, c, b.ref2(12, n, b.utf8("()V")));
      b.method_handle(8, m);  // REF_newInvokeSpecial needs <init>
      check_error(b.bytes(), "Bad constructor name at constant pool index " + std::to_string(n) +
                                 " in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t c = b.cls("Bar");
      const uint16_t n = b.utf8("<clinit>");
      b.ref2(10, c, b.ref2(12, n, b.utf8("()V")));
      check_error(b.bytes(), "Bad method name at constant pool index " + std::to_string(n) +
                                 " in class file Foo");
    }
    {
      ClassBuilder b;
      b.ref2(9, b.cls("Bar"), b.nat("f", "()V"));  // a Fieldref with a method descriptor
      check_error(b.bytes(), "Field \"f\" in class Foo has illegal signature \"()V\"");
    }
    {
      ClassBuilder b;
      b.raw_entry({18, 0, 0, 0, 0});  // InvokeDynamic pointing at index 0
      check_error(b.bytes(), "Invalid constant pool index 0 in class file Foo");
    }
    {
      ClassBuilder b;
      b.ref2(18, 0, b.nat("run", "()Ljava/lang/Runnable;"));
      check_error(b.bytes(), "Missing BootstrapMethods attribute in class file Foo");
    }
    {
      ClassBuilder b;
      b.major = 50;
      b.ref2(18, 0, b.nat("run", "()V"));
      check_error(b.bytes(),
                  "Class file version does not support constant tag 18 in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t index = b.raw_entry({5, 0, 0, 0, 0, 0, 0, 0, 1});  // a Long in the last slot
      check_error(b.bytes(),
                  "Invalid constant pool entry " + std::to_string(index) + " in class file Foo");
    }
    {
      ClassBuilder b;
      b.utf8(std::string("a\0b", 3));
      check_error(b.bytes(), "Illegal UTF8 string in constant pool in class file Foo");
    }
    {
      ClassBuilder b;
      b.utf8("\xF0\x9F\x98\x80");  // the 4-byte form of U+1F600
      check_error(b.bytes(), "Illegal UTF8 string in constant pool in class file Foo");
    }
    {
      ClassBuilder b;
      b.cls("a//b");
      check_error(b.bytes(), "Illegal class name \"a//b\" in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t n = b.utf8("");
      b.ref2(12, n, b.utf8("I"));
      check_error(b.bytes(), "Illegal zero length constant pool entry at " + std::to_string(n) +
                                 " in class Foo");
    }
    {
      ClassBuilder b;
      b.raw_entry({19, 0, 1});  // CONSTANT_Module outside a module-info
      check_error(b.bytes(), "Unknown constant tag 19 in class file Foo");
    }
  }

  TEST_CASE("class header") {
    {
      ClassBuilder b;
      b.this_class = b.utf8("Foo");
      check_error(b.bytes(), "Invalid this class index " + std::to_string(b.this_class) +
                                 " in constant pool in class file Foo");
    }
    check_error(ClassBuilder("Foo").bytes(), "bar/Foo (wrong name: Foo)",
                "java/lang/NoClassDefFoundError", "bar/Foo");
    {
      ClassBuilder b("Foo", "");
      check_error(b.bytes(), "Invalid superclass index 0 in class file Foo");
    }
    {
      ClassBuilder b("Foo", "[I");
      check_error(b.bytes(), "Bad superclass name in class file Foo");
    }
    {
      ClassBuilder b;
      b.flags = kAccPublic | kAccFinal | kAccAbstract;
      check_error(b.bytes(), "Illegal class modifiers in class Foo: 0x411");
    }
    {
      ClassBuilder b;
      b.flags = kAccModule;
      check_error(b.bytes(), "Foo is not a class because access_flag ACC_MODULE is set",
                  "java/lang/NoClassDefFoundError");
    }
    {
      ClassBuilder b;
      const uint16_t i = b.cls("I1");
      b.interfaces = {i, b.cls("I1")};
      check_error(b.bytes(), "Duplicate interface name \"I1\" in class file Foo");
    }
    {
      ClassBuilder b;
      b.interfaces = {b.utf8("I1")};
      check_error(b.bytes(), "Interface name has bad constant pool index " +
                                 std::to_string(b.interfaces[0]) + " in class file Foo");
    }
    {
      ClassBuilder b;
      b.flags = kAccPublic | kAccInterface | kAccAbstract;
      b.super_class = b.cls("java/lang/Thread");
      check_error(b.bytes(),
                  "Interfaces must have java.lang.Object as superclass in class file Foo");
    }
    {
      // interfaces_count claims far more entries than the file holds.
      std::vector<uint8_t> bytes = ClassBuilder().bytes();
      const size_t at = bytes.size() - 8;  // interfaces_count, fields, methods, attributes
      bytes[at] = 0xFF;
      bytes[at + 1] = 0xFF;
      check_error(bytes, "Truncated class file");
    }
    {
      std::vector<uint8_t> bytes = ClassBuilder().bytes();
      bytes[bytes.size() - 4] = 0xFF;  // methods_count
      check_error(bytes, "Truncated class file");
      bytes = ClassBuilder().bytes();
      bytes.push_back(0);
      check_error(bytes, "Extra bytes at the end of class file Foo");
    }
  }

  TEST_CASE("fields") {
    {
      ClassBuilder b;
      b.field(kAccPrivate, "f", "Q");
      check_error(b.bytes(), "Field \"f\" in class Foo has illegal signature \"Q\"");
    }
    {
      ClassBuilder b;
      b.field(kAccPrivate, "f", std::string(256, '[') + "I");
      check_error(b.bytes(),
                  "Array type descriptor has more than 255 dimensions in class file Foo");
    }
    {
      ClassBuilder b;
      b.field(kAccPrivate, "f", "La//b;");
      check_error(b.bytes(),
                  "Class name is empty or contains illegal character in descriptor in class file "
                  "Foo");
    }
    {
      ClassBuilder b;
      b.field(kAccPrivate, "a.b", "I");
      check_error(b.bytes(), "Illegal field name \"a.b\" in class Foo");
    }
    {
      ClassBuilder b;
      b.field(kAccPrivate, "f", "I");
      b.field(kAccPublic, "f", "I");
      check_error(b.bytes(), "Duplicate field name \"f\" with signature \"I\" in class file Foo");
    }
    {
      ClassBuilder b;
      b.field(kAccPrivate, "f", "Ljava/lang/String;");
      b.field(kAccPublic, "f", "Ljava/lang/String;");
      check_error(b.bytes(),
                  "Duplicate field name \"f\" with signature \"Ljava.lang.String;\" in "
                  "class file Foo");
    }
    {
      ClassBuilder b;
      b.field(kAccPublic | kAccPrivate, "f", "I");
      check_error(b.bytes(), "Illegal field modifiers in class Foo: 0x3");
    }
    {
      ClassBuilder b;
      const uint16_t s = b.string("text");
      b.field(kAccStatic | kAccFinal, "f", "I", {b.u2_attr("ConstantValue", s)});
      check_error(b.bytes(), "Inconsistent constant value type in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t v = b.integer(7);
      Attr cv = b.u2_attr("ConstantValue", v);
      cv.body.push_back(0);
      b.field(kAccStatic | kAccFinal, "f", "I", {cv});
      check_error(b.bytes(), "Invalid ConstantValue field attribute length 3 in class file Foo");
    }
    {
      ClassBuilder b;
      Attr a = b.attr("Whatever", {1, 2, 3});
      a.length_delta = 1000;  // runs past the end of the file
      b.field(kAccPrivate, "f", "I", {a});
      check_error(b.bytes(), "Truncated class file");
    }
    {
      ClassBuilder b;
      b.field(kAccPrivate, "f", "I", {Attr{999, {}}});
      check_error(b.bytes(), "Invalid field attribute index 999 in class file Foo");
    }
  }

  TEST_CASE("methods and Code attributes") {
    {
      ClassBuilder b;
      b.void_method("m");
      b.void_method("m");
      check_error(b.bytes(),
                  "Duplicate method name \"m\" with signature \"()V\" in class file Foo");
    }
    {
      ClassBuilder b;
      b.void_method("a.b");
      check_error(b.bytes(), "Illegal method name \"a.b\" in class Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic, "m", "(I)", {b.code(0, 2, {0xB1})});
      check_error(b.bytes(), "Method \"m\" in class Foo has illegal signature \"(I)\"");
    }
    {
      ClassBuilder b;
      b.void_method("<clinit>", kAccPublic);
      check_error(b.bytes(), "Method <clinit> is not static in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic, "<init>", "()I", {b.code(1, 1, {0x03, 0xAC})});
      check_error(b.bytes(), "Method \"<init>\" in class Foo has illegal signature \"()I\"");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccAbstract | kAccFinal, "m", "()V", {});
      check_error(b.bytes(), "Method m in class Foo has illegal modifiers: 0x411");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic, "m", "()V", {});
      check_error(
          b.bytes(),
          "Absent Code attribute in method that is not native or abstract in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccNative, "m", "()V", {b.code(0, 1, {0xB1})});
      check_error(b.bytes(), "Code attribute in native or abstract methods in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 0, {0xB1}), b.code(0, 0, {0xB1})});
      check_error(b.bytes(), "Multiple Code attributes in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic, "m", "(JI)V", {b.code(0, 3, {0xB1})});  // needs 4 locals
      check_error(b.bytes(), "Arguments can't fit into locals in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 0, {})});
      check_error(b.bytes(), "Invalid method Code length 0 in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 0, std::vector<uint8_t>(65536, 0))});
      check_error(b.bytes(), "Invalid method Code length 65536 in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 0, {0, 0xB1}, {{0, 3, 1, 0}})});
      check_error(b.bytes(), "Illegal exception table range in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 0, {0, 0xB1}, {{1, 1, 1, 0}})});
      check_error(b.bytes(), "Illegal exception table range in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 0, {0, 0xB1}, {{0, 1, 2, 0}})});
      check_error(b.bytes(), "Illegal exception table handler in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t s = b.string("x");
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 0, {0, 0xB1}, {{0, 1, 1, s}})});
      check_error(b.bytes(),
                  "Catch type in exception table has bad constant type in class file Foo");
    }
    {
      ClassBuilder b;
      Attr c = b.code(0, 0, {0xB1});
      c.body.push_back(0);  // one byte more than the Code attribute uses
      b.method(kAccPublic | kAccStatic, "m", "()V", {c});
      check_error(b.bytes(), "Code segment has wrong length in class file Foo");
    }
    {
      ClassBuilder b;
      Attr c = b.code(0, 0, {0xB1});
      c.body.resize(c.body.size() - 1);  // attributes_count cut in half
      b.method(kAccPublic | kAccStatic, "m", "()V", {c});
      check_error(b.bytes(), "Code segment has wrong length in class file Foo");
    }
    {
      ClassBuilder b;
      const Attr lnt = b.attr("LineNumberTable", {0, 1, 0, 5, 0, 7});  // pc 5 of 1
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 0, {0xB1}, {}, {lnt})});
      check_error(b.bytes(), "Invalid pc in LineNumberTable in class file Foo");
    }
    {
      ClassBuilder b;
      const Attr lnt = b.attr("LineNumberTable", {0, 2, 0, 0, 0, 7});  // 2 entries, 1 present
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 0, {0xB1}, {}, {lnt})});
      check_error(b.bytes(), "LineNumberTable attribute has wrong length in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t n = b.utf8("x");
      const uint16_t d = b.utf8("J");
      const Attr lvt = b.attr("LocalVariableTable",
                              {0, 1, 0, 0, 0, 1, uint8_t(n >> 8), uint8_t(n), uint8_t(d >> 8),
                               uint8_t(d), 0, 0});  // a long in slot 0 of max_locals 1
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(0, 1, {0xB1}, {}, {lvt})});
      check_error(b.bytes(), "Invalid index 0 in LocalVariableTable in class file Foo");
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccStatic, "m", "()V", {b.code(1, 0, {0x10})});  // bipush, no operand
      auto result = parse_class_file(b.bytes(), "Foo");
      REQUIRE_FALSE(result.ok());
      CHECK(result.error().exception == "java/lang/ClassFormatError");
      CHECK(result.error().message.starts_with("Method m()V in class file Foo: "));
      CHECK(result.error().message.find('0') != std::string::npos);  // names bci 0
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccStatic, "m", "()V",
               {b.code(0, 0, {0x00, 0xCB})});  // unknown opcode
      auto result = parse_class_file(b.bytes(), "Foo");
      REQUIRE_FALSE(result.ok());
      CHECK(result.error().message.starts_with("Method m()V in class file Foo: "));
      CHECK(result.error().message.find('1') != std::string::npos);  // names bci 1
    }
    {
      ClassBuilder b;
      // tableswitch whose padding and table run past the end.
      b.method(kAccPublic | kAccStatic, "m", "(I)V", {b.code(1, 1, {0x1A, 0xAA, 0, 0, 0, 0})});
      auto result = parse_class_file(b.bytes(), "Foo");
      REQUIRE_FALSE(result.ok());
      CHECK(result.error().message.starts_with("Method m(I)V in class file Foo: "));
    }
    {
      ClassBuilder b;
      b.method(kAccPublic | kAccStatic, "m", "()V",
               {b.code(0, 0, {0xB1}), b.u2_attr("Exceptions", 1)});
      // Exceptions with count 1 and no entry: the body ends early.
      check_error(b.bytes(), "Exceptions attribute has wrong length in class file Foo");
    }
  }

  TEST_CASE("class attributes") {
    {
      ClassBuilder b;
      b.class_attr(b.attr("SourceFile", {0, 1, 2}));
      check_error(b.bytes(), "Wrong SourceFile attribute length in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t s = b.utf8("Foo.java");
      b.class_attr(b.u2_attr("SourceFile", s));
      b.class_attr(b.u2_attr("SourceFile", s));
      check_error(b.bytes(), "Multiple SourceFile attributes in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t x = b.cls("X");
      b.class_attr(b.u2_attr("SourceFile", x));
      check_error(b.bytes(), "Invalid SourceFile attribute at constant pool index " +
                                 std::to_string(x) + " in class file Foo");
    }
    {
      ClassBuilder b;
      Attr a = b.attr("Anything", {1, 2});
      a.length_delta = 1;
      b.class_attr(a);
      check_error(b.bytes(), "Truncated class file");
    }
    {
      ClassBuilder b;
      const uint16_t host = b.cls("Host");
      b.class_attr(b.u2_attr("NestHost", host));
      b.class_attr(b.attr("NestMembers", {0, 0}));
      check_error(b.bytes(), "Conflicting NestHost and NestMembers attributes in class file Foo");
    }
    {
      ClassBuilder b;
      b.class_attr(b.attr("NestMembers", {0, 2, 0, uint8_t(b.this_class)}));
      check_error(b.bytes(), "Wrong NestMembers attribute length in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t inner = b.cls("Foo$In");
      b.class_attr(
          b.attr("InnerClasses", {0, 1, 0, uint8_t(inner), 0, uint8_t(inner), 0, 0, 0, 1}));
      check_error(b.bytes(), "Class is both outer and inner class in class file Foo");
    }
    {
      ClassBuilder b;
      b.flags |= kAccFinal;
      b.class_attr(b.attr("PermittedSubclasses", {0, 0}));
      check_error(b.bytes(), "PermittedSubclasses attribute in final class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t nat = b.nat("run", "()Ljava/lang/Runnable;");
      b.ref2(18, 1, nat);  // uses bootstrap method 1
      const uint16_t m = b.methodref("Bsm", "bsm", "()V");
      const uint16_t mh = b.method_handle(6, m);
      b.class_attr(b.attr("BootstrapMethods", {0, 1, 0, uint8_t(mh), 0, 0}));
      check_error(b.bytes(), "Short length on BootstrapMethods in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t nat = b.nat("run", "()Ljava/lang/Runnable;");
      b.ref2(18, 0, nat);
      const uint16_t m = b.methodref("Bsm", "bsm", "()V");
      const uint16_t mh = b.method_handle(6, m);
      b.class_attr(b.attr("BootstrapMethods", {0, 1, 0, uint8_t(mh), 0, 5, 0, 1}));
      check_error(b.bytes(),
                  "Invalid BootstrapMethods num_bootstrap_methods or num_bootstrap_arguments "
                  "value in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t nat = b.nat("run", "()Ljava/lang/Runnable;");
      b.ref2(18, 0, nat);
      const uint16_t m = b.methodref("Bsm", "bsm", "()V");
      b.method_handle(6, m);
      b.class_attr(b.attr("BootstrapMethods", {0, 1, 0, uint8_t(nat), 0, 0}));
      check_error(b.bytes(), "bootstrap_method_index " + std::to_string(nat) +
                                 " has bad constant type in class file Foo");
    }
    {
      ClassBuilder b;
      const uint16_t nat = b.nat("run", "()Ljava/lang/Runnable;");
      b.ref2(18, 0, nat);
      const uint16_t m = b.methodref("Bsm", "bsm", "()V");
      const uint16_t mh = b.method_handle(6, m);
      b.class_attr(b.attr("BootstrapMethods", {0, 1, 0, uint8_t(mh), 0, 1, 0, uint8_t(nat)}));
      check_error(b.bytes(), "argument_index " + std::to_string(nat) +
                                 " has bad constant type in class file Foo");
    }
    {
      ClassBuilder b;
      b.class_attr(b.attr("Record", {0, 1, 0, 0}));  // a component cut short
      check_error(b.bytes(), "Record attribute has wrong length in class file Foo");
    }
  }

  TEST_CASE("module-info is rejected by the loader and accepted for javap") {
    ClassBuilder b("module-info", "");
    b.flags = kAccModule;
    b.raw_entry({19, 0, uint8_t(b.utf8("m.a"))});
    b.raw_entry({20, 0, uint8_t(b.utf8("a/b"))});
    b.class_attr(b.attr("Module", {1, 2, 3}));
    check_error(b.bytes(), "module-info is not a class because access_flag ACC_MODULE is set",
                "java/lang/NoClassDefFoundError", "module-info");
    ParseOptions javap;
    javap.allow_module_info = true;
    auto result = parse_class_file(b.bytes(), "", javap);
    REQUIRE_MESSAGE(result.ok(), result.error().to_string());
    const ClassFile& cf = *result.value();
    CHECK(cf.is_module());
    CHECK(cf.super_class == nullptr);
    const RawAttribute* module = cf.find_other_attribute(vm_symbols().tag_module);
    REQUIRE(module);
    CHECK(module->bytes == Bytes{1, 2, 3});
    int modules = 0;
    for (uint32_t i = 1; i < cf.constant_pool.count(); ++i) {
      if (const Symbol* s = cf.constant_pool.module_name(static_cast<uint16_t>(i))) {
        CHECK(s->view() == "m.a");
        ++modules;
      }
      if (const Symbol* s = cf.constant_pool.package_name(static_cast<uint16_t>(i))) {
        CHECK(s->view() == "a/b");
      }
    }
    CHECK(modules == 1);
  }
}
