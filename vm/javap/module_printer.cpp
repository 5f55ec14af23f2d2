// module-info classes (JVMS §4.7.25-§4.7.27): the "module m { requires ...; }"
// declaration and the -v listings of Module, ModulePackages,
// ModuleMainClass, and the JDK's ModuleHashes, ModuleTarget and
// ModuleResolution attributes, decoded from their raw bodies.
#include <cstdio>
#include <vector>

#include "vm/javap/class_printer.h"
#include "vm/javap/java_text.h"

namespace minijvm::javap {

using namespace classfile;

namespace {

constexpr uint16_t kModuleOpen = 0x0020;
constexpr uint16_t kRequiresTransitive = 0x0020;
constexpr uint16_t kRequiresStaticPhase = 0x0040;
constexpr uint16_t kModuleSynthetic = 0x1000;
constexpr uint16_t kModuleMandated = 0x8000;

struct Requires {
  uint16_t index, flags, version;
};
struct ExportsOrOpens {
  uint16_t index, flags;
  std::vector<uint16_t> to;
};
struct Provides {
  uint16_t index;
  std::vector<uint16_t> with;
};

struct ModuleAttribute {
  uint16_t name = 0, flags = 0, version = 0;
  std::vector<Requires> requires_;
  std::vector<ExportsOrOpens> exports, opens;
  std::vector<uint16_t> uses;
  std::vector<Provides> provides;
};

std::vector<uint16_t> read_indices(RawReader& r) {
  uint16_t n = r.u2();
  std::vector<uint16_t> out;
  for (uint32_t i = 0; i < n && !r.overrun; ++i) out.push_back(r.u2());
  return out;
}

ModuleAttribute read_module(std::span<const uint8_t> body) {
  RawReader r(body);
  ModuleAttribute m;
  m.name = r.u2();
  m.flags = r.u2();
  m.version = r.u2();
  uint16_t n = r.u2();
  for (uint32_t i = 0; i < n && !r.overrun; ++i) {
    uint16_t index = r.u2();
    uint16_t flags = r.u2();
    uint16_t version = r.u2();
    m.requires_.push_back({index, flags, version});
  }
  for (auto* list : {&m.exports, &m.opens}) {
    n = r.u2();
    for (uint32_t i = 0; i < n && !r.overrun; ++i) {
      ExportsOrOpens e;
      e.index = r.u2();
      e.flags = r.u2();
      e.to = read_indices(r);
      list->push_back(std::move(e));
    }
  }
  m.uses = read_indices(r);
  n = r.u2();
  for (uint32_t i = 0; i < n && !r.overrun; ++i) {
    Provides p;
    p.index = r.u2();
    p.with = read_indices(r);
    m.provides.push_back(std::move(p));
  }
  return m;
}

std::string hex(unsigned value) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%x", value);
  return buf;
}

}  // namespace

void ClassPrinter::write_module_declaration() {
  const RawAttribute* attr = cf_.find_other_attribute(intern("Module"));
  if (!attr) {
    p_.print("class ");
    p_.print(class_java_name());
    return;
  }
  ModuleAttribute m = read_module(attr->bytes);
  const CpEntry& e = cp_.entry(m.name);
  std::string name = e.tag == CpTag::kModule ? text(cp_.utf8(e.index1)) : text(cp_.utf8(m.name));
  if (m.flags & kModuleOpen) p_.print("open ");
  p_.print("module ");
  p_.print(java_name(name));
  if (m.version != 0) {
    p_.print("@");
    p_.print(text(cp_.utf8(m.version)));
  }
}

