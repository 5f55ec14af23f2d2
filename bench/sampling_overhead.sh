#!/usr/bin/env bash
# The call-graph samplers' overhead and accuracy, in the shape of Arnold &
# Grove's Table 2 (CGO 2005, "Collecting and Exploiting High-Accuracy Call
# Graph Profiles in Virtual Machines"): the timer sampler (Jikes RVM's, the
# paper's baseline) and counter-based sampling over a grid of strides and
# samples per tick.
#
# Overhead: for each benchmark program, an unprofiled run and one run per
# sampler configuration (each sampler alone, wall clock, the given interval,
# writing its JSON profile included), interleaved, best of N wall-clock runs
# each, reported as the ratio to the unprofiled run. Outputs must agree, or
# the cell says WRONG.
#
# Accuracy: one more run per program and configuration that records the same
# execution twice, -profile=cct (the exact calling context tree, in the
# counting interpreter, so slower; only its profile matters here) and the
# sampler (wall clock, the same interval); the cell is `prof compare`'s
# overlap by call edge of the two.
#
# The interval defaults to 1ms, not the samplers' 10ms: the programs run
# for about a second at most, and 10ms gives too few ticks. BenchFib is left
# out: its exact CCT makes a context per call, 7 million of them.
#
# Run time: about 1.5 minutes with RUNS=1, 2.5 with the default 3 (13
# configurations, three programs of 0.3-1 s each; a `prof compare` of an
# exact CCT takes up to 2 s).
#
# usage: bench/sampling_overhead.sh [BUILD_DIR] [RUNS] [INTERVAL]
#                                                  (default: build, 3, 1ms)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}
interval=${3:-1ms}

# The cbs grid: a configuration per (stride, samples per tick).
strides=(1 3 7 15)
samples_per_tick=(1 16 32)

. "$root/bench/common.sh"
programs=()
for src in "$root"/bench/java/*.java; do
  case $(basename "$src") in BenchFib.java) ;; *) programs+=("$src") ;; esac
done
compile_benchmarks "${programs[@]}" || exit 1

# Configurations: a name (a shell-function suffix) and its -profile= spec
# without the clock and out= options.
configs=(timer)
declare -A spec=([timer]=timer)
for n in "${samples_per_tick[@]}"; do
  for s in "${strides[@]}"; do
    configs+=("cbs_${s}_$n")
    spec[cbs_${s}_$n]="cbs:stride=$s,samples=$n"
  done
done

# sampler_option CONFIG OUT : the -profile= option of CONFIG, writing OUT
sampler_option() {
  local sep=:
  case ${spec[$1]} in *:*) sep=, ;; esac
  echo "-profile=${spec[$1]}${sep}interval=$interval,clock=wall,out=$2"
}

run_plain() { "$build/minijvm" -cp "$work" "$name"; }
for c in "${configs[@]}"; do
  eval "run_$c() { \"\$build/minijvm\" \"\$(sampler_option $c \"\$work/\$name.$c.json\")\" -cp \"\$work\" \"\$name\"; }"
done

# accuracy CONFIG : sets acc (call-edge overlap in %, or "" when there is
# none) and nsamples (the sampler's samples) from one run under cct and the
# sampler; acc is WRONG when the output differs from the unprofiled run's.
accuracy() {
  local exact="$work/$name.exact.json" sampled="$work/$name.$1.acc.json"
  "$build/minijvm" -profile=cct:out="$exact" "$(sampler_option "$1" "$sampled")" \
    -cp "$work" "$name" >"$work/$name.acc.out" 2>"$work/$name.acc.err"
  nsamples=$(awk '/^minijvm: (timer|cbs): [0-9]+ samples/ { print $3 }' "$work/$name.acc.err")
  if ! cmp -s "$work/$name.plain.out" "$work/$name.acc.out"; then
    acc=WRONG
  else
    acc=$("$build/minijvm" prof compare "$exact" "$sampled" 2>/dev/null |
      awk '/^overlap by call edge/ { sub(/%$/, "", $NF); if ($NF ~ /^[0-9.]+$/) print $NF }')
  fi
  rm -f "$exact" "$sampled"
}

# Sums over programs for the final table (common.sh: the ratios), and of
# the accuracies.
declare -A accsum nacc
nprograms=${#programs[@]}

for src in "${programs[@]}"; do
  name=$(basename "$src" .java)
  interleave "$work/$name" plain "${configs[@]}"
  rm -f "$work/$name".*.json
  printf '\n%s: unprofiled %.2fs, interval %s, best of %s\n' "$name" "${best[plain]}" \
    "$interval" "$runs"
  printf '  %-12s %8s %8s %8s %10s\n' config time ratio samples edges
  for c in "${configs[@]}"; do
    accuracy "$c"
    printf '  %-12s %7.2fs' "$c" "${best[$c]}"
    same=0
    cmp -s "$work/$name.plain.out" "$work/$name.$c.out" && same=1
    ratio_column "$c" "$same"
    printf ' %8s' "${nsamples:-?}"
    case $acc in
      WRONG) printf ' %10s\n' WRONG; wrong[$c]=1 ;;
      '') printf ' %10s\n' n/a ;;
      *)
        printf ' %9.2f%%\n' "$acc"
        add_value accsum nacc "$c" "$acc"
        ;;
    esac
  done
done

# cell CONFIG : "ratio/accuracy" over the programs (geometric mean of the
# ratios, arithmetic mean of the accuracies), WRONG if any program's output
# differed, ? for a part not measured on every program.
cell() {
  if [ -n "${wrong[$1]:-}" ]; then echo WRONG; return; fi
  echo "$(geomean "$1" "$nprograms")/$(mean accsum nacc "$1" "$nprograms" %.1f)"
}

printf '\naverage over %d programs: overhead ratio (geometric mean) / call-edge overlap %% (mean)\n' \
  "$nprograms"
printf '  timer: %s\n' "$(cell timer)"
printf '  %-10s' cbs
for s in "${strides[@]}"; do printf ' %12s' "stride=$s"; done
printf '\n'
for n in "${samples_per_tick[@]}"; do
  printf '  %-10s' "samples=$n"
  for s in "${strides[@]}"; do printf ' %12s' "$(cell "cbs_${s}_$n")"; done
  printf '\n'
done
