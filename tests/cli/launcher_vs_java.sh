#!/usr/bin/env bash
# Differential checks of the launcher's error behaviour: the same command line
# under `java` and under `minijvm`, compared on exit code and stderr (the whole
# of it, or its first line where minijvm deliberately prints one line and java
# adds "Error: Could not create the Java Virtual Machine." lines).
#
# usage: launcher_vs_java.sh MINIJVM JAVA CLASSES_DIR WORK_DIR
set -u
minijvm=$(realpath "$1") java=$(realpath "$2") classes=$(realpath "$3") work=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
failures=0 passes=0

# Corrupt class files made from a javac-compiled Hello.
hello=$classes/Hello.class
mkdir -p bad trunc wrong version
cp "$hello" bad/Hello.class
printf '\xca\xfe\xba\xbf' | dd of=bad/Hello.class conv=notrunc status=none
head -c 100 "$hello" > trunc/Hello.class
cp "$hello" wrong/Foo.class
cp "$hello" version/Hello.class
printf '\x00\x45' | dd of=version/Hello.class bs=1 seek=6 conv=notrunc status=none

# compare MODE ARGS...: MODE is "all" (exit code + whole stderr + stdout) or
# "first" (exit code + first stderr line).
compare() {
  local mode=$1; shift
  "$java" "$@" >java.out 2>java.err; local jrc=$?
  "$minijvm" "$@" >mini.out 2>mini.err; local mrc=$?
  local ok=1
  [ "$jrc" = "$mrc" ] || ok=0
  if [ "$mode" = all ]; then
    cmp -s java.err mini.err || ok=0
    cmp -s java.out mini.out || ok=0
  else
    [ "$(head -n 1 java.err)" = "$(head -n 1 mini.err)" ] || ok=0
    [ "$(wc -l < mini.err)" -eq 1 ] || ok=0
  fi
  if [ $ok = 1 ]; then
    passes=$((passes + 1))
  else
    failures=$((failures + 1))
    echo "FAIL ($mode): $*"
    echo "  java exit $jrc, minijvm exit $mrc"
    diff -u java.err mini.err | sed 's/^/  /' | head -20
  fi
}

compare first -foo Hello
compare first -Xmx12q -cp "$classes" Hello
compare first -Xss1q -cp "$classes" Hello
compare first -XX:+NoSuchFlag -cp "$classes" Hello
compare first -XX:hashCode=2 -cp "$classes" Hello
compare first -XX:+UnlockExperimentalVMOptions -XX:hashCode=x -cp "$classes" Hello
compare all -XX:+UnlockExperimentalVMOptions -XX:hashCode=2 -cp "$classes" Hello
compare all -Xmx1m -cp "$classes" Hello
compare all -Xms512k -cp "$classes" Hello
compare all -Xms64m -Xmx32m -cp "$classes" Hello
compare all -Xms300m -cp "$classes" Hello
compare first -XX:MaxRAMPercentage=150 -cp "$classes" Hello
compare first -XX:InitialRAMPercentage=x -cp "$classes" Hello
compare all -XX:MaxRAMPercentage=0 -cp "$classes" Hello
compare all -XX:InitialRAMPercentage=100 -Xmx64m -cp "$classes" Hello
compare all -XX:InitialRAMPercentage=50 -XX:MaxRAMPercentage=10 -cp "$classes" Hello
compare first -Xmn0 -cp "$classes" Hello
compare first -Xmnx -cp "$classes" Hello
compare all -Xmn8m -cp "$classes" Hello
compare first -XX:MaxInlineSize=abc -cp "$classes" Hello
compare first -XX:MaxInlineLevel=-1 -cp "$classes" Hello
compare first -XX:MaxInlineSize=99999999999 -cp "$classes" Hello
compare all -XX:MaxInlineSize=0 -XX:MaxInlineLevel=0 -XX:-Inline -cp "$classes" Hello
compare all -cp
compare all -cp "$classes" NoSuch
compare all -cp "$classes" no.such.pkg.Main
compare all -cp bad Hello
compare all -cp trunc Hello
compare all -cp wrong Foo
compare all -cp version Hello
compare all -jar nosuch.jar
# The module options become the jdk.module.* properties of the module
# system, in both spellings; without a value they are java's error.
compare all -cp "$classes" launcher.OpensJavaLang
compare all --add-opens java.base/java.lang=ALL-UNNAMED -cp "$classes" launcher.OpensJavaLang
compare all --add-opens=java.base/java.lang=ALL-UNNAMED -cp "$classes" launcher.OpensJavaLang
compare all --add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-modules java.logging \
  -cp "$classes" Hello
compare first --add-opens

# check NAME CONDITION...: a minijvm-only expectation.
check() {
  local name=$1; shift
  if "$@"; then passes=$((passes + 1)); else failures=$((failures + 1)); echo "FAIL: $name"; fi
}