void ClassPrinter::write_module_directives() {
  const RawAttribute* attr = cf_.find_other_attribute(intern("Module"));
  if (!attr) return;
  ModuleAttribute m = read_module(attr->bytes);
  auto module_name = [&](uint16_t index) {
    const CpEntry& e = cp_.entry(index);
    return text(cp_.utf8(e.tag == CpTag::kModule ? e.index1 : index));
  };
  auto package_name = [&](uint16_t index) {
    const CpEntry& e = cp_.entry(index);
    return java_name(text(cp_.utf8(e.tag == CpTag::kPackage ? e.index1 : index)));
  };
  auto class_name = [&](uint16_t index) { return java_name(text(cp_.class_name(index))); };

  for (const Requires& r : m.requires_) {
    p_.print("requires");
    if (r.flags & kRequiresStaticPhase) p_.print(" static");
    if (r.flags & kRequiresTransitive) p_.print(" transitive");
    p_.print(" ");
    p_.print(module_name(r.index));
    p_.println(";");
  }
  for (const auto* list : {&m.exports, &m.opens}) {
    for (const ExportsOrOpens& e : *list) {
      p_.print(list == &m.exports ? "exports" : "opens");
      p_.print(" ");
      p_.print(package_name(e.index));
      bool first = true;
      for (uint16_t to : e.to) {
        if (first) {
          p_.println(" to");
          p_.indent(+1);
          first = false;
        } else {
          p_.println(",");
        }
        p_.print(module_name(to));
      }
      p_.println(";");
      if (!first) p_.indent(-1);
    }
  }
  for (uint16_t use : m.uses) {
    p_.print("uses ");
    p_.print(class_name(use));
    p_.println(";");
  }
  for (const Provides& pr : m.provides) {
    p_.print("provides  ");
    p_.print(class_name(pr.index));
    bool first = true;
    for (uint16_t with : pr.with) {
      if (first) {
        p_.println(" with");
        p_.indent(+1);
        first = false;
      } else {
        p_.println(",");
      }
      p_.print(class_name(with));
    }
    p_.println(";");
    if (!first) p_.indent(-1);
  }
}

