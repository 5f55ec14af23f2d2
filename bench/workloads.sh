#!/usr/bin/env bash
# The real-application workloads (bench/workloads) at a size, measured in one
# run: each under minijvm -Xint (its interpreter), minijvm (with its
# template JIT), `java -Xint` (HotSpot's interpreter), `java
# -XX:TieredStopAtLevel=1` (C1) and `java` (default tiered JIT),
# interleaved, best of N wall-clock runs each, reported as minijvm's
# interpreter against HotSpot's, minijvm against C1 and against `java`, and
# the JIT's speed-up over minijvm's interpreter, and their geometric means.
# What the application prints and writes must be the same under all of
# them, or the row says WRONG.
#
# usage: bench/workloads.sh [BUILD_DIR] [RUNS] [SIZE] [WORKLOAD...]
#        (default: build, 3, large, every workload)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}
size=${3:-large}
shift $(($# < 3 ? $# : 3))
. "$root/bench/common.sh"
. "$root/bench/workloads/workloads.sh"
java=$java_home/bin/java
workload_bench_init "$build"

run_minijvm_int() { in_dir minijvm_int "$build/minijvm" -Xint; }
run_minijvm() { in_dir minijvm "$build/minijvm"; }
run_xint() { in_dir xint "$java" -Xint; }
run_c1() { in_dir c1 "$java" -XX:TieredStopAtLevel=1; }
run_jit() { in_dir jit "$java"; }
# The fastest run's outputs are what is compared.
on_best() { rm -rf "$work/best-$1" && cp -r "$work/$1" "$work/best-$1"; }
same_outputs() {  # same_outputs A B : stdout (interleave's), stderr and out/ agree
  cmp -s "$work/run.$1.out" "$work/run.$2.out" && cmp -s "$work/best-$1/stderr" "$work/best-$2/stderr" &&
    diff -r -q "$work/best-$1/out" "$work/best-$2/out" >/dev/null
}

r_int=() r_c1=() r_java=() r_up=()
printf '%-9s %9s %9s %9s %9s %9s | %8s %8s %8s %8s\n' workload "mj -Xint" minijvm "java-int" C1 java \
  "int/int" "jit/C1" "jit/java" speed-up
for name in ${@:-$WORKLOADS}; do
  workload_setup "$name" "$size" "$root/bench/workloads" "$drivers" || { echo "unknown workload $name"; continue; }
  if missing=$(workload_missing) && [ -n "$missing" ]; then
    printf '%-9s %s\n' "$name" "not installed: $missing ($WL_PACKAGE)"
    continue
  fi
  interleave "$work/run" minijvm_int minijvm xint c1 jit
  if same_outputs minijvm minijvm_int && same_outputs minijvm xint && same_outputs minijvm c1 &&
    same_outputs minijvm jit; then
    r_int+=("$(ratio "${best[minijvm_int]}" "${best[xint]}")") r_c1+=("$(ratio "${best[minijvm]}" "${best[c1]}")")
    r_java+=("$(ratio "${best[minijvm]}" "${best[jit]}")") r_up+=("$(ratio "${best[minijvm_int]}" "${best[minijvm]}")")
    printf '%-9s %8.2fs %8.2fs %8.2fs %8.2fs %8.2fs | %7.2fx %7.2fx %7.2fx %7.2fx\n' "$name" \
      "${best[minijvm_int]}" "${best[minijvm]}" "${best[xint]}" "${best[c1]}" "${best[jit]}" \
      "${r_int[-1]}" "${r_c1[-1]}" "${r_java[-1]}" "${r_up[-1]}"
  else
    printf '%-9s WRONG: the outputs differ\n' "$name"
  fi
done
if [ ${#r_c1[@]} -gt 0 ]; then
  printf '%-9s %9s %9s %9s %9s %9s | %7sx %7sx %7sx %7sx\n' geomean "" "" "" "" "" \
    "$(geo "${r_int[@]}")" "$(geo "${r_c1[@]}")" "$(geo "${r_java[@]}")" "$(geo "${r_up[@]}")"
fi
