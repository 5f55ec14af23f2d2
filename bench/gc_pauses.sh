#!/usr/bin/env bash
# Garbage-collection cost against HotSpot's Serial collector, measured in one
# run: each allocation-heavy program of bench/java/gc under
# `java -Xint -XX:+UseSerialGC -Xmx64m -Xlog:gc` and under
# `minijvm -Xmx64m -Xlog:gc`, alternating, best of N wall-clock runs each.
# Reported per program: the two wall times and their ratio minijvm / java,
# then, from each VM's fastest run, its -Xlog:gc lines summed up: the number
# of collections (Serial's `Pause Young` and `Pause Full` lines, minijvm's
# `Pause Full` ones), the total and the longest pause, and the ratio of the
# total pauses. Outputs must agree, or the ratio column says WRONG (the GC
# columns are still shown: they tell how far the run went).
#
# usage: bench/gc_pauses.sh [BUILD_DIR] [RUNS]      (default: build, 3)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}
. "$root/bench/common.sh"
java=$java_home/bin/java
compile_benchmarks "$root"/bench/java/gc/*.java || exit 1

# One run of $name, its -Xlog:gc lines written to $work/$name.VM.gc.
run_java() {
  rm -f "$work/$name.java.gc"*
  "$java" -Xint -Xshare:auto -XX:+UseSerialGC -Xmx64m -Xlog:gc:file="$work/$name.java.gc" -cp "$work" "$name"
}
run_mini() {
  rm -f "$work/$name.mini.gc"*
  "$build/minijvm" -Xmx64m -Xlog:gc:file="$work/$name.mini.gc" -cp "$work" "$name"
}

# gc_stats LOG: "COUNT TOTAL_MS MAX_MS" of the pauses a -Xlog:gc log names
# (`... GC(3) Pause Young (Allocation Failure) 24M->3M(61M) 1.234ms`).
gc_stats() {
  awk '/ GC\([0-9]+\) Pause / && $NF ~ /ms$/ {
         v = $NF; sub(/ms$/, "", v); n++; total += v; if (v + 0 > max) max = v + 0
       }
       END { printf "%d %.1f %.1f\n", n, total, max }' "$1"
}

# The GC figures of each variant's fastest run (common.sh's interleave).
declare -A stats
on_best() { stats[$1]=$(gc_stats "$work/$name.$1.gc"); }

printf '%-11s %10s %9s %6s | %9s %6s | %12s %10s %6s | %11s %9s\n' benchmark "java -Xint" minijvm ratio \
  "GCs java" mini "pauses java" mini ratio "max java" mini
for src in "$root"/bench/java/gc/*.java; do
  name=$(basename "$src" .java)
  stats=()
  interleave "$work/$name" java mini
  read -r nj sj mj <<<"${stats[java]}"
  read -r nm sm mm <<<"${stats[mini]}"
  if cmp -s "$work/$name.java.out" "$work/$name.mini.out"; then
    wall=$(printf '%5.1fx' "$(ratio "${best[mini]}" "${best[java]}")")
  else
    wall=WRONG
  fi
  if awk -v s="$sj" 'BEGIN { exit !(s > 0) }'; then
    pauses=$(printf '%5.1fx' "$(ratio "$sm" "$sj")")
  else
    pauses=-
  fi
  printf '%-11s %9.2fs %8.2fs %6s | %9d %6d | %10.1fms %8.1fms %6s | %9.1fms %7.1fms\n' "$name" \
    "${best[java]}" "${best[mini]}" "$wall" "$nj" "$nm" "$sj" "$sm" "$pauses" "$mj" "$mm"
done
