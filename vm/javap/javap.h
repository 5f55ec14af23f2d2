// `minijvm -javap`: prints classes the way the JDK 17 javap does.
//
//   minijvm -javap [-c] [-v] [-p] [-l] [-s] [-constants] CLASS|FILE.class ...
//
// The printers are ports of the JDK's com.sun.tools.javap writers (see
// class_printer.h for the map), driven by the class-file parser's model and
// the one bytecode table. tests/unit/test_javap.cpp compares the output with
// the real javap; tests/javap/compare.sh does the same from the shell.
//
// Byte-identical with javap (checked over every java.base class, ~7,900
// classes of six more JDK modules, the test programs and
// tests/javap/features): the default view, -p, -c, -l, -s, -constants and
// -v, including the constant pool, flags, StackMapTable frames (full form),
// annotations and type annotations, BootstrapMethods, InnerClasses,
// Record, PermittedSubclasses, NestHost/NestMembers, MethodParameters,
// module-info directives and Module* attributes, and JDK 17's Float/Double
// formatting (java_floating.cpp: "3.7499998E10", not the shortest form).
//
// Known differences:
//   * Classes that jlink regenerates in the runtime image differ in content:
//     java.lang.invoke.{Invokers,DirectMethodHandle,DelegatingMethodHandle,
//     LambdaForm}$Holder and jdk.internal.module.SystemModules*. We read
//     java.base.jmod; javap reads lib/modules.
//   * -v "Last modified": for a JDK class the date of the jmod (javap: of the
//     runtime image; the same file date in Debian's packages); for a class in
//     a jar the jar file's date (javap: the zip entry's). Jar URIs are not
//     percent-encoded.
//   * Output is always UTF-8; javap encodes in the locale's charset (so under
//     LANG=C it prints '?' for non-ASCII characters).
//   * A class file the parser rejects is reported as "Error: error while
//     reading NAME: java.lang.ClassFormatError: ..." (a truncated one as
//     javap words it: "Error: unexpected end of file while reading NAME").
//     javap prints some files HotSpot's checks reject (e.g. newer versions).
//   * Repeated LineNumberTable / LocalVariable(Type)Table attributes of one
//     Code attribute are printed merged, at the first one's place.
//   * Quoting of names that are not Java identifiers ("<init>", "[I") is
//     exact for Latin-1; other characters are taken as identifier letters.
//   * CharacterRangeTable, SourceID and CompilationID (javac -Xjcov only) are
//     hex-dumped like unknown attributes; javap decodes them.
//   * -public, -protected, -package, -sysinfo, --module and -XD options are
//     not supported (JavapOptions has no field for them).
#pragma once

#include <iosfwd>

#include "vm/javap/javap_options.h"

namespace minijvm {
class ClassPath;
}

namespace minijvm::javap {

// Runs javap over options.classes. Each is either a binary name
// ("java.lang.String"; "java.util.Map.Entry" also finds Map$Entry), looked
// up in `boot` first and then in `app` as class loading delegates, or a path
// ending in ".class". A name that is not found prints "Error: class not
// found: NAME" to `err`; a class file that does not parse prints one line
// naming it and the ClassFormatError message; either way the remaining
// classes are still printed. Returns the exit code javap would: as in the
// JDK's JavapTask, the LAST class decides (1 if it failed, else 0), so
// `javap NoSuch java.lang.Object` exits 0; 2 if no classes are given.
int run(const JavapOptions& options, const ClassPath& boot, const ClassPath& app,
        std::ostream& out, std::ostream& err);

}  // namespace minijvm::javap
