#!/usr/bin/env bash
# -Xsched=deterministic (vm/runtime/scheduler.h): runs repeat exactly, the
# scheduling order is the documented one, the virtual clock jumps over
# sleeps, a deadlock is reported with the profile still written, and bad
# options are one-line errors.
#
# usage: deterministic.sh MINIJVM CLASSES WORK
set -u
minijvm=$1 classes=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() { "$minijvm" -Xss1m "$@"; }

# 1. Two runs of a racy program: same output, same (thread, method)
#    sequence. -Xlog:sched without decorations prints the summary line.
for i in 1 2; do
  run -Xsched=deterministic -Xlog:sched::none -cp "$classes" sched.Racy >racy$i.out 2>racy$i.err
  echo "exit $?" >>racy$i.out
done
grep -q '^counter ' racy1.out || fail "Racy did not run: $(cat racy1.out racy1.err)"
grep -q 'sequence hash [0-9a-f]\{16\}$' racy1.out || fail "no sequence hash: $(cat racy1.out)"
cmp -s racy1.out racy2.out || { fail "two runs differ:"; diff racy1.out racy2.out; }
[ -s racy1.err ] && fail "Racy wrote to stderr: $(cat racy1.err)"
# The default wall clock starts at 2025-01-01 (1735689600000 ms).
millis=$(sed -n 's/^currentTimeMillis //p' racy1.out)
[ "${millis:-0}" -ge 1735689600000 ] && [ "$millis" -lt 1735689660000 ] ||
  fail "the virtual wall clock is not at 2025-01-01: $millis"
# Another quantum is another schedule, just as repeatable.
for i in 1 2; do
  run -Xsched=deterministic:quantum=777 -Xlog:sched::none -cp "$classes" sched.Racy >q$i.out 2>&1
done
cmp -s q1.out q2.out || { fail "two runs with quantum=777 differ:"; diff q1.out q2.out; }
grep -q 'quantum 777,' q1.out || fail "quantum=777 not in effect: $(tail -1 q1.out)"

# Profiles of two runs are identical, byte for byte.
for i in 1 2; do
  run -Xsched=deterministic -profile=cct:out=racy$i.json -cp "$classes" sched.Racy >/dev/null 2>&1
done
[ -s racy1.json ] && cmp -s racy1.json racy2.json || fail "the profiles of two runs differ"

# 2. Yields switch in start order: once both threads run, their lines
#    alternate. (Which prints first depends on the monitors the two
#    contend for while their first line is linked and initialized: a
#    released monitor goes to the thread that has waited longest.)
run -Xsched=deterministic -cp "$classes" sched.Yielders >yield.out 2>&1
a_first=$'a0\nb0\na1\nb1\na2\nb2\na3\nb3\na4\nb4\ndone'
b_first=$'b0\na0\nb1\na1\nb2\na2\nb3\na3\nb4\na4\ndone'
[ "$(cat yield.out)" = "$a_first" ] || [ "$(cat yield.out)" = "$b_first" ] || { fail "Yielders:"; cat yield.out; }

# 3. Sleeps on the virtual clock: deadline order, and the time passed.
run -Xsched=deterministic -cp "$classes" sched.Sleepers >sleep.out 2>&1
expected=$'woke after 10 s\nwoke after 20 s\nwoke after 30 s\nat least 35 s passed: true'
[ "$(cat sleep.out)" = "$expected" ] || { fail "Sleepers:"; cat sleep.out; }

# 4. A deadlock: a one-line report naming the threads, exit 1, and the
#    requested profile written.
run -Xsched=deterministic -profile=cct:out=deadlock.json -cp "$classes" sched.Deadlock \
  >deadlock.out 2>deadlock.err
rc=$?
[ $rc = 1 ] || fail "Deadlock: exit $rc"
[ "$(cat deadlock.out)" = "started" ] || fail "Deadlock stdout: $(cat deadlock.out)"
grep -q '^minijvm: deadlock: every Java thread is blocked for good (.*"holds-first".*"holds-second"' \
  deadlock.err || fail "Deadlock stderr: $(cat deadlock.err)"
[ -s deadlock.json ] || fail "the deadlocked run wrote no profile"

# 5. Bad options.
for bad in -Xsched=random -Xsched=deterministic:quantum=0 -Xsched=deterministic:speed=2; do
  run "$bad" -cp "$classes" sched.Yielders >bad.out 2>bad.err
  rc=$?
  [ $rc = 1 ] && [ ! -s bad.out ] && [ "$(wc -l <bad.err)" = 1 ] &&
    grep -q "^minijvm: $bad: " bad.err || fail "$bad: exit $rc, $(cat bad.out bad.err)"
done

[ $failures = 0 ] && echo "deterministic scheduling: all checks passed"
[ $failures = 0 ]