# -verbose:class: the main class's line is HotSpot's, minus the uptime.
"$java" -verbose:class -cp "$classes" Hello >java.out 2>/dev/null
"$minijvm" -verbose:class -cp "$classes" Hello >mini.out 2>mini.err
strip() { grep -E "\] $1 source:" | sed 's/^\[[0-9.]*s\]//'; }
check "-verbose:class line for Hello" \
  test "$(strip Hello <java.out)" = "$(strip Hello <mini.out)" -a -n "$(strip Hello <mini.out)"
check "-verbose:class shows java.lang.Object from java.base" \
  grep -q '\[info\]\[class,load\] java.lang.Object source: jrt:/java.base$' mini.out

# Running: a class on the class path, a .class file (its package decides the
# class path root), and a jar's Main-Class print what java prints.
compare all -cp "$classes" Hello
"$java" -cp "$classes" Hello >java.out 2>&1
"$minijvm" "$classes/Hello.class" >mini.out 2>&1; rc=$?
check "Hello.class runs as java -cp DIR Hello does" cmp -s java.out mini.out
check "Hello.class exit code 0" test $rc = 0
mkdir -p jar/META-INF && cp "$classes/Hello.class" jar/
printf 'Manifest-Version: 1.0\r\nMain-Class: Hello\r\n\r\n' > jar/META-INF/MANIFEST.MF
(cd jar && "$(dirname "$java")/jar" cfm ../hello.jar META-INF/MANIFEST.MF Hello.class)
compare all -jar hello.jar
printf 'Manifest-Version: 1.0\r\n\r\n' > jar/META-INF/MANIFEST.MF
(cd jar && "$(dirname "$java")/jar" cfm ../nomain.jar META-INF/MANIFEST.MF Hello.class)
compare all -jar nomain.jar
printf 'not a zip' > corrupt.jar
compare all -jar corrupt.jar

# Modules: -m/--module runs a main class in a named module, the JDK's own
# (javac, in jdk.compiler) or one on -p/--module-path; a system module's
# class is also found by its name alone, through the boot layer.
jdk_bin=$(dirname "$java")
printf 'public class Small { public static void main(String[] a) { System.out.println(a.length); } }\n' > Small.java
for how in "-m jdk.compiler/com.sun.tools.javac.Main" "--module jdk.compiler/com.sun.tools.javac.Main" \
           "--module=jdk.compiler/com.sun.tools.javac.Main" "com.sun.tools.javac.Main"; do
  rm -rf javac-out mini-out
  # shellcheck disable=SC2086  # $how is several words
  "$java" $how -d javac-out Small.java >java.out 2>&1; jrc=$?
  # shellcheck disable=SC2086
  "$minijvm" $how -d mini-out Small.java >mini.out 2>&1; mrc=$?
  check "javac as '$how' writes the class file java's javac writes" \
    cmp -s javac-out/Small.class mini-out/Small.class
  check "javac as '$how': same output and exit code" test "$jrc$mrc" = 00 -a ! -s mini.out
done
mkdir -p modsrc/demo.mod/demo mods
printf 'module demo.mod { exports demo; }\n' > modsrc/demo.mod/module-info.java
printf 'package demo;\npublic class Main { public static void main(String[] a) {\n  System.out.println(Main.class.getModule() + " " + String.join(",", a)); } }\n' \
  > modsrc/demo.mod/demo/Main.java
"$jdk_bin/javac" -d mods/demo.mod modsrc/demo.mod/module-info.java modsrc/demo.mod/demo/Main.java
mkdir -p jars dup
"$jdk_bin/jar" --create --file jars/demo-main.jar --main-class demo.Main -C mods/demo.mod .
cp -r mods/demo.mod jars/demo-main.jar dup/
compare all -p mods -m demo.mod/demo.Main x y
compare all --module-path mods --module demo.mod/demo.Main x
compare all --module-path=mods -m demo.mod/demo.Main
compare all -p jars/demo-main.jar -m demo.mod
compare all -p jars -m demo.mod z
compare all -p dup -m demo.mod
compare all -p mods -m no.such.mod/demo.Main
compare all -p mods -m demo.mod/demo.NoSuch
compare first -m
compare first -cp "$classes" -p

# -javap on the command line prints what javap prints.
"$(dirname "$java")/javap" -c -cp "$classes" Hello >java.out 2>&1
"$minijvm" -cp "$classes" -javap -c Hello >mini.out 2>&1
check "-javap -c Hello equals javap -c Hello" cmp -s java.out mini.out

# Version and usage.
"$minijvm" -version >mini.out 2>mini.err; rc=$?
check "-version names minijvm and the JDK 17 on stderr" \
  grep -q 'class library: OpenJDK 17' mini.err
check "-version exits 0 and prints nothing on stdout" test $rc = 0 -a ! -s mini.out
"$minijvm" >mini.out 2>mini.err; rc=$?
check "no arguments: usage on stderr, exit 1" grep -q '^Usage: minijvm' mini.err
check "no arguments exit code" test $rc = 1

echo "$passes passed, $failures failed"
[ $failures = 0 ]
