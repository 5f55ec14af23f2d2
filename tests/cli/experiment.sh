#!/usr/bin/env bash
# minijvm prof experiment (README "Accuracy experiments"): a spec becomes
# one CSV row per job and an HTML report; the accuracy columns are what
# `prof compare` says of the same profiles and what the program implies
# (prof.Adversary, Arnold & Grove's Figure 1, on the bytecode clock so
# every repetition is the same experiment); failures and timeouts are
# rows; an interrupted experiment resumes; -j runs jobs side by side; GNU
# parallel runs the emitted job list and --merge combines its shards into
# the same table; the Slurm array script runs each task as Slurm would (a
# dry run: no cluster here); the report draws its plots in headless
# Chromium.
#
# usage: experiment.sh MINIJVM CLASSES WORK
set -u
minijvm=$1 classes=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# column FILE CONFIG-REGEX COLUMN [WORKLOAD]: the values of COLUMN in the
# rows of FILE whose config matches the regex (and of WORKLOAD), one per
# line (quoted CSV cells, read by Python's csv module).
column() {
  python3 -c '
import csv, re, sys
for row in csv.DictReader(open(sys.argv[1])):
    if re.search(sys.argv[2], row["config"]) and (len(sys.argv) < 5 or row["workload"] == sys.argv[4]):
        print(row[sys.argv[3]])' "$@"
}
rows() { python3 -c 'import csv, sys; print(sum(1 for _ in csv.DictReader(open(sys.argv[1]))))' "$1"; }

cat >spec.json <<EOF
{
  "name": "adversary",
  "workloads": [
    {"name": "adversary", "args": ["-cp", "$classes", "prof.Adversary", "20000"]},
    {"name": "missing", "args": ["-cp", "$classes", "prof.NoSuchClass"]}
  ],
  "configurations": [
    "timer:clock=bytecodes,interval=10033",
    "cbs:clock=bytecodes,interval=10033,stride={1,3},samples={1,16}"
  ],
  "repetitions": 2
}
EOF

# 1. A run: 2 workloads x 5 configurations x 2 repetitions = 20 rows.
"$minijvm" prof experiment spec.json --out local -j 2 --keep-runs >local.out 2>local.err ||
  fail "the experiment failed: $(tail -3 local.err)"
[ "$(rows local/results.csv)" = 20 ] || fail "local/results.csv has $(rows local/results.csv) rows, not 20"
grep -q '^minijvm prof experiment: 20/20 jobs done' local.err || fail "no progress lines: $(head -3 local.err)"
grep -q 'about [0-9]*m[0-9]*s left' local.err || fail "no time estimate in the progress lines"
ok=$(column local/results.csv . status adversary | sort -u)
[ "$ok" = ok ] || fail "adversary rows are not all ok: $ok"
missing=$(column local/results.csv . status missing | sort -u)
[ "$missing" = failed ] || fail "the missing class's rows are not 'failed': $missing"
column local/results.csv . error missing | head -1 | grep -q 'the unprofiled run exited with 1: .*NoSuchClass' ||
  fail "the failed row does not say why: $(column local/results.csv . error missing | head -1)"
head -1 local/results.csv | grep -q '^job,workload,profiler,config,clock,interval,stride,samples,seed,repetition,status,error,' ||
  fail "unexpected columns: $(head -1 local/results.csv)"

# The numbers the program implies. Adversary calls call_1 and call_2
# equally often after 200 field copies: the timer samples the first call
# after a tick, nearly always call_1 (half the edge weight); cbs with
# stride 1 and one sample per tick does the same; with 16 samples per
# tick it sees both calls alike.
timer=$(column local/results.csv '^timer' overlap_edge adversary | sort -u)
cbs11=$(column local/results.csv 'stride=1,samples=1$' overlap_edge adversary | sort -u)
cbs316=$(column local/results.csv 'stride=3,samples=16' overlap_edge adversary | sort -u)
[ "$(echo "$timer" | wc -l)" = 1 ] || fail "two repetitions on the bytecode clock differ: $timer"
awk -v t="$timer" 'BEGIN { exit !(t >= 45 && t <= 55) }' || fail "timer's edge overlap is $timer, not about 50%"
[ "$timer" = "$cbs11" ] || fail "cbs stride=1,samples=1 ($cbs11) is not the timer ($timer)"
awk -v t="$cbs316" 'BEGIN { exit !(t >= 95) }' || fail "cbs stride=3,samples=16's edge overlap is $cbs316, not >= 95%"
[ "$(column local/results.csv . overlap_context adversary | sort -u)" = "" ] ||
  fail "call-edge samplers have a context overlap"
[ "$(column local/results.csv '^timer' samples_taken adversary | sort -u)" = 417 ] ||
  fail "timer took $(column local/results.csv '^timer' samples_taken adversary | sort -u) samples, not 417 (4.18 M bytecodes / 10033)"
