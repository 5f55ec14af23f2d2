#!/usr/bin/env bash
# The two papers' accuracy experiments on minijvm (README "Accuracy
# experiments: results"), through `minijvm prof experiment`:
#
#   arnold-grove  timer, and cbs over stride {1,3,7,15} x samples per tick
#                 {1,8,16,32} (Arnold & Grove, Table 2), wall clock, 10 ms
#   hofer         sample, partial, incremental and async at 10 ms, 1 ms and
#                 0.1 ms (Hofer et al., Figure 9)
#   corners       the useful corners of both alone, for long workloads:
#                 timer and cbs 7 x 32 at 10 ms, partial and async at 1 ms
#
# on the workload suite (bench/workloads/) and the four longer differential
# programs (tests/java/diff/apps). SPECS names the experiments to run
# (default: arnold-grove hofer), APPS the differential programs (default:
# all four; APPS= leaves them out), ACCURACY=false measures overheads only
# (default: true). Each writes BUILD/experiments/NAME/
# results.csv and report.html; an interrupted run resumes (the results of
# another selection move to NAME.previous). Jobs run one at
# a time (-j 1): the overhead is a ratio of wall times, and a second job on
# a 2-core machine would be in every one of them.
#
# usage: bench/experiments.sh [BUILD] [REPETITIONS] [SIZE] [WORKLOAD...]
#   (default: build, 1, small, every workload but scalac, jython, javac and
#   rhino, whose jobs (three runs, one recording 8-29 million exact
#   contexts, and their comparison) take minutes each; name them to include
#   them)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
reps=${2:-1}
size=${3:-small}
shift $(($# > 3 ? 3 : $#))
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(xalan h2 sunflow batik)
. "$root/bench/workloads/workloads.sh"
drivers=$build/tests/workload-drivers
[ -f "$drivers/.stamp" ] || { echo "build the tests first (the workload drivers): cmake --build $build"; exit 1; }
out=$build/experiments
mkdir -p "$out"
# ACCURACY=false: overheads only (no run with cct; README "Accuracy
# experiments").
accuracy=${ACCURACY:-true}
case "$accuracy" in true|false) ;; *) echo "ACCURACY is true or false, not $accuracy" >&2; exit 2 ;; esac

# The workloads as the spec's JSON array: the suite's (each run from its own
# scratch directory, for the files it writes) and the differential apps.
workloads_json() {
  local name sep=""
  printf '['
  for name in "${names[@]}"; do
    workload_setup "$name" "$size" "$root/bench/workloads" "$drivers" || { echo "unknown workload $name" >&2; exit 1; }
    local missing
    missing=$(workload_missing)
    [ -z "$missing" ] || { echo "skipping $name: $missing is missing (Debian package $WL_PACKAGE)" >&2; continue; }
    mkdir -p "$out/dirs/$name/out"
    printf '%s\n  {"name": "%s", "dir": "%s", "args": [' "$sep" "$name" "$out/dirs/$name"
    local a first=1
    for a in "${WL_ARGS[@]}"; do
      [ $first = 1 ] || printf ', '
      first=0
      printf '"%s"' "$(printf '%s' "$a" | sed 's/\\/\\\\/g; s/"/\\"/g')"
    done
    printf ']}'
    sep=,
  done
  for app in ${APPS-JsonApp Interpreter BankSim TextIndexer}; do
    printf '%s\n  {"name": "%s", "args": ["-cp", "%s", "diff.apps.%s"]}' "$sep" "$app" "$build/tests/classes" "$app"
    sep=,
  done
  printf '\n]'
}
workloads=$(workloads_json)

cat >"$out/arnold-grove.json" <<EOF
{
  "name": "arnold-grove",
  "workloads": $workloads,
  "configurations": [
    "timer:clock=wall,interval=10ms",
    "cbs:clock=wall,interval=10ms,stride={1,3,7,15},samples={1,8,16,32}"
  ],
  "repetitions": $reps,
  "accuracy": $accuracy,
  "timeout": 600
}
EOF
cat >"$out/hofer.json" <<EOF
{
  "name": "hofer",
  "workloads": $workloads,
  "configurations": [
    "sample:clock=wall,interval={10ms,1ms,100us}",
    "partial:clock=wall,interval={10ms,1ms,100us}",
    "incremental:clock=wall,interval={10ms,1ms,100us}",
    "async:clock=wall,interval={10ms,1ms,100us}"
  ],
  "repetitions": $reps,
  "accuracy": $accuracy,
  "timeout": 600
}
EOF
cat >"$out/corners.json" <<EOF
{
  "name": "corners",
  "workloads": $workloads,
  "configurations": [
    "timer:clock=wall,interval=10ms",
    "cbs:clock=wall,interval=10ms,stride=7,samples=32",
    "partial:clock=wall,interval=1ms",
    "async:clock=wall,interval=1ms"
  ],
  "repetitions": $reps,
  "accuracy": $accuracy,
  "timeout": 900
}
EOF

status=0
for spec in ${SPECS:-arnold-grove hofer}; do
  # Results of another selection (workloads, repetitions, size) would not
  # resume: they move aside, so that this run starts afresh.
  if [ -f "$out/$spec/results.csv" ] && ! cmp -s "$out/$spec.json" "$out/$spec/spec.json"; then
    rm -rf "$out/$spec.previous"
    mv "$out/$spec" "$out/$spec.previous"
    echo "$spec: the earlier results, of another selection, moved to $out/$spec.previous" >&2
  fi
  "$build/minijvm" prof experiment "$out/$spec.json" --out "$out/$spec" -j 1 || status=1
done
exit $status
