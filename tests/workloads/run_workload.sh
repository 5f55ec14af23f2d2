#!/usr/bin/env bash
# One real-application workload (bench/workloads/workloads.sh) at its small
# size, under `java` and under `minijvm`, from two scratch directories: stdout,
# stderr, exit code and every file the application writes under out/ must be
# byte-identical. The mode says how minijvm runs:
#   plain      as it is
#   sched      under -Xsched=deterministic, every method compiled (-Xcomp)
#   safepoint  under -XX:+SafepointALot, with a low compile threshold (the
#              tiers mix, loops move into compiled code while they run)
#   oracle     under -profile=cct, and its CCT projected on application
#              frames must equal the HotSpot agent's (tests/oracle): with
#              `exact`, calls and bytecodes; with `report`, the agreement is
#              only printed (for workloads whose CCT depends on the run: see
#              README). The agent
#              must not report an internal error in any case (its stderr
#              would differ).
#
# usage: run_workload.sh NAME MODE MINIJVM JAVA SRC DRIVERS WORK [AGENT [exact|report]]
set -u
name=$1 mode=$2 minijvm=$(realpath "$3") java=$(realpath "$4") src=$(realpath "$5")
drivers=$6 work=$7 agent=${8:-} oracle=${9:-exact}
# shellcheck source=../../bench/workloads/workloads.sh
. "$src/workloads.sh"
workload_setup "$name" small "$src" "$drivers" || { echo "unknown workload $name"; exit 2; }
if missing=$(workload_missing) && [ -n "$missing" ]; then
  echo "FAIL: $missing is not installed: apt-get install $WL_PACKAGE (README's set-up command)"
  exit 1
fi
rm -rf "$work" && mkdir -p "$work/java/out" "$work/minijvm/out" || exit 2

run() {  # run DIR VM... : the workload from DIR, its streams and exit code kept there
  local dir=$1; shift
  (cd "$dir" && "$@" "${WL_ARGS[@]}" >stdout 2>stderr; echo $? >rc)
}

minijvm_options=()
java_options=()
case "$mode" in
  plain) ;;
  sched) minijvm_options=(-Xsched=deterministic -Xcomp) ;;
  safepoint) minijvm_options=(-XX:+SafepointALot -XX:CompileThreshold=7) ;;
  oracle)
    # Rhino probes its ObjToIntMap by identity hash code, so its CCT depends
    # on the VM's hash codes: both VMs make them all 1 (-XX:hashCode=2).
    # javac, scalac and Jython do not run correctly that way (both VMs fail
    # alike): their CCTs are only reported (see README).
    same_hashes=()
    [ "$name" = rhino ] && same_hashes=(-XX:+UnlockExperimentalVMOptions -XX:hashCode=2)
    # Batik keeps its last gradient raster through a WeakReference (and
    # tiles through soft ones): when a collection clears one decides which
    # code runs next, so neither VM collects during the run (a heap that
    # holds all it allocates, and an allocation budget as large for
    # minijvm; HotSpot's Epsilon collector never collects).
    minijvm_heap=() java_heap=()
    if [ "$name" = batik ]; then
      minijvm_heap=(-Xms1g -Xmn1g)
      java_heap=(-XX:+UnlockExperimentalVMOptions -XX:+UseEpsilonGC -Xms1g -Xmx1g -Xlog:gc+init=off)
    fi
    # startup=include: the threads running before main (Finalizer,
    # Common-Cleaner) are recorded too, as the agent records every thread:
    # finalize() methods of the application run on the Finalizer thread.
    minijvm_options=("${same_hashes[@]}" "${minijvm_heap[@]}" "-profile=cct:out=$work/cct.json,startup=include")
    # minijvm does not verify bytecode (-Xverify:none): neither does HotSpot
    # here, or its verifier would load classes through an application's own
    # class loader (Rhino's, Jython's) where minijvm does not.
    java_options=("${same_hashes[@]}" "${java_heap[@]}" --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED
                  --add-exports java.base/jdk.internal.org.objectweb.asm.commons=ALL-UNNAMED
                  --add-exports java.base/jdk.internal.access=ALL-UNNAMED
                  -XX:+UnlockDiagnosticVMOptions -XX:-BytecodeVerificationRemote
                  "-javaagent:$agent=$work/oracle.json") ;;
  *) echo "unknown mode $mode"; exit 2 ;;
esac

run "$work/java" "$java" "${java_options[@]}"
run "$work/minijvm" "$minijvm" "${minijvm_options[@]}"

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
for f in rc stdout stderr; do
  # The profile's one-line summary on stderr is minijvm's own.
  [ "$f" = stderr ] && sed -i '/^minijvm: cct profile written to /d' "$work/minijvm/stderr"
  if ! cmp -s "$work/java/$f" "$work/minijvm/$f"; then
    fail "$name ($mode): $f differs"
    diff "$work/java/$f" "$work/minijvm/$f" | head -20
  fi
done
# The application's output files, by name and content.
(cd "$work/java/out" && find . -type f | sort) >"$work/java.files"
(cd "$work/minijvm/out" && find . -type f | sort) >"$work/minijvm.files"
if ! cmp -s "$work/java.files" "$work/minijvm.files"; then
  fail "$name ($mode): the output files differ"
  diff "$work/java.files" "$work/minijvm.files" | head -20
fi
files=0
while read -r f; do
  files=$((files + 1))
  cmp -s "$work/java/out/$f" "$work/minijvm/out/$f" || fail "$name ($mode): out/$f differs"
done <"$work/java.files"

if [ "$mode" = oracle ]; then
  # Reported workloads print their agreement only (each command reads both
  # profiles, Jython's 0.6 GB, again): the context-by-context diffs are
  # for the exact ones.
  if [ "$oracle" = exact ]; then
    for metric in calls bytecodes; do
      line=$("$minijvm" prof diff --app-only --metric "$metric" -n 5 "$work/oracle.json" "$work/cct.json")
      echo "oracle: $line"
      if ! head -n 1 <<<"$line" | grep -q '^0 contexts differ'; then
        fail "$name: the application CCT differs from the oracle's in $metric"
      fi
    done
  fi
  "$minijvm" prof compare --app-only --metric bytecodes "$work/oracle.json" "$work/cct.json" | sed 's/^/oracle: /'
fi

echo "$name ($mode): exit $(cat "$work/java/rc"), $(wc -l <"$work/java/stdout") lines of output, $files output files; $failures failures"
[ $failures = 0 ] && rm -rf "$work"
[ $failures = 0 ]
