#!/usr/bin/env bash
# The real-application workloads (bench/workloads) at a size, measured in one
# run: each under minijvm, `java -Xint` (HotSpot's interpreter) and `java`
# (default tiered JIT), interleaved, best of N wall-clock runs each, reported
# as minijvm's time against each (lower is better). What the application
# prints and writes must be the same under all three, or the row says WRONG.
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

run_minijvm() { in_dir minijvm "$build/minijvm"; }
run_xint() { in_dir xint "$java" -Xint; }
run_jit() { in_dir jit "$java"; }
# The fastest run's outputs are what is compared.
on_best() { rm -rf "$work/best-$1" && cp -r "$work/$1" "$work/best-$1"; }
same_outputs() {  # same_outputs A B : stdout (interleave's), stderr and out/ agree
  cmp -s "$work/run.$1.out" "$work/run.$2.out" && cmp -s "$work/best-$1/stderr" "$work/best-$2/stderr" &&
    diff -r -q "$work/best-$1/out" "$work/best-$2/out" >/dev/null
}

printf '%-9s %11s %11s %11s %12s %10s\n' workload minijvm "java -Xint" java "vs -Xint" "vs java"
for name in ${@:-$WORKLOADS}; do
  workload_setup "$name" "$size" "$root/bench/workloads" "$drivers" || { echo "unknown workload $name"; continue; }
  if missing=$(workload_missing) && [ -n "$missing" ]; then
    printf '%-9s %s\n' "$name" "not installed: $missing ($WL_PACKAGE)"
    continue
  fi
  interleave "$work/run" minijvm xint jit
  if same_outputs minijvm xint && same_outputs minijvm jit; then
    printf '%-9s %10.2fs %10.2fs %10.2fs %11.2fx %9.2fx\n' "$name" "${best[minijvm]}" "${best[xint]}" \
      "${best[jit]}" "$(ratio "${best[minijvm]}" "${best[xint]}")" "$(ratio "${best[minijvm]}" "${best[jit]}")"
  else
    printf '%-9s %10.2fs %10.2fs %10.2fs %12s %10s\n' "$name" "${best[minijvm]}" "${best[xint]}" \
      "${best[jit]}" WRONG WRONG
  fi
done