bool ClassPrinter::write_module_attribute(const RawAttribute& attr) {
  const std::string name = text(attr.name);
  RawReader r(attr.bytes);
  if (name == "Module") {
    ModuleAttribute m = read_module(attr.bytes);
    p_.println("Module:");
    p_.indent(+1);
    p_.print("#" + std::to_string(m.name) + "," + hex(m.flags));
    p_.tab();
    p_.print("// " + string_value(m.name));
    if (m.flags & kModuleOpen) p_.print(" ACC_OPEN");
    if (m.flags & kModuleMandated) p_.print(" ACC_MANDATED");
    if (m.flags & kModuleSynthetic) p_.print(" ACC_SYNTHETIC");
    p_.println();
    p_.print("#" + std::to_string(m.version));
    if (m.version != 0) {
      p_.tab();
      p_.print("// " + string_value(m.version));
    }
    p_.println();

    p_.print(static_cast<long long>(m.requires_.size()));
    p_.tab();
    p_.println("// requires");
    p_.indent(+1);
    for (const Requires& e : m.requires_) {
      p_.print("#" + std::to_string(e.index) + "," + hex(e.flags));
      p_.tab();
      p_.print("// " + string_value(e.index));
      if (e.flags & kRequiresTransitive) p_.print(" ACC_TRANSITIVE");
      if (e.flags & kRequiresStaticPhase) p_.print(" ACC_STATIC_PHASE");
      if (e.flags & kModuleSynthetic) p_.print(" ACC_SYNTHETIC");
      if (e.flags & kModuleMandated) p_.print(" ACC_MANDATED");
      p_.println();
      p_.print("#" + std::to_string(e.version));
      if (e.version != 0) {
        p_.tab();
        p_.print("// " + string_value(e.version));
      }
      p_.println();
    }
    p_.indent(-1);

    for (const auto* list : {&m.exports, &m.opens}) {
      p_.print(static_cast<long long>(list->size()));
      p_.tab();
      p_.println(list == &m.exports ? "// exports" : "// opens");
      p_.indent(+1);
      for (const ExportsOrOpens& e : *list) {
        p_.print("#" + std::to_string(e.index) + "," + hex(e.flags));
        p_.tab();
        p_.print("// ");
        p_.print(string_value(e.index));
        if (e.flags & kModuleMandated) p_.print(" ACC_MANDATED");
        if (e.flags & kModuleSynthetic) p_.print(" ACC_SYNTHETIC");
        if (e.to.empty()) {
          p_.println();
        } else {
          p_.println(" to ... " + std::to_string(e.to.size()));
          p_.indent(+1);
          for (uint16_t to : e.to) {
            p_.print("#" + std::to_string(to));
            p_.tab();
            p_.println("// ... to " + string_value(to));
          }
          p_.indent(-1);
        }
      }
      p_.indent(-1);
    }

    p_.print(static_cast<long long>(m.uses.size()));
    p_.tab();
    p_.println("// uses");
    p_.indent(+1);
    for (uint16_t use : m.uses) {
      p_.print("#" + std::to_string(use));
      p_.tab();
      p_.println("// " + string_value(use));
    }
    p_.indent(-1);

    p_.print(static_cast<long long>(m.provides.size()));
    p_.tab();
    p_.println("// provides");
    p_.indent(+1);
    for (const Provides& pr : m.provides) {
      p_.print("#" + std::to_string(pr.index));
      p_.tab();
      p_.print("// ");
      p_.print(string_value(pr.index));
      p_.println(" with ... " + std::to_string(pr.with.size()));
      p_.indent(+1);
      for (uint16_t with : pr.with) {
        p_.print("#" + std::to_string(with));
        p_.tab();
        p_.println("// ... with " + string_value(with));
      }
      p_.indent(-1);
    }
    p_.indent(-1);
    p_.indent(-1);
    return true;
  }
  if (name == "ModulePackages") {
    p_.println("ModulePackages: ");
    p_.indent(+1);
    for (uint16_t index : read_indices(r)) {
      p_.print("#" + std::to_string(index));
      p_.tab();
      p_.println("// " + java_name(text(cp_.package_name(index))));
    }
    p_.indent(-1);
    return true;
  }
  if (name == "ModuleMainClass" && attr.bytes.size() == 2) {
    uint16_t index = r.u2();
    p_.print("ModuleMainClass: #" + std::to_string(index));
    p_.tab();
    p_.print("// " + java_name(text(cp_.class_name(index))));
    p_.println();
    return true;
  }
  if (name == "ModuleTarget" && attr.bytes.size() == 2) {
    uint16_t index = r.u2();
    p_.println("ModuleTarget:");
    p_.indent(+1);
    p_.print("target_platform: #" + std::to_string(index));
    if (index != 0) {
      p_.tab();
      p_.print("// " + text(cp_.utf8(index)));
    }
    p_.println();
    p_.indent(-1);
    return true;
  }
  if (name == "ModuleResolution" && attr.bytes.size() == 2) {
    uint16_t flags = r.u2();
    p_.println("ModuleResolution:");
    p_.indent(+1);
    p_.print(hex(flags));
    p_.tab();
    p_.print("// ");
    if (flags & 0x1) p_.print(" DO_NOT_RESOLVE_BY_DEFAULT");
    if (flags & 0x2) p_.print(" WARN_DEPRECATED");
    if (flags & 0x4) p_.print(" WARN_DEPRECATED_FOR_REMOVAL");
    if (flags & 0x8) p_.print(" WARN_INCUBATING");
    p_.println();
    p_.indent(-1);
    return true;
  }
  if (name == "ModuleHashes") {
    uint16_t algorithm = r.u2();
    p_.println("ModuleHashes:");
    p_.indent(+1);
    p_.print("algorithm: #" + std::to_string(algorithm));
    p_.tab();
    p_.println("// " + text(cp_.utf8(algorithm)));
    uint16_t n = r.u2();
    p_.print(static_cast<long long>(n));
    p_.tab();
    p_.println("// hashes");
    for (uint32_t i = 0; i < n && !r.overrun; ++i) {
      uint16_t module = r.u2();
      uint16_t length = r.u2();
      std::string digest;
      for (uint32_t k = 0; k < length && !r.overrun; ++k) {
        char buf[4];
        std::snprintf(buf, sizeof buf, "%02x", r.u1());
        digest += buf;
      }
      p_.print("#" + std::to_string(module));
      p_.tab();
      p_.println("// " + text(cp_.module_name(module)));
      p_.println("hash_length: " + std::to_string(length));
      p_.println("hash: [" + digest + "]");
    }
    p_.indent(-1);
    return true;
  }
  return false;
}

}  // namespace minijvm::javap
