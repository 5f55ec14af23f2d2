#include "vm/javap/signature.h"

#include "vm/javap/java_text.h"

namespace minijvm::javap {
namespace {

// A recursive-descent parser mirroring com.sun.tools.classfile.Signature;
// where javap would throw, it sets `failed` and returns what it has.
class SignatureParser {
 public:
  explicit SignatureParser(std::string_view sig) : sig_(sig) {}

  std::optional<SigTypePtr> parse() {
    SigTypePtr result = parse_top();
    if (failed_ || !result) return std::nullopt;
    return result;
  }

 private:
  char peek() const { return pos_ < sig_.size() ? sig_[pos_] : '\0'; }
  bool at_end() const { return pos_ >= sig_.size(); }
  SigTypePtr fail() {
    failed_ = true;
    pos_ = sig_.size();
    return nullptr;
  }

  static SigTypePtr make(SigType::Kind kind, std::string name = {}) {
    auto t = std::make_unique<SigType>();
    t->kind = kind;
    t->name = std::move(name);
    return t;
  }

  SigTypePtr parse_top() {
    SigTypeList type_params;
    bool has_type_params = false;
    if (peek() == '<') {
      type_params = parse_type_params();
      has_type_params = true;
    }
    if (failed_) return nullptr;
    if (peek() == '(') {
      auto m = make(SigType::Kind::kMethod);
      m->list = parse_types(')');
      m->first = parse_type();
      while (!failed_ && peek() == '^') {
        ++pos_;
        m->throws.push_back(parse_type());
      }
      m->type_params = std::move(type_params);
      return m;
    }
    SigTypePtr t = parse_type();
    if (!has_type_params && at_end()) return t;
    auto c = make(SigType::Kind::kClassSig);
    c->first = std::move(t);
    while (!failed_ && !at_end()) c->list.push_back(parse_type());
    c->type_params = std::move(type_params);
    return c;
  }

  SigTypePtr parse_type() {
    if (failed_ || at_end()) return fail();
    char c = sig_[pos_];
    switch (c) {
      case 'B':
        ++pos_;
        return make(SigType::Kind::kSimple, "byte");
      case 'C':
        ++pos_;
        return make(SigType::Kind::kSimple, "char");
      case 'D':
        ++pos_;
        return make(SigType::Kind::kSimple, "double");
      case 'F':
        ++pos_;
        return make(SigType::Kind::kSimple, "float");
      case 'I':
        ++pos_;
        return make(SigType::Kind::kSimple, "int");
      case 'J':
        ++pos_;
        return make(SigType::Kind::kSimple, "long");
      case 'S':
        ++pos_;
        return make(SigType::Kind::kSimple, "short");
      case 'V':
        ++pos_;
        return make(SigType::Kind::kSimple, "void");
      case 'Z':
        ++pos_;
        return make(SigType::Kind::kSimple, "boolean");
      case 'L':
        ++pos_;
        return parse_class_type_rest();
      case 'T': {
        ++pos_;
        size_t semi = sig_.find(';', pos_);
        if (semi == std::string_view::npos) return fail();
        auto t = make(SigType::Kind::kSimple, std::string(sig_.substr(pos_, semi - pos_)));
        pos_ = semi + 1;
        return t;
      }
      case '[': {
        ++pos_;
        auto a = make(SigType::Kind::kArray);
        a->first = parse_type();
        return a;
      }
      case '*':
        ++pos_;
        return make(SigType::Kind::kWildcard);
      case '+':
      case '-': {
        ++pos_;
        auto w = make(SigType::Kind::kWildcard);
        w->wildcard = c == '+' ? SigType::Wildcard::kExtends : SigType::Wildcard::kSuper;
        w->first = parse_type();
        return w;
      }
      default:
        return fail();
    }
  }

  // Starts after the opening character (already consumed by the caller for
  // '(' / '<' here: we consume it ourselves).
  SigTypeList parse_types(char terminator) {
    ++pos_;
    SigTypeList types;
    while (!failed_ && peek() != terminator) {
      if (at_end()) {
        fail();
        break;
      }
      types.push_back(parse_type());
    }
    ++pos_;
    return types;
  }

  SigTypePtr parse_class_type_rest() {
    std::string name;
    SigTypeList args;
    SigTypePtr t;
    char c;
    do {
      if (failed_ || at_end()) return fail();
      c = sig_[pos_];
      if (c == '<') {
        args = parse_types('>');
      } else if (c == '.' || c == ';') {
        ++pos_;
        auto ct = make(SigType::Kind::kClass, std::move(name));
        ct->first = std::move(t);
        ct->list = std::move(args);
        t = std::move(ct);
        name.clear();
        args.clear();
      } else {
        ++pos_;
        name.push_back(c);
      }
    } while (c != ';');
    return t;
  }

  SigTypeList parse_type_params() {
    ++pos_;
    SigTypeList params;
    while (!failed_ && peek() != '>') {
      if (at_end()) {
        fail();
        break;
      }
      size_t colon = sig_.find(':', pos_);
      if (colon == std::string_view::npos) {
        fail();
        break;
      }
      auto p = make(SigType::Kind::kTypeParam, std::string(sig_.substr(pos_, colon - pos_)));
      pos_ = colon + 1;
      if (peek() != ':') p->first = parse_type();
      while (!failed_ && peek() == ':') {
        ++pos_;
        p->list.push_back(parse_type());
      }
      params.push_back(std::move(p));
    }
    ++pos_;
    return params;
  }

