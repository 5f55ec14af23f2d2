#!/usr/bin/env bash
# The cost of profiling, measured in one run: each benchmark program under
# minijvm without a profiler, with -profile=cct, with -profile=bcount
# (bba=precise, no agent) and, unprofiled, under -Xsched=deterministic (which
# counts bytecodes as the profilers do and takes every poll's slow path), the
# four interleaved, best of N wall-clock runs each (writing the JSON profile
# included), reported as the ratio to the plain run, and for cct and bcount
# also without the time the run took to write its profile ("run": the best
# of the runs' times less their write times, -Xlog:profiler). Outputs must
# agree, or the column says WRONG. Then what the exact CCT costs in space: peak memory
# unprofiled and under cct (GNU time), and the cct profile's contexts, size,
# write time (-Xlog:profiler) and the time `minijvm prof summary` takes to
# read it back. VM_OPTS adds options to every run: VM_OPTS=-Xint measures
# the interpreter alone.
#
# usage: [VM_OPTS=...] bench/profile_overhead.sh [BUILD_DIR] [RUNS]      (default: build, 3)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}
. "$root/bench/common.sh"
compile_benchmarks "$root"/bench/java/*.java || exit 1
declare -A facts
read -r -a vm_opts <<<"${VM_OPTS:-}"
vm=("$build/minijvm" "${vm_opts[@]}")

run_plain() { "${vm[@]}" -cp "$work" "$name"; }
# Each run writes its profile afresh, with the runs before it on disk.
before_run() {
  case $1 in
    cct) rm -f "$work/$name.cct.json" ;;
    bcount) rm -f "$work/$name.bcount.json" ;;
  esac
  sync
}
run_cct() {
  "${vm[@]}" -Xlog:profiler:file="$work/$name.cct.log" -profile=cct:out="$work/$name.cct.json" \
    -cp "$work" "$name"
}
run_bcount() {
  "${vm[@]}" -Xlog:profiler:file="$work/$name.bcount.log" -profile=bcount:out="$work/$name.bcount.json" \
    -cp "$work" "$name"
}
write_of_cct() { written_in "$work/$name.cct.log"; }
write_of_bcount() { written_in "$work/$name.bcount.log"; }
run_sched() { "${vm[@]}" -Xsched=deterministic -cp "$work" "$name"; }

# A profiled column: its time and ratio (and, for a variant that writes a
# profile, the ratio without the write), or WRONG when the output differs.
column() {  # column VARIANT
  if cmp -s "$work/$name.plain.out" "$work/$name.$1.out"; then
    printf ' %11.2fs %7.2fx' "${best[$1]}" "$(ratio "${best[$1]}" "${best[plain]}")"
    [ -n "${best_run[$1]:-}" ] && printf ' %7.2fx' "$(ratio "${best_run[$1]}" "${best[plain]}")"
  else
    printf ' %12s %8s' "${best[$1]}" WRONG
    [ -n "${best_run[$1]:-}" ] && printf ' %8s' WRONG
  fi
  return 0
}

printf '%-14s %12s %12s %8s %8s %12s %8s %8s %12s %8s\n' benchmark unprofiled cct ratio run bcount \
  ratio run -Xsched ratio
for src in "$root"/bench/java/*.java; do
  name=$(basename "$src" .java)
  interleave "$work/$name" plain cct bcount sched
  printf '%-14s %11.2fs' "$name" "${best[plain]}"
  column cct
  column bcount
  column sched
  printf '\n'
  facts[$name]="$(peak_mib "${vm[@]}" -cp "$work" "$name") \
$(peak_mib "${vm[@]}" -profile=cct:out="$work/$name.peak.json" -cp "$work" "$name") \
$(profile_facts "$build/minijvm" "$work/$name.cct.json" "$work/$name.cct.log")"
  rm -f "$work/$name.peak.json" "$work/$name.bcount.json" "$work/$name.bcount.log"
done

printf '\n%-14s %10s %10s %10s %10s %9s %9s\n' benchmark "peak MiB" "with cct" contexts \
  "JSON MB" "write s" "read s"
for src in "$root"/bench/java/*.java; do
  name=$(basename "$src" .java)
  read -r plain_mib cct_mib contexts size write read_s <<<"${facts[$name]}"
  printf '%-14s %10s %10s %10s %10s %9s %9s\n' "$name" "$plain_mib" "$cct_mib" "$contexts" "$size" \
    "$write" "$read_s"
done
