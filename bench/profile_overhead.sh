#!/usr/bin/env bash
# The cost of profiling, measured in one run: each benchmark program under
# minijvm without a profiler and with -profile=cct, best of N wall-clock runs
# each, reported as the ratio profiled / unprofiled. Outputs must agree.
#
# usage: bench/profile_overhead.sh [BUILD_DIR] [RUNS]      (default: build, 3)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}
. "$root/bench/common.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$java_home/bin/javac" -d "$work" "$root"/bench/java/*.java || exit 1

printf '%-14s %12s %12s %8s\n' benchmark unprofiled "cct" ratio
for src in "$root"/bench/java/*.java; do
  name=$(basename "$src" .java)
  tu=$(best_of "$work/$name.plain.out" "$build/minijvm" -cp "$work" "$name")
  tc=$(best_of "$work/$name.cct.out" "$build/minijvm" -profile=cct:out="$work/$name.json" -cp "$work" "$name")
  if ! cmp -s "$work/$name.plain.out" "$work/$name.cct.out"; then
    printf '%-14s %12s %12s %8s\n' "$name" "$tu" "$tc" WRONG
    continue
  fi
  printf '%-14s %11.2fs %11.2fs %7.2fx\n' "$name" "$tu" "$tc" "$(awk -v c="$tc" -v u="$tu" 'BEGIN { print c / u }')"
done
