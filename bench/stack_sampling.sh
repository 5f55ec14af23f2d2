#!/usr/bin/env bash
# The stack samplers' overhead and latency, in the shape of Figure 9 of Hofer,
# Gnedt & Mössenböck (ICPE 2015, "Lightweight Java Profiling with Partial
# Safepoints and Incremental Stack Tracing") and its discussion of latency:
# -profile=sample (a global safepoint and a walk of every thread, JVMTI-
# style), partial (partial safepoints, self-sampling), incremental
# (incremental stack tracing) and async (a tick taken at the next bytecode)
# at 10ms, 1ms and 100us, wall clock.
#
# Overhead: for each program, an unprofiled run and one run per sampler and
# interval (writing its JSON profile included), interleaved, best of N
# wall-clock runs each, reported as the ratio to the unprofiled run. Outputs
# must agree, or the cell says WRONG. The programs: two single-threaded ones
# (BenchObjects, BenchLambdas) and a multi-threaded one (BenchThreads, four
# workers on this machine's cores).
#
# Latency, from the profile's stats of each configuration's fastest run:
# timer ticks (a tick that takes longer than an interval skips the deadlines
# it missed, so a slow sampler gets fewer), samples, the mean time to
# safepoint (sample, partial, incremental: from the request until the
# threads it waits for stopped), the mean latency from a tick to its sample
# (partial, incremental, async; sample samples every thread at the safepoint
# and reports none), and for incremental the frames it decoded against those
# a full walk per sample would have decoded.
#
# Summary: per sampler and interval, the geometric mean of the ratios over
# the programs, and the mean of their latencies (for sample, the time to
# safepoint). Failed runs and configurations without samples are listed last.
#
# Run time: about 40 s with RUNS=1 and 2 minutes with the default 3 (13 runs
# per program and round, of 0.3-1.5 s each); a run is stopped after 300 s.
#
# usage: bench/stack_sampling.sh [BUILD_DIR] [RUNS]      (default: build, 3)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}

samplers=(sample partial incremental async)
intervals=(10ms 1ms 100us)
names=(BenchObjects BenchLambdas BenchThreads)
limit=300  # seconds: a run that takes longer is stopped (and is WRONG)

. "$root/bench/common.sh"
programs=()
for n in "${names[@]}"; do programs+=("$root/bench/java/$n.java"); done
compile_benchmarks "${programs[@]}" || exit 1

configs=()
for s in "${samplers[@]}"; do
  for i in "${intervals[@]}"; do configs+=("${s}_$i"); done
done

run_plain() { timeout "$limit" "$build/minijvm" -cp "$work" "$name" 2>"$work/$name.plain.err"; }
for c in "${configs[@]}"; do
  eval "run_$c() { timeout \"\$limit\" \"\$build/minijvm\" \
    -profile=${c%_*}:interval=${c##*_},clock=wall,out=\"\$work/\$name.$c.json\" \
    -cp \"\$work\" \"\$name\" 2>\"\$work/\$name.$c.err\"; }"
done

# Keeps the profile and stderr of each configuration's fastest run.
on_best() {
  [ "$1" = plain ] && return
  rm -f "$work/$name.$1.best.json" "$work/$name.$1.best.err"
  [ -f "$work/$name.$1.json" ] && mv "$work/$name.$1.json" "$work/$name.$1.best.json"
  cp "$work/$name.$1.err" "$work/$name.$1.best.err"
}

# stats JSON : the fields the table shows, blank-separated, - where absent:
# timer_ticks samples ttsp_mean_us latency_mean_us frames_decoded frames_full_walk
stats() {
  python3 - "$1" <<'EOF' 2>/dev/null || echo "? ? ? ? ? ?"
import json, sys
s = json.load(open(sys.argv[1]))["stats"]
def get(k): return s[k] if k in s else None
def us(v): return "-" if v is None else "%.1f" % (v / 1000)
lat = get("latency_mean")
if lat is not None and s.get("latency_unit") != "ns": lat = None
if "safepoints" in s: lat = None  # sample: no tick-to-sample latency
if not s.get("samples"): lat = None
ttsp = get("time_to_safepoint_mean_ns")
if not s.get("safepoints", s.get("partial_safepoints")): ttsp = None
print(get("timer_ticks") if "timer_ticks" in s else "-", get("samples") if "samples" in s else "-",
      us(ttsp), us(lat),
      get("frames_decoded") if "frames_decoded" in s else "-",
      get("frames_full_walk") if "frames_full_walk" in s else "-")
EOF
}

