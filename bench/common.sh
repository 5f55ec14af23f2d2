# Shared by the bench/ scripts (sourced): the JDK, and best-of-N timing.
# Expects $runs to be set by the caller.
java_home=${JAVA_HOME:-$(ls -d /usr/lib/jvm/java-17-openjdk-* 2>/dev/null | head -n 1)}

# compile_benchmarks SOURCE... : javac's the programs into $work, a scratch
# directory removed when the script exits.
compile_benchmarks() {
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  "$java_home/bin/javac" -d "$work" "$@"
}

time_run() {  # time_run OUTFILE CMD... : one run's wall-clock time, in seconds
  local out=$1 start end; shift
  start=$(date +%s.%N)
  "$@" >"$out" 2>/dev/null
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
}

faster() {  # faster T BEST : whether time T beats BEST (an empty BEST is beaten)
  [ -z "$2" ] || awk -v t="$1" -v b="$2" 'BEGIN { exit !(t < b) }'
}

ratio() {  # ratio A B : A / B
  awk -v a="$1" -v b="$2" 'BEGIN { print a / b }'
}

best_of() {  # best_of OUTFILE CMD... : the fastest of $runs runs, in seconds
  local out=$1 best="" t; shift
  for _ in $(seq "$runs"); do
    t=$(time_run "$out" "$@")
    if faster "$t" "$best"; then best=$t; fi
  done
  echo "$best"
}

# interleave PREFIX VARIANT... : runs the caller's shell functions
# run_VARIANT round-robin, $runs rounds, every other round in reverse order,
# so that a change in the machine's load falls on every variant alike; stdout
# of each goes to PREFIX.VARIANT.out and the fastest time of each to
# best[VARIANT]. If the caller defines on_best, it is called with VARIANT
# after each new fastest run (to keep what that run left behind), and
# before_run with VARIANT before each run, untimed (to remove what the
# previous run left: a profile file replaced, or still on its way to the
# disk, slowed the next run's write by up to 2x). A variant
# that writes a profile may define write_of_VARIANT, which prints the
# seconds the run took to write it (written_in): the fastest run without
# that goes to best_run[VARIANT].
declare -A best best_run
interleave() {
  local prefix=$1 v t round order w; shift
  best=()
  best_run=()
  for round in $(seq "$runs"); do
    order=("$@")
    if [ $((round % 2)) -eq 0 ]; then
      order=()
      for v in "$@"; do order=("$v" "${order[@]}"); done
    fi
    for v in "${order[@]}"; do
      if declare -F before_run >/dev/null; then before_run "$v"; fi
      t=$(time_run "$prefix.$v.out" "run_$v")
      if faster "$t" "${best[$v]:-}"; then
        best[$v]=$t
        if declare -F on_best >/dev/null; then on_best "$v"; fi
      fi
      if declare -F "write_of_$v" >/dev/null; then
        w=$(awk -v t="$t" -v w="$("write_of_$v")" 'BEGIN { printf "%.3f", t - (w == "" ? 0 : w) }')
        if faster "$w" "${best_run[$v]:-}"; then best_run[$v]=$w; fi
      fi
    done
  done
}

# Sums over the programs of a run, by configuration, for its summary tables:
# the logs of the ratios (a geometric mean), and any other measure's sum and
# count (an arithmetic mean). wrong[CONFIG] marks a configuration whose
# output differed on some program.
declare -A logsum nratio wrong

# ratio_column CONFIG OK : prints " 1.23x" (best[CONFIG] / best[plain]) and
# adds it to the geometric mean, or " WRONG" when OK is not 1.
ratio_column() {
  if [ "$2" = 1 ]; then
    local r
    r=$(ratio "${best[$1]}" "${best[plain]}")
    printf ' %7.2fx' "$r"
    logsum[$1]=$(awk -v s="${logsum[$1]:-0}" -v r="$r" 'BEGIN { print s + log(r) }')
    nratio[$1]=$((${nratio[$1]:-0} + 1))
  else
    printf ' %8s' WRONG
    wrong[$1]=1
  fi
}

# geomean CONFIG N : the geometric mean of CONFIG's ratios over N programs,
# WRONG if an output differed, ? if not all N were measured.
geomean() {
  if [ -n "${wrong[$1]:-}" ]; then echo WRONG; return; fi
  if [ "${nratio[$1]:-0}" -ne "$2" ]; then echo '?'; return; fi
  awk -v s="${logsum[$1]}" -v n="$2" 'BEGIN { printf "%.2f", exp(s / n) }'
}

# add_value SUMS COUNTS CONFIG VALUE : adds VALUE to the associative arrays
# named SUMS and COUNTS (declared by the caller).
add_value() {
  local -n sums_=$1 counts_=$2
  sums_[$3]=$(awk -v s="${sums_[$3]:-0}" -v v="$4" 'BEGIN { print s + v }')
  counts_[$3]=$((${counts_[$3]:-0} + 1))
}

# mean SUMS COUNTS CONFIG N FORMAT : the mean over N programs, ? if not all
# N were measured.
mean() {
  local -n sums_=$1 counts_=$2
  if [ "${counts_[$3]:-0}" -ne "$4" ]; then echo '?'; return; fi
  awk -v s="${sums_[$3]}" -v n="$4" -v f="$5" 'BEGIN { printf f, s / n }'
}

# peak_mib CMD... : runs CMD once (output discarded) and prints its peak
# resident memory in MiB, or "-" where GNU time (/usr/bin/time) is missing.
peak_mib() {
  if [ ! -x /usr/bin/time ]; then echo -; return; fi
  /usr/bin/time -f '%M' -o "$work/.peak" "$@" >/dev/null 2>&1
  awk '{ printf "%.0f", $1 / 1024 }' "$work/.peak"
}

# written_in LOG : the seconds the last profile in -Xlog:profiler's LOG took
# to write ("" when it says none).
written_in() { sed -n 's/.*written in \([0-9.]*\) s.*/\1/p' "$1" 2>/dev/null | tail -n 1; }

# profile_facts MINIJVM PROFILE LOG : what a written profile costs, as
# "CONTEXTS SIZE_MB WRITE_S READ_S": its contexts and size, the write time
# that -Xlog:profiler:file=LOG recorded, and the time `minijvm prof summary`
# takes to read it back.
profile_facts() {
  local minijvm=$1 profile=$2 log=$3 start end contexts
  sync  # (the read is not to share the disk with the writes before it)
  start=$(date +%s.%N)
  contexts=$("$minijvm" prof summary "$profile" 2>/dev/null | awk 'NR == 1 { print $3 }')
  end=$(date +%s.%N)
  printf '%s %s %s %s' "${contexts:-?}" \
    "$(stat -c %s "$profile" | awk '{ printf "%.1f", $1 / 1e6 }')" \
    "$(written_in "$log")" \
    "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')"
}

geo() {  # geo VALUE... : the geometric mean
  printf '%s\n' "$@" | awk '{ s += log($1); n++ } END { if (n) printf "%.2f", exp(s / n) }'
}
