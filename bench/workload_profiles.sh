#!/usr/bin/env bash
# What the exact profilers cost on the real applications (bench/workloads):
# each workload at a size unprofiled, with -profile=cct and with
# -profile=bcount, interleaved, best of N wall-clock runs each, as ratios to
# the unprofiled run (its output must stay the same, or WRONG), whole and
# without the time the run took to write its profile ("run": the best of
# the runs' wall-clock times less their write times, -Xlog:profiler); then
# the peak memory unprofiled and under cct (GNU time), and the cct
# profile's contexts, size, write time and the time `minijvm prof summary`
# takes to read it back. PROFILE names the cct profile's file, so
# `.json.gz` measures compressed profiles. VM_OPTS adds options to every
# run: VM_OPTS=-Xint measures the interpreter alone.
#
# usage: [VM_OPTS=...] bench/workload_profiles.sh [BUILD_DIR] [RUNS] [SIZE] [PROFILE] [WORKLOAD...]
#        (default: build, 3, small, profile.json, every workload)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}
size=${3:-small}
profile_name=${4:-profile.json}
shift $(($# < 4 ? $# : 4))
. "$root/bench/common.sh"
. "$root/bench/workloads/workloads.sh"
workload_bench_init "$build"

read -r -a vm_opts <<<"${VM_OPTS:-}"
vm=("$build/minijvm" "${vm_opts[@]}")

run_plain() { in_dir plain "${vm[@]}"; }
run_cct() {
  in_dir cct "${vm[@]}" -Xlog:profiler:file="$work/cct.log" -profile=cct:out="$work/$profile_name"
}
run_bcount() {
  in_dir bcount "${vm[@]}" -Xlog:profiler:file="$work/bcount.log" -profile=bcount:out="$work/bcount.json"
}
# Each run writes its profile afresh, with the runs before it on disk.
before_run() {
  case $1 in
    cct) rm -f "$work/$profile_name" ;;
    bcount) rm -f "$work/bcount.json" ;;
  esac
  sync
}
write_of_cct() { written_in "$work/cct.log"; }
write_of_bcount() { written_in "$work/bcount.log"; }
ratio_of() {  # ratio_of VARIANT [run] : its ratio to the plain run (whole, or without the write), or WRONG
  if cmp -s "$work/run.plain.out" "$work/run.$1.out" &&
    diff -r -q "$work/plain/out" "$work/$1/out" >/dev/null; then
    local t=${best[$1]}
    [ "${2:-}" = run ] && t=${best_run[$1]}
    printf '%.2fx' "$(ratio "$t" "${best[plain]}")"
  else
    printf WRONG
  fi
}

printf '%-9s %10s %7s %7s %7s %7s %9s %9s %10s %8s %8s %7s\n' workload unprofiled cct run bcount run \
  "peak MiB" "with cct" contexts "size MB" "write s" "read s"
for name in ${@:-$WORKLOADS}; do
  workload_setup "$name" "$size" "$root/bench/workloads" "$drivers" || { echo "unknown workload $name"; continue; }
  if missing=$(workload_missing) && [ -n "$missing" ]; then
    printf '%-9s %s\n' "$name" "not installed: $missing ($WL_PACKAGE)"
    continue
  fi
  interleave "$work/run" plain cct bcount
  cct_ratio=$(ratio_of cct)
  cct_run=$(ratio_of cct run)
  bcount_ratio=$(ratio_of bcount)
  bcount_run=$(ratio_of bcount run)
  plain_mib=$(cd "$work/plain" && peak_mib "${vm[@]}" "${WL_ARGS[@]}")
  cct_mib=$(cd "$work/cct" && peak_mib "${vm[@]}" -profile=cct:out="$work/peak.json" "${WL_ARGS[@]}")
  rm -f "$work/peak.json" "$work/bcount.json" "$work/bcount.log"
  read -r contexts mb write read_s <<<"$(profile_facts "$build/minijvm" "$work/$profile_name" "$work/cct.log")"
  printf '%-9s %9.2fs %7s %7s %7s %7s %9s %9s %10s %8s %8s %7s\n' "$name" "${best[plain]}" "$cct_ratio" \
    "$cct_run" "$bcount_ratio" "$bcount_run" "$plain_mib" "$cct_mib" "$contexts" "$mb" "$write" "$read_s"
  rm -f "$work/$profile_name"
done
