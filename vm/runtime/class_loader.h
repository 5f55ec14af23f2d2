// Loading, linking and initialization (JVMS chapter 5): the boot loader in
// C++, classes of other loaders defined through ClassLoader.defineClass1, and
// the per-loader dictionary of loaded classes.
//
// All functions take the current thread; failures become pending Java
// exceptions (NoClassDefFoundError, ClassFormatError, LinkageError,
// ExceptionInInitializerError, ...) and the function returns nullptr/false.
#pragma once

#include <functional>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vm/runtime/klass.h"

namespace minijvm {

class JavaThread;

// JVMS §5.3: the class `name` (internal form, may be an array descriptor
// "[Ljava/lang/String;") as seen from `loader` (nullptr = boot). The boot
// loader reads the boot class path; any other loader is asked through
// ClassLoader.loadClass(String) in Java. A miss is NoClassDefFoundError
// naming the class (ClassNotFoundException is the Java loaders' business).
Klass* load_class(JavaThread* thread, const Symbol* name, Object* loader);
// The boot loader reads java.base from java.base.jmod; a class of another
// module defined to the boot loader (java.logging, ...) comes from that
// module's jmod beside it. The locator, installed by the classlib bridge once
// the module graph defines modules, names the boot module of a package
// (internal form), or returns "" when none does.
using BootModuleLocator = std::string (*)(std::string_view package);
void set_boot_module_locator(BootModuleLocator locator);
// The packages (internal form, "java/lang") the boot loader has loaded a
// class of from its class path or runtime image -- not those it only has
// classes defined into (proxies, Lookup.defineClass): HotSpot's
// PackageEntry::has_loaded_class, which BootLoader.getSystemPackageNames sees.
std::vector<std::string> boot_loaded_packages();
bool boot_package_loaded(std::string_view package);

// Whether `loader` is one of the JDK's own: the boot loader (nullptr) or
// the platform loader. The runtime image's other modules (jdk.compiler)
// are the application loader's.
bool is_jdk_loader(const Object* loader);

// Calls fn on every class the VM holds (array and hidden classes
// included), without the dictionary's lock: for the collector, at a global
// safepoint.
void for_each_class_at_safepoint(const std::function<void(Klass*)>& fn);

// The class if `loader` is its initiating or defining loader already, else nullptr.
Klass* find_loaded_class(const Symbol* name, Object* loader);
// JVMS §5.3.5: creates a class from bytes (ClassLoader.defineClass1,
// Lookup.defineClass). `name` may be nullptr (taken from the bytes).
// `source` is what -verbose:class prints ("jrt:/java.base", "file:/...").
Klass* define_class(JavaThread* thread, const Symbol* name, std::span<const uint8_t> bytes,
                    Object* loader, Object* protection_domain, std::string_view source);

// JVMS §5.3.5 for Lookup.defineHiddenClass: a hidden class, named
// "<name>/0x<suffix>" (`name`, internal form, or else its this_class), in no
// loader's dictionary, its methods hidden from stack traces. `nest_host` is
// the dynamic nest host (nullptr: itself).
Klass* define_hidden_class(JavaThread* thread, const Symbol* name, std::span<const uint8_t> bytes,
                           Object* loader, Object* protection_domain, Klass* nest_host,
                           std::string_view source);

// JVMS §5.4: verification is not done (as with -Xverify:none); preparation
// lays out fields, builds the vtable and itables, binds nothing yet.
bool link_class(JavaThread* thread, Klass* klass);
// JVMS §5.5, all twelve steps: runs <clinit> through java_calls.h once,
// waits for another thread's initialization, records failures so that later
// uses throw NoClassDefFoundError "Could not initialize class X".
bool initialize_class(JavaThread* thread, Klass* klass);

// The class of one-dimensional arrays of `component`, created on demand.
Klass* array_klass_of(JavaThread* thread, Klass* component);
// [Z [C [F [D [B [S [I [J, created at start-up.
Klass* primitive_array_klass(BasicType element);
// The mirror's Klass (an injected field of java.lang.Class); nullptr for primitive mirrors.
Klass* klass_of_mirror(Object* mirror);
// The java.lang.Class of a primitive type, including void.
Object* primitive_mirror(BasicType type);
// The BasicType of a primitive mirror, or kObject for class mirrors.
BasicType primitive_type_of_mirror(Object* mirror);

}  // namespace minijvm