# The row's accuracy is prof compare's on the job's own profiles.
job=$(python3 -c 'import csv; print([r["job"] for r in csv.DictReader(open("local/results.csv")) if r["config"].endswith("stride=3,samples=16")][0])')
"$minijvm" prof compare "local/runs/job-$job/exact.json" "local/runs/job-$job/sampled.json" >compare.out
grep -q "overlap by call edge        $cbs316%" compare.out || fail "the row says $cbs316%, prof compare: $(cat compare.out)"
[ -f local/report.html ] || fail "no report"

# 2. Resuming: a row cut off by an interruption is dropped and its job
#    run again; the rows before it stay. Rows of jobs the spec does not
#    make are refused.
head -c -40 local/results.csv >cut.csv && cp cut.csv local/results.csv
"$minijvm" prof experiment spec.json --out local >resume.out 2>resume.err || fail "the resumed experiment failed"
grep -q '19 done before, 1 to run' resume.err || fail "the resumed run did not skip the 19 rows: $(head -1 resume.err)"
[ "$(rows local/results.csv)" = 20 ] || fail "after resuming, $(rows local/results.csv) rows"
# Another spec (the missing class left out) does not resume there: its
# report would show the other rows too.
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); s["workloads"] = s["workloads"][:1]; json.dump(s, open(sys.argv[2], "w"))' spec.json fewer.json
if "$minijvm" prof experiment fewer.json --out local >fewer.out 2>fewer.err; then
  fail "a spec without the missing class resumed the results of another"
fi
grep -q 'holds 10 rows of jobs this spec does not make (the first: workload missing, ' fewer.err ||
  fail "no message for rows of another spec: $(cat fewer.err)"
[ "$(rows local/results.csv)" = 20 ] || fail "the refused resume changed results.csv: $(rows local/results.csv) rows"

# Overheads only ("accuracy": false): no run with cct, the accuracy
# columns empty, the samples still counted (the timer's 417, as above).
cat >overheads.json <<EOF
{"name": "overheads", "accuracy": false,
 "workloads": [{"name": "adversary", "args": ["-cp", "$classes", "prof.Adversary", "20000"]}],
 "configurations": ["timer:clock=bytecodes,interval=10033"], "repetitions": 1}
EOF
"$minijvm" prof experiment overheads.json --out overheads >/dev/null 2>overheads.err ||
  fail "the overheads-only experiment failed: $(tail -2 overheads.err)"
[ "$(column overheads/results.csv . status)" = ok ] || fail "the overheads-only row is not ok: $(cat overheads/results.csv)"
[ -n "$(column overheads/results.csv . overhead)" ] || fail "the overheads-only row has no overhead"
[ "$(column overheads/results.csv . samples_taken)" = 417 ] ||
  fail "the overheads-only row took $(column overheads/results.csv . samples_taken) samples, not 417"
[ -z "$(column overheads/results.csv . with_cct_s)$(column overheads/results.csv . overlap_edge)" ] ||
  fail "the overheads-only row has a cct run or an accuracy"
case "$(column overheads/results.csv . command)" in
  *profile=cct*) fail "the overheads-only row's command records cct" ;;
esac

# An interrupt ends the runs under way and leaves no row for them; the
# same command finishes the rest.
cat >sleepy.json <<EOF
{"name": "sleepy", "timeout": 2,
 "workloads": [{"name": "adversary", "args": ["-cp", "$classes", "prof.Adversary", "2000"]},
               {"name": "sleeper", "args": ["-cp", "$classes", "prof.Sleeper"]}],
 "configurations": ["timer:clock=bytecodes,interval=10033"], "repetitions": 1}
EOF
"$minijvm" prof experiment sleepy.json --out sleepy >sleepy.out 2>sleepy.err &
pid=$!
for _ in $(seq 100); do [ "$(rows sleepy/results.csv 2>/dev/null)" = 1 ] && break; sleep 0.1; done
sleep 0.3
kill -INT $pid
wait $pid
status=$?
[ $status = 130 ] || fail "an interrupted experiment exits with $status, not 130"
grep -q 'interrupted with 1 of 2 jobs' sleepy.err || fail "no interruption message: $(tail -2 sleepy.err)"
[ "$(rows sleepy/results.csv)" = 1 ] || fail "the interrupted job left a row"
# Resumed, the sleeper times out after 2 s: a row with its error.
"$minijvm" prof experiment sleepy.json --out sleepy >/dev/null 2>sleepy2.err || fail "resuming sleepy failed"
[ "$(column sleepy/results.csv . status sleeper)" = timeout ] || fail "the sleeper's row is not a timeout"
column sleepy/results.csv . error sleeper | grep -q 'longer than 2 s' || fail "the timeout row does not say so"

