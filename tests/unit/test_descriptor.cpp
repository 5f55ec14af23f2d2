#include <doctest/doctest.h>

#include <string>

#include "vm/descriptor.h"

using minijvm::BasicType;
using minijvm::DescriptorError;
using minijvm::FieldType;
using minijvm::intern;
using minijvm::MethodSignature;

TEST_SUITE("descriptors") {
  TEST_CASE("field descriptors become FieldTypes") {
    FieldType i = minijvm::parse_field_descriptor("I").value();
    CHECK(i.type == BasicType::kInt);
    CHECK(i.dimensions == 0);
    CHECK(i.class_name == nullptr);
    CHECK(i.is_primitive());
    CHECK(i.slots() == 1);

    CHECK(minijvm::parse_field_descriptor("J")->slots() == 2);
    CHECK(minijvm::parse_field_descriptor("D")->slots() == 2);
    CHECK(minijvm::parse_field_descriptor("Z")->type == BasicType::kBoolean);

    FieldType s = minijvm::parse_field_descriptor("Ljava/lang/String;").value();
    CHECK(s.type == BasicType::kObject);
    CHECK(s.class_name == intern("java/lang/String"));
    CHECK(s.is_reference());

    FieldType a = minijvm::parse_field_descriptor("[[I").value();
    CHECK(a.type == BasicType::kArray);
    CHECK(a.element_type == BasicType::kInt);
    CHECK(a.dimensions == 2);
    CHECK(a.class_name == nullptr);
    CHECK(a.slots() == 1);

    FieldType o = minijvm::parse_field_descriptor("[Ljava/lang/Object;").value();
    CHECK(o.element_type == BasicType::kObject);
    CHECK(o.class_name == intern("java/lang/Object"));
  }

  TEST_CASE("malformed field descriptors are rejected with a reason") {
    auto reason = [](std::string_view d) {
      DescriptorError why = DescriptorError::kMalformed;
      auto r = minijvm::parse_field_descriptor(d, &why);
      REQUIRE_FALSE(r.ok());
      CHECK(r.error().exception == "java/lang/ClassFormatError");
      return why;
    };
    for (std::string_view bad :
         {"", "V", "[V", "X", "II", "Ljava/lang/String", "[", "L", "I;", "(I)V", "[[", "Lx;I"}) {
      CAPTURE(bad);
      CHECK(reason(bad) == DescriptorError::kMalformed);
    }
    for (std::string_view bad : {"L;", "La//b;", "L/a;", "La/;", "La.b;", "La[b;"}) {
      CAPTURE(bad);
      CHECK(reason(bad) == DescriptorError::kIllegalClassName);
    }
    const std::string ok255 = std::string(255, '[') + "I";
    CHECK(minijvm::parse_field_descriptor(ok255)->dimensions == 255);
    CHECK(reason(std::string(256, '[') + "I") == DescriptorError::kTooManyDimensions);
  }

  TEST_CASE("method descriptors become MethodSignatures") {
    MethodSignature v = minijvm::parse_method_descriptor("()V").value();
    CHECK(v.params.empty());
    CHECK(v.return_type.is_void());
    CHECK(v.arg_slots == 0u);

    MethodSignature m = minijvm::parse_method_descriptor("(IJ[Ljava/lang/String;DLa/B;)[Z").value();
    REQUIRE(m.params.size() == 5u);
    CHECK(m.params[0].type == BasicType::kInt);
    CHECK(m.params[1].type == BasicType::kLong);
    CHECK(m.params[2].is_array());
    CHECK(m.params[3].type == BasicType::kDouble);
    CHECK(m.params[4].class_name == intern("a/B"));
    CHECK(m.arg_slots == 7u);
    CHECK(m.return_type.dimensions == 1);
    CHECK(m.return_type.element_type == BasicType::kBoolean);

    for (std::string_view bad :
         {"", "V", "()", "(V)V", "(I", "(I)", "()VV", "()[V", "I()V", "(I)V)", "((I)V"}) {
      CAPTURE(bad);
      CHECK_FALSE(minijvm::parse_method_descriptor(bad).ok());
    }
    DescriptorError why;
    CHECK_FALSE(minijvm::parse_method_descriptor("(L;)V", &why).ok());
    CHECK(why == DescriptorError::kIllegalClassName);
  }

  TEST_CASE("descriptors print back and in Java source form") {
    for (std::string_view d : {"I", "[[I", "Ljava/lang/String;", "[[[Ljava/util/Map$Entry;"}) {
      CHECK(minijvm::descriptor_string(minijvm::parse_field_descriptor(d).value()) == d);
    }
    const char* md = "(IJ[Ljava/lang/String;)Ljava/lang/Object;";
    CHECK(minijvm::descriptor_string(minijvm::parse_method_descriptor(md).value()) == md);

    auto java = [](std::string_view d) {
      return minijvm::java_type_name(minijvm::parse_field_descriptor(d).value());
    };
    CHECK(java("I") == "int");
    CHECK(java("[[I") == "int[][]");
    CHECK(java("Ljava/lang/String;") == "java.lang.String");
    CHECK(java("[Ljava/util/Map$Entry;") == "java.util.Map$Entry[]");
    CHECK(minijvm::java_type_name(minijvm::parse_method_descriptor("()V")->return_type) == "void");
    CHECK(minijvm::java_parameter_list(
              minijvm::parse_method_descriptor("(I[JLjava/lang/String;)V").value()) ==
          "int, long[], java.lang.String");
    CHECK(minijvm::java_parameter_list(minijvm::parse_method_descriptor("()V").value()).empty());
    CHECK(minijvm::java_class_name("java/lang/Object") == "java.lang.Object");
    CHECK(minijvm::java_name(BasicType::kChar) == "char");
    CHECK(minijvm::descriptor_char(BasicType::kLong) == 'J');
  }

  TEST_CASE("names (JVMS 4.2)") {
    CHECK(minijvm::is_valid_unqualified_name("x"));
    CHECK(minijvm::is_valid_unqualified_name("<weird>"));
    CHECK_FALSE(minijvm::is_valid_unqualified_name(""));
    CHECK_FALSE(minijvm::is_valid_unqualified_name("a.b"));
    CHECK_FALSE(minijvm::is_valid_unqualified_name("a/b"));
    CHECK_FALSE(minijvm::is_valid_unqualified_name("a;"));
    CHECK_FALSE(minijvm::is_valid_unqualified_name("a["));

    CHECK(minijvm::is_valid_method_name("<init>"));
    CHECK(minijvm::is_valid_method_name("<clinit>"));
    CHECK(minijvm::is_valid_method_name("lambda$run$0"));
    CHECK_FALSE(minijvm::is_valid_method_name("<init"));
    CHECK_FALSE(minijvm::is_valid_method_name("a<b"));
    CHECK_FALSE(minijvm::is_valid_method_name(""));

    CHECK(minijvm::is_valid_binary_name("java/lang/Object"));
    CHECK(minijvm::is_valid_binary_name("Foo$1"));
    CHECK_FALSE(minijvm::is_valid_binary_name("/a"));
    CHECK_FALSE(minijvm::is_valid_binary_name("a/"));
    CHECK_FALSE(minijvm::is_valid_binary_name("a//b"));
    CHECK_FALSE(minijvm::is_valid_binary_name("a.b"));

    CHECK(minijvm::is_valid_class_entry_name("[I"));
    CHECK(minijvm::is_valid_class_entry_name("[Ljava/lang/String;"));
    CHECK_FALSE(minijvm::is_valid_class_entry_name("[V"));
    CHECK_FALSE(minijvm::is_valid_class_entry_name("[Ljava/lang/String"));
    CHECK(minijvm::is_valid_class_entry_name("java/lang/String"));
  }
}
