// Generic signatures (JVMS §4.7.9.1) parsed the way javap's
// com.sun.tools.classfile.Signature does, and its two renderings:
//   * to_string: Type.toString(), used for field types, method parameter and
//     return types (javap then turns '/' into '.') and generic throws lists;
//   * JavaTypePrinter (ClassWriter's), used for the class declaration and a
//     method's type parameters: it hides "extends java.lang.Object" bounds
//     unless -v.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace minijvm::javap {

struct SigType;
using SigTypePtr = std::unique_ptr<SigType>;
using SigTypeList = std::vector<SigTypePtr>;

struct SigType {
  enum class Kind { kSimple, kArray, kMethod, kClassSig, kClass, kTypeParam, kWildcard };
  enum class Wildcard { kUnbounded, kExtends, kSuper };

  Kind kind = Kind::kSimple;
  // kSimple: "int", "T"; kClass: one simple class name ("java/util/Map$Entry"
  // or, after '.', "Inner"); kTypeParam: the parameter name.
  std::string name;
  // kArray: element; kMethod: return type; kClassSig: superclass;
  // kTypeParam: class bound (may be null); kWildcard: bound (null if unbounded);
  // kClass: the outer class type (may be null).
  SigTypePtr first;
  // kClass: type arguments; kMethod: parameters; kClassSig: superinterfaces;
  // kTypeParam: interface bounds.
  SigTypeList list;
  SigTypeList type_params;  // kMethod, kClassSig
  SigTypeList throws;       // kMethod
  Wildcard wildcard = Wildcard::kUnbounded;

  // Type.isObject(): the class type java/lang/Object without arguments.
  bool is_object() const;
};

// Parses a field, method or class signature (standard UTF-8 text). nullopt
// if malformed (javap itself would fail on it).
std::optional<SigTypePtr> parse_signature(std::string_view signature);

// Type.toString() (class names keep their slashes).
std::string to_string(const SigType& type);

// ClassWriter.JavaTypePrinter.
std::string java_type_string(const SigType& type, bool is_interface, bool verbose);
// JavaTypePrinter.printTypeArgs: "<T extends java.lang.Comparable<T>> " or "".
std::string java_type_params(const SigTypeList& params, bool verbose);

}  // namespace minijvm::javap
