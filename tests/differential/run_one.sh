#!/usr/bin/env bash
# Runs one program under `java` and under `minijvm` from the same class files
# and requires identical stdout, stderr and exit code (HotSpot is the oracle).
# Then runs it again under minijvm with the two exact profilers, cct and
# bcount, and the six samplers -- timer, cbs (with full contexts), sample,
# partial, incremental (verify=on) and async, on the bytecode clock that
# -Xsched makes the default -- recording the same execution, and with its
# threads under the deterministic scheduler (-Xsched=deterministic: one OS
# thread, fibers switched in a fixed order): the program must behave the
# same (stderr: apart from the profilers' summary lines), every profile must
# be written, the exact ones must agree, and each sampled one must hold what
# its stats count (`minijvm prof check`); and with cct and bcount alone,
# interpreted and with every method compiled (-Xint, -Xcomp), whose
# profiles must be equal byte for byte, unless nondeterministic.list names
# the program (MINIJVM_DIFF_PROFILE=0 skips these passes: the sanitized
# build does, where they would take most of CI's time).
# MINIJVM_DIFF_FLAGS may record a sampler in the first run too (the stress
# builds run incremental stack tracing with verify=on there): its summary
# lines are left out of the comparison, a verify mismatch is not.
# MINIJVM_DIFF_PLAIN_FLAGS, if set, runs the program once more with those
# options and no profiler (compiled code that does not count bytecodes), or
# once per '|'-separated set of options.
#
# usage: run_one.sh MINIJVM JAVA CLASSES WORK MAIN_CLASS [ARGS...]
# A file tests/java/stdin/<MAIN_CLASS>.txt, if present, is the standard input.
# A file tests/java/jvmflags/<MAIN_CLASS>.txt, if present, holds VM options
# (whitespace-separated words, e.g. `-Xmx64m`) given to every run, java's
# and minijvm's (the profiled one too), before -cp.
set -u
minijvm=$1 java=$2 classes=$3 work=$4 main=$5
shift 5
stdin=$(dirname "$0")/../java/stdin/$main.txt
[ -f "$stdin" ] || stdin=/dev/null
jvmflags=()
flags_file=$(dirname "$0")/../java/jvmflags/$main.txt
[ -f "$flags_file" ] && read -r -d '' -a jvmflags <"$flags_file"
dir=$work/$main
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 2
"$java" -Xss1m "${jvmflags[@]}" -cp "$classes" "$main" "$@" <"$stdin" >java.out 2>java.err; jrc=$?
# MINIJVM_DIFF_FLAGS: more minijvm options (the safepoint stress tests).
# shellcheck disable=SC2086
"$minijvm" -Xss1m "${jvmflags[@]}" ${MINIJVM_DIFF_FLAGS:-} -cp "$classes" "$main" "$@" <"$stdin" >mini.out 2>mini.all; mrc=$?
summary_lines='^minijvm: ((cct|bcount|timer|cbs|sample|partial|incremental|async) profile written to |bcount: default BBA|(timer|cbs|sample|partial|incremental|async): [0-9]+ samples from )'
grep -v -E "$summary_lines" mini.all >mini.err
ok=1
# against_java LABEL RC OUT [ERR]: a run's exit code, stdout and (if given)
# stderr against java's; a difference is reported after LABEL.
against_java() {
  if [ "$jrc" != "$2" ]; then echo "${1}exit code: java $jrc, minijvm $2"; ok=0; fi
  if ! cmp -s java.out "$3"; then echo "${1}stdout differs:"; diff java.out "$3" | head -20; ok=0; fi
  if [ -n "${4:-}" ] && ! cmp -s java.err "$4"; then echo "${1}stderr differs:"; diff java.err "$4" | head -20; ok=0; fi
}
against_java "" "$mrc" mini.out mini.err

# MINIJVM_DIFF_PLAIN_FLAGS: a second run with these options and no
# profiler, compared the same way. The first run's sampler (the stress
# builds record incremental stack tracing there) makes compiled code count
# bytecodes for its clock; this run checks the code a run without
# profiling gets, with no counting and its own fast paths.
# Several such runs are separated by '|' (each its own options).
IFS='|' read -r -a plain_passes <<<"${MINIJVM_DIFF_PLAIN_FLAGS:-}"
for plain_flags in "${plain_passes[@]}"; do
  [ -n "${plain_flags// /}" ] || continue
  # shellcheck disable=SC2086
  "$minijvm" -Xss1m "${jvmflags[@]}" $plain_flags -cp "$classes" "$main" "$@" <"$stdin" \
    >plain.out 2>plain.err; prc=$?
  against_java "unprofiled ($plain_flags): " "$prc" plain.out plain.err
