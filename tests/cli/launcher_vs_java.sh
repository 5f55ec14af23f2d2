#!/usr/bin/env bash
# Differential checks of the launcher's error behaviour: the same command line
# under `java` and under `minijvm`, compared on exit code and stderr (the whole
# of it, or its first line where minijvm deliberately prints one line and java
# adds "Error: Could not create the Java Virtual Machine." lines).
#
# usage: launcher_vs_java.sh MINIJVM JAVA CLASSES_DIR WORK_DIR
set -u
minijvm=$1 java=$2 classes=$3 work=$4
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
compare all -cp
compare all -cp "$classes" NoSuch
compare all -cp "$classes" no.such.pkg.Main
compare all -cp bad Hello
compare all -cp trunc Hello
compare all -cp wrong Foo
compare all -cp version Hello
compare all -jar nosuch.jar

echo "$passes passed, $failures failed"
[ $failures = 0 ]
