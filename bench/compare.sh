#!/usr/bin/env bash
# Interpreter speed against HotSpot's interpreter, measured in one run:
# each benchmark program under `java -Xint` and under `minijvm`, best of N
# wall-clock runs each, reported as the ratio minijvm / java -Xint (lower is
# better). Outputs must agree, or the benchmark is reported as wrong.
#
# usage: bench/compare.sh [BUILD_DIR] [RUNS]      (default: build, 3)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}
. "$root/bench/common.sh"
java=$java_home/bin/java
compile_benchmarks "$root"/bench/java/*.java || exit 1
classes=$work

printf '%-14s %12s %12s %8s\n' benchmark "java -Xint" minijvm ratio
for src in "$root"/bench/java/*.java; do
  name=$(basename "$src" .java)
  tj=$(best_of "$classes/$name.java.out" "$java" -Xint -Xshare:auto -cp "$classes" "$name")
  tm=$(best_of "$classes/$name.mini.out" "$build/minijvm" -cp "$classes" "$name")
  if ! cmp -s "$classes/$name.java.out" "$classes/$name.mini.out"; then
    printf '%-14s %12s %12s %8s\n' "$name" "$tj" "$tm" WRONG
    continue
  fi
  printf '%-14s %11.2fs %11.2fs %7.1fx\n' "$name" "$tj" "$tm" "$(awk -v m="$tm" -v j="$tj" 'BEGIN { print m / j }')"
done
