# Shared by the bench/ scripts (sourced): the JDK, and best-of-N timing.
# Expects $runs to be set by the caller.
java_home=${JAVA_HOME:-$(ls -d /usr/lib/jvm/java-17-openjdk-* 2>/dev/null | head -n 1)}

best_of() {  # best_of OUTFILE CMD... : the fastest of $runs runs, in seconds
  local out=$1 best="" t; shift
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s.%N)
    "$@" >"$out" 2>/dev/null
    end=$(date +%s.%N)
    t=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  echo "$best"
}
