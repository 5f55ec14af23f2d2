// Method helpers: names for messages and profiles, line numbers.
#include "vm/runtime/method.h"

#include "vm/runtime/klass.h"

namespace minijvm {

Method::~Method() {
  delete[] indy_sites.load();
  delete[] receiver_profile.load();
}

bool Method::is_initializer() const { return name == vm_symbols().object_initializer_name; }

bool Method::is_class_initializer() const { return name == vm_symbols().class_initializer_name; }

int Method::line_number(uint32_t bci) const {
  if (info == nullptr || !info->code) return -1;
  // JVMS §4.7.12: entries are unordered; take the entry with the greatest
  // start_pc <= bci.
  int best = -1;
  int best_pc = -1;
  for (const classfile::LineNumber& ln : info->code->line_numbers) {
    if (ln.start_pc <= bci && static_cast<int>(ln.start_pc) > best_pc) {
      best_pc = ln.start_pc;
      best = ln.line_number;
    }
  }
  return best;
}

std::string Method::qualified_name() const {
  std::string s = holder ? holder->external_name() : std::string("?");
  s += '.';
  s += name->to_utf8();
  return s;
}

std::string Method::external_name(const Klass* klass, const Symbol* name,
                                  const Symbol* descriptor) {
  std::string s;
  auto sig = parse_method_descriptor(descriptor->view());
  if (sig.ok()) {
    s = java_type_name(sig->return_type);
  }
  s += ' ';
  s += klass ? klass->external_name() : std::string("?");
  s += '.';
  s += name->to_utf8();
  s += '(';
  if (sig.ok()) s += java_parameter_list(*sig);
  s += ')';
  return s;
}

std::string Method::external_name() const { return external_name(holder, name, descriptor); }

}  // namespace minijvm