# Sums over programs for the summary (common.sh: the ratios), and of the
# latencies.
declare -A latsum nlat
nprograms=${#names[@]}
problems=()

for n in "${names[@]}"; do
  name=$n
  interleave "$work/$name" plain "${configs[@]}"
  printf '\n%s: unprofiled %.2fs, best of %s, wall clock\n' "$name" "${best[plain]}" "$runs"
  printf '  %-12s %6s %8s %8s %8s %8s %11s %11s %16s\n' sampler interval time ratio ticks \
    samples 'ttsp us' 'latency us' 'frames/full walk'
  for c in "${configs[@]}"; do
    read -r ticks samples ttsp lat dec full < <(stats "$work/$name.$c.best.json")
    printf '  %-12s %6s %7.2fs' "${c%_*}" "${c##*_}" "${best[$c]}"
    same=0
    cmp -s "$work/$name.plain.out" "$work/$name.$c.out" && [ -f "$work/$name.$c.best.json" ] && same=1
    ratio_column "$c" "$same"
    [ $same = 1 ] ||
      problems+=("$name $c: output differs or no profile; stderr: $(head -c 300 "$work/$name.$c.err" | tr '\n' ' ')")
    if [ "$samples" = 0 ]; then problems+=("$name $c: no samples"); fi
    frames=$dec
    if [ "$dec" != - ] && [ "$dec" != '?' ] && [ "$full" != - ]; then
      frames="$dec/$full"
      [ "$full" != 0 ] && [ "$full" != '?' ] &&
        frames="$frames $(awk -v d="$dec" -v f="$full" 'BEGIN { printf "%.0f%%", 100 * d / f }')"
    fi
    printf ' %8s %8s %11s %11s %16s\n' "$ticks" "$samples" "$ttsp" "$lat" "$frames"
    # The summary's latency: the tick-to-sample latency, or for sample the
    # time to safepoint (its samples' delay from the tick).
    l=$lat
    [ "${c%_*}" = sample ] && l=$ttsp
    case $l in
      ''|-|'?') ;;
      *) add_value latsum nlat "$c" "$l" ;;
    esac
  done
  rm -f "$work/$name".*.json "$work/$name".*.err
done

# ratio_cell CONFIG : the geometric mean of the ratios over the programs,
# WRONG if any program's output differed.
ratio_cell() {
  local g
  g=$(geomean "$1" "$nprograms")
  case $g in WRONG|'?') echo "$g" ;; *) echo "${g}x" ;; esac
}
latency_cell() { mean latsum nlat "$1" "$nprograms" %.1f; }  # in us

printf '\nover %d programs: overhead ratio (geometric mean)\n' "$nprograms"
printf '  %-12s' sampler
for i in "${intervals[@]}"; do printf ' %10s' "$i"; done
printf '\n'
for s in "${samplers[@]}"; do
  printf '  %-12s' "$s"
  for i in "${intervals[@]}"; do printf ' %10s' "$(ratio_cell "${s}_$i")"; done
  printf '\n'
done
printf '\nover %d programs: mean latency, us (sample: time to safepoint; others: tick to sample)\n' \
  "$nprograms"
printf '  %-12s' sampler
for i in "${intervals[@]}"; do printf ' %10s' "$i"; done
printf '\n'
for s in "${samplers[@]}"; do
  printf '  %-12s' "$s"
  for i in "${intervals[@]}"; do printf ' %10s' "$(latency_cell "${s}_$i")"; done
  printf '\n'
done

if [ ${#problems[@]} -gt 0 ]; then
  printf '\nproblems:\n'
  for p in "${problems[@]}"; do printf '  %s\n' "$p"; done
fi