done

if [ "${MINIJVM_DIFF_PROFILE:-1}" = 0 ] || grep -qx "$main" "$(dirname "$0")/unprofiled.list"; then
  [ $ok = 1 ] && rm -f ./*.json && echo "identical: $main (not profiled)"
  [ $ok = 1 ]
  exit
fi
"$minijvm" -Xss1m "${jvmflags[@]}" -Xsched=deterministic -profile=cct:out=cct.json -profile=bcount:out=bcount.json \
  -profile=timer:out=timer.json,interval=5000 -profile=cbs:out=cbs.json,interval=5000,context=full \
  -profile=sample:out=sample.json,interval=5000 -profile=partial:out=partial.json,interval=5000 \
  -profile=incremental:out=incremental.json,interval=5000,verify=on -profile=async:out=async.json,interval=5000 \
  -cp "$classes" \
  "$main" "$@" <"$stdin" >prof.out 2>prof.err; prc=$?
grep -v -E "$summary_lines" prof.err >prof.err.program
against_java "profiled: " "$prc" prof.out prof.err.program
# Same events, same tree: the two summaries name the same number of
# contexts and threads and the same hottest context with the same share.
# (Comparing the files context by context is the unit tests' job: profiles
# of programs that use much of the JDK have up to a million contexts.)
# A launcher error (no usable main class: "Error: ...", as java's) ends the
# run before the VM starts, and no profile is written.
summary() { sed -n -E "s/^minijvm: $1 profile written to [^ ]+ (.*)$/\1/p" prof.err; }
if [ "$prc" != 0 ] && head -1 prof.err | grep -q '^Error: ' && [ ! -e cct.json ] &&
  [ ! -e bcount.json ] && [ -z "$(summary cct)$(summary bcount)" ]; then
  :
else
  if [ ! -s cct.json ] || [ ! -s bcount.json ]; then echo "profiled: a profile is missing"; ok=0; fi
  if [ -z "$(summary cct)" ] || [ "$(summary cct)" != "$(summary bcount)" ]; then
    echo "profiled: cct and bcount summaries differ:"; grep '^minijvm: ' prof.err; ok=0
  fi
  for sampler in timer cbs sample partial incremental async; do
    if [ ! -s $sampler.json ] || [ -z "$(summary $sampler)" ]; then
      echo "profiled: the $sampler profile is missing"; ok=0
    elif ! "$minijvm" prof check $sampler.json >check.out 2>&1; then
      echo "profiled: $(cat check.out)"; ok=0
    fi
  done
fi

# Tiers: the exact profiles of the same run interpreted (-Xint) and with
# every method compiled at its first call (-Xcomp) must be equal byte for
# byte: calls, bytecodes and allocations per context, node by node. (Not
# against the run above: its async sampler reports counts at every call
# out, which moves the virtual clock of threaded programs.)
if [ -s cct.json ] && [ -s bcount.json ] && ! grep -qx "$main" "$(dirname "$0")/nondeterministic.list"; then
  for tier in int comp; do
    "$minijvm" -Xss1m "${jvmflags[@]}" -Xsched=deterministic -X$tier -profile=cct:out=cct-$tier.json \
      -profile=bcount:out=bcount-$tier.json -cp "$classes" "$main" "$@" <"$stdin" >$tier.out 2>$tier.err; trc=$?
    against_java "-X$tier: " "$trc" $tier.out
  done
  for p in cct bcount; do
    if ! cmp -s $p-int.json $p-comp.json; then
      echo "-Xcomp: the $p profile differs from -Xint's:"
      "$minijvm" prof diff $p-int.json $p-comp.json | head -5 | cut -c1-300; ok=0
    fi
  done
fi

# Profiles of big programs are large: kept only when something differs.
[ $ok = 1 ] && rm -f ./*.json && echo "identical: $main"
[ $ok = 1 ]
