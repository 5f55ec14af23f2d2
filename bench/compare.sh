#!/usr/bin/env bash
# minijvm's two tiers against HotSpot's, measured in one run: each benchmark
# program under
#
#   java -Xint                      HotSpot's interpreter
#   minijvm -Xint                   minijvm's interpreter
#   minijvm                         with the template JIT (the default)
#   java -XX:TieredStopAtLevel=1    HotSpot's C1 only
#   java                            HotSpot's default (C1 and C2)
#
# best of N wall-clock runs each, interleaved round-robin (bench/common.sh),
# with the ratios minijvm -Xint / java -Xint, minijvm / C1, minijvm / java
# and the JIT's speed-up over minijvm's interpreter, and their geometric
# means (lower is better, except the speed-up). Outputs must agree, or the
# benchmark is reported as wrong. A second table gives the JIT's compile
# speed (bytecodes per millisecond) and the share of the run spent
# compiling, from -Xlog:jit.
#
# SIZE small runs each program at its default size (0.1-0.9 s, start-up
# weighs in every ratio); large gives each the argument in large_args below,
# 1-6 s under minijvm -Xint, where the compiled code's speed dominates.
#
# usage: bench/compare.sh [BUILD_DIR] [RUNS] [SIZE]   (default: build, 3, small)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}
size=${3:-small}
declare -A large_args=([BenchFib]=36 [BenchLambdas]=8 [BenchObjects]=300 [BenchSieve]=400 [BenchThreads]=6000)
case "$size" in small|large) ;; *) echo "usage: bench/compare.sh [BUILD_DIR] [RUNS] [small|large]" >&2; exit 2 ;; esac
. "$root/bench/common.sh"
java=$java_home/bin/java
compile_benchmarks "$root"/bench/java/*.java || exit 1
classes=$work

run_java_int() { "$java" -Xint -Xshare:auto -cp "$classes" "$name" "${args[@]}"; }
run_mini_int() { "$build/minijvm" -Xint -cp "$classes" "$name" "${args[@]}"; }
run_mini_jit() { "$build/minijvm" -cp "$classes" "$name" "${args[@]}"; }
run_java_c1() { "$java" -XX:TieredStopAtLevel=1 -Xshare:auto -cp "$classes" "$name" "${args[@]}"; }
run_java() { "$java" -Xshare:auto -cp "$classes" "$name" "${args[@]}"; }

printf '%-13s %8s %8s %8s %8s %8s | %9s %9s %9s %9s\n' benchmark "java-int" "mj-int" "minijvm" "C1" "java" \
  "int/int" "jit/C1" "jit/java" "speed-up"
r_int=() r_c1=() r_java=() r_up=()
compile_lines=()
for src in "$root"/bench/java/*.java; do
  name=$(basename "$src" .java)
  args=()
  if [ "$size" = large ] && [ -n "${large_args[$name]:-}" ]; then args=("${large_args[$name]}"); fi
  interleave "$classes/$name" java_int mini_int mini_jit java_c1 java
  bad=""
  for v in mini_int mini_jit java_c1 java; do
    cmp -s "$classes/$name.java_int.out" "$classes/$name.$v.out" || bad="$bad $v"
  done
  if [ -n "$bad" ]; then
    printf '%-13s WRONG output:%s\n' "$name" "$bad"
    continue
  fi
  a=$(ratio "${best[mini_int]}" "${best[java_int]}")
  b=$(ratio "${best[mini_jit]}" "${best[java_c1]}")
  c=$(ratio "${best[mini_jit]}" "${best[java]}")
  d=$(ratio "${best[mini_int]}" "${best[mini_jit]}")
  r_int+=("$a") r_c1+=("$b") r_java+=("$c") r_up+=("$d")
  printf '%-13s %7.2fs %7.2fs %7.2fs %7.2fs %7.2fs | %8.2fx %8.2fx %8.2fx %8.2fx\n' "$name" \
    "${best[java_int]}" "${best[mini_int]}" "${best[mini_jit]}" "${best[java_c1]}" "${best[java]}" "$a" "$b" "$c" "$d"
  # Compile statistics of one more JIT run.
  "$build/minijvm" -Xlog:jit=info:stderr -cp "$classes" "$name" "${args[@]}" >/dev/null 2>"$classes/$name.jit.log"
  compile_lines+=("$(awk -v name="$name" -v run="${best[mini_jit]}" '
    / compiled #/ { n++; for (i = 1; i <= NF; i++) { if ($(i+1) == "bytecodes") bc += $i; if ($(i+1) == "us") us += $i } }
    END { printf "%-13s %8d %10d %9.2f %12.0f %8.2f%%", name, n, bc, us / 1000, (us > 0 ? bc / (us / 1000) : 0), 100 * us / 1e6 / run }' \
    "$classes/$name.jit.log")")
done
printf '%-13s %8s %8s %8s %8s %8s | %8sx %8sx %8sx %8sx\n' geomean "" "" "" "" "" \
  "$(geo "${r_int[@]}")" "$(geo "${r_c1[@]}")" "$(geo "${r_java[@]}")" "$(geo "${r_up[@]}")"
echo
printf '%-13s %8s %10s %9s %12s %9s\n' benchmark methods bytecodes "ms" "bytecodes/ms" "of run"
printf '%s\n' "${compile_lines[@]}"
