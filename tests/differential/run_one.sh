#!/usr/bin/env bash
# Runs one program under `java` and under `minijvm` from the same class files
# and requires identical stdout, stderr and exit code (HotSpot is the oracle).
#
# usage: run_one.sh MINIJVM JAVA CLASSES WORK MAIN_CLASS [ARGS...]
# A file tests/java/stdin/<MAIN_CLASS>.txt, if present, is the standard input.
set -u
minijvm=$1 java=$2 classes=$3 work=$4 main=$5
shift 5
stdin=$(dirname "$0")/../java/stdin/$main.txt
[ -f "$stdin" ] || stdin=/dev/null
dir=$work/$main
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 2
"$java" -Xss1m -cp "$classes" "$main" "$@" <"$stdin" >java.out 2>java.err; jrc=$?
"$minijvm" -Xss1m -cp "$classes" "$main" "$@" <"$stdin" >mini.out 2>mini.err; mrc=$?
ok=1
if [ "$jrc" != "$mrc" ]; then echo "exit code: java $jrc, minijvm $mrc"; ok=0; fi
if ! cmp -s java.out mini.out; then echo "stdout differs:"; diff java.out mini.out | head -20; ok=0; fi
if ! cmp -s java.err mini.err; then echo "stderr differs:"; diff java.err mini.err | head -20; ok=0; fi
[ $ok = 1 ] && echo "identical: $main"
[ $ok = 1 ]