# 3. GNU parallel: the job list, its shards merged into the same table.
#    (MINIJVM_EXPERIMENT_PARALLEL_JOBS=N runs only the first N jobs of the
#    list, as the sanitized build does, and merges what they wrote.)
"$minijvm" prof experiment spec.json --out par --emit parallel >emit.out || fail "--emit parallel failed"
[ "$(wc -l <par/jobs.txt)" = 20 ] || fail "par/jobs.txt has $(wc -l <par/jobs.txt) jobs"
jobs=${MINIJVM_EXPERIMENT_PARALLEL_JOBS:-20}
if ! command -v parallel >/dev/null; then
  fail "GNU parallel is not installed (Debian package parallel)"
elif [ "$jobs" = 20 ]; then
  parallel -j 2 <par/jobs.txt || fail "GNU parallel failed"
  "$minijvm" prof experiment --merge par 2>merge.err || fail "--merge failed: $(cat merge.err)"
  grep -q 'merged 20 shards of 20 jobs' merge.err || fail "merge: $(cat merge.err)"
  for c in job workload config status overlap_edge overlap_method hot_edge_coverage top10_methods samples_taken; do
    [ "$(column par/results.csv . $c)" = "$(column local/results.csv . $c)" ] ||
      fail "column $c of the merged shards differs from the local run"
  done
  # Merging with a shard missing says so.
  rm par/shards/job-3.csv
  "$minijvm" prof experiment --merge par 2>merge2.err && fail "--merge with a missing shard succeeded"
  grep -q '1 jobs have no shard yet' merge2.err || fail "merge of a partial set: $(cat merge2.err)"
else
  head -n "$jobs" par/jobs.txt | parallel -j 2 || fail "GNU parallel failed"
  [ "$(ls par/shards | wc -l)" = "$jobs" ] || fail "$jobs jobs wrote $(ls par/shards | wc -l) shards"
  "$minijvm" prof experiment --merge par 2>merge2.err && fail "--merge with shards missing succeeded"
  grep -q "$((20 - jobs)) jobs have no shard yet" merge2.err || fail "merge of a partial set: $(cat merge2.err)"
fi

# 4. Slurm: the array script is valid bash, one task per job, and each
#    task, run as Slurm runs it, writes its shard.
"$minijvm" prof experiment spec.json --out slurm --emit slurm >/dev/null || fail "--emit slurm failed"
bash -n slurm/experiment.sbatch || fail "the Slurm script is not valid bash"
grep -q '^#SBATCH --array=0-19$' slurm/experiment.sbatch || fail "no array of 20 tasks: $(grep SBATCH slurm/experiment.sbatch)"
for task in 0 7 19; do SLURM_ARRAY_TASK_ID=$task bash slurm/experiment.sbatch || fail "task $task failed"; done
[ "$(ls slurm/shards | wc -l)" = 3 ] || fail "the Slurm tasks wrote $(ls slurm/shards | wc -l) shards"

# 5. The report draws its plots in a browser: the heat map of cbs's
#    stride x samples grid (4 cells), a bar per configuration, a point per
#    configuration that has both measures.
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ]; then
  "$browser" --headless --no-sandbox --disable-gpu --dump-dom "file://$work/local/report.html" >dom.html 2>/dev/null
  grep -q 'data-drawn="yes"' dom.html || fail "the report's script did not finish in Chromium"
  [ "$(grep -o 'class="cell"' dom.html | wc -l)" = 4 ] || fail "the heat map has $(grep -o 'class="cell"' dom.html | wc -l) cells, not 4"
  [ "$(grep -o 'class="bar"' dom.html | wc -l)" = 5 ] || fail "$(grep -o 'class="bar"' dom.html | wc -l) bars, not 5"
  [ "$(grep -o 'class="point"' dom.html | wc -l)" = 5 ] || fail "$(grep -o 'class="point"' dom.html | wc -l) points, not 5"
  grep -q 'NoSuchClass' dom.html || fail "the failed runs are not listed"
else
  fail "Chromium is not installed (Debian package chromium)"
fi

# 6. Bad specs and options: one line and exit 1.
check_error() {  # check_error EXPECTED-SUBSTRING ARGS...
  local want=$1; shift
  "$minijvm" prof experiment "$@" >err.out 2>&1
  local status=$?
  [ $status = 1 ] || fail "prof experiment $* exits with $status"
  [ "$(wc -l <err.out)" = 1 ] && grep -q -e "$want" err.out || fail "prof experiment $*: $(cat err.out)"
}
echo '{"workloads": [], "configurations": ["timer"], "repetition": 2}' >typo.json
check_error "unknown field 'repetition'" typo.json
echo '{"workloads": [{"name": "a", "args": ["X"]}], "configurations": ["cct"]}' >exact.json
check_error "'cct' is not a sampler" exact.json
echo '{"workloads": [{"name": "a", "args": ["X"]}], "configurations": ["cbs:stride={1,2"]}' >brace.json
check_error "unbalanced braces" brace.json
echo '{"workloads": [' >broken.json
check_error "broken.json: .* at offset" broken.json
check_error "cannot read" no-such-spec.json
check_error "-j takes" spec.json -j 0

if [ $failures -gt 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "prof experiment: all checks passed"