  std::string_view sig_;
  size_t pos_ = 0;
  bool failed_ = false;
};

void append_list(std::string& out, std::string_view prefix, const SigTypeList& list,
                 std::string_view suffix) {
  out += prefix;
  std::string_view sep;
  for (const SigTypePtr& t : list) {
    out += sep;
    if (t) out += to_string(*t);
    sep = ", ";
  }
  out += suffix;
}

void append_if_not_empty(std::string& out, std::string_view prefix, const SigTypeList& list,
                         std::string_view suffix) {
  if (!list.empty()) append_list(out, prefix, list, suffix);
}

// ClassWriter.JavaTypePrinter.
class JavaTypePrinter {
 public:
  JavaTypePrinter(bool is_interface, bool verbose)
      : is_interface_(is_interface), verbose_(verbose) {}

  void append(std::string& sb, const SigType* t) const {
    if (!t) return;
    switch (t->kind) {
      case SigType::Kind::kSimple:
        sb += java_name(t->name);
        break;
      case SigType::Kind::kArray:
        append(sb, t->first.get());
        sb += "[]";
        break;
      case SigType::Kind::kMethod:
        append_if_not_empty(sb, "<", t->type_params, "> ");
        append(sb, t->first.get());
        append_list(sb, " (", t->list, ")");
        append_if_not_empty(sb, " throws ", t->throws, "");
        break;
      case SigType::Kind::kClassSig:
        append_if_not_empty(sb, "<", t->type_params, ">");
        if (is_interface_) {
          append_if_not_empty(sb, " extends ", t->list, "");
        } else {
          if (t->first && (verbose_ || !t->first->is_object())) {
            sb += " extends ";
            append(sb, t->first.get());
          }
          append_if_not_empty(sb, " implements ", t->list, "");
        }
        break;
      case SigType::Kind::kClass:
        if (t->first) {
          append(sb, t->first.get());
          sb += ".";
        }
        sb += java_name(t->name);
        append_if_not_empty(sb, "<", t->list, ">");
        break;
      case SigType::Kind::kTypeParam: {
        sb += t->name;
        std::string_view sep = " extends ";
        if (t->first && (verbose_ || !t->first->is_object())) {
          sb += sep;
          append(sb, t->first.get());
          sep = " & ";
        }
        for (const SigTypePtr& bound : t->list) {
          sb += sep;
          append(sb, bound.get());
          sep = " & ";
        }
        break;
      }
      case SigType::Kind::kWildcard:
        switch (t->wildcard) {
          case SigType::Wildcard::kUnbounded:
            sb += "?";
            break;
          case SigType::Wildcard::kExtends:
            sb += "? extends ";
            append(sb, t->first.get());
            break;
          case SigType::Wildcard::kSuper:
            sb += "? super ";
            append(sb, t->first.get());
            break;
        }
        break;
    }
  }

  void append_list(std::string& sb, std::string_view prefix, const SigTypeList& list,
                   std::string_view suffix) const {
    sb += prefix;
    std::string_view sep;
    for (const SigTypePtr& t : list) {
      sb += sep;
      append(sb, t.get());
      sep = ", ";
    }
    sb += suffix;
  }

  void append_if_not_empty(std::string& sb, std::string_view prefix, const SigTypeList& list,
                           std::string_view suffix) const {
    if (!list.empty()) append_list(sb, prefix, list, suffix);
  }

 private:
  bool is_interface_;
  bool verbose_;
};

}  // namespace

bool SigType::is_object() const {
  return kind == Kind::kClass && !first && name == "java/lang/Object" && list.empty();
}

std::optional<SigTypePtr> parse_signature(std::string_view signature) {
  if (signature.empty()) return std::nullopt;
  return SignatureParser(signature).parse();
}

std::string to_string(const SigType& t) {
  std::string sb;
  switch (t.kind) {
    case SigType::Kind::kSimple:
      return t.name;
    case SigType::Kind::kArray:
      return (t.first ? to_string(*t.first) : "") + "[]";
    case SigType::Kind::kMethod:
      append_if_not_empty(sb, "<", t.type_params, "> ");
      if (t.first) sb += to_string(*t.first);
      append_list(sb, " (", t.list, ")");
      append_if_not_empty(sb, " throws ", t.throws, "");
      return sb;
    case SigType::Kind::kClassSig:
      append_if_not_empty(sb, "<", t.type_params, ">");
      if (t.first) sb += " extends " + to_string(*t.first);
      append_if_not_empty(sb, " implements ", t.list, "");
      return sb;
    case SigType::Kind::kClass:
      if (t.first) sb += to_string(*t.first) + ".";
      sb += t.name;
      append_if_not_empty(sb, "<", t.list, ">");
      return sb;
    case SigType::Kind::kTypeParam: {
      sb += t.name;
      std::string_view sep = " extends ";
      if (t.first) {
        sb += sep;
        sb += to_string(*t.first);
        sep = " & ";
      }
      for (const SigTypePtr& bound : t.list) {
        sb += sep;
        if (bound) sb += to_string(*bound);
        sep = " & ";
      }
      return sb;
    }
    case SigType::Kind::kWildcard:
      switch (t.wildcard) {
        case SigType::Wildcard::kUnbounded:
          return "?";
        case SigType::Wildcard::kExtends:
          return "? extends " + (t.first ? to_string(*t.first) : "");
        case SigType::Wildcard::kSuper:
          return "? super " + (t.first ? to_string(*t.first) : "");
      }
  }
  return sb;
}

std::string java_type_string(const SigType& type, bool is_interface, bool verbose) {
  std::string sb;
  JavaTypePrinter(is_interface, verbose).append(sb, &type);
  return sb;
}

std::string java_type_params(const SigTypeList& params, bool verbose) {
  std::string sb;
  JavaTypePrinter(false, verbose).append_if_not_empty(sb, "<", params, "> ");
  return sb;
}

}  // namespace minijvm::javap
