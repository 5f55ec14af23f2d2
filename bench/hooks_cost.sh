#!/usr/bin/env bash
# The cost of the profiler hooks when no profiler is on, measured in one run:
# each benchmark program, without -profile, under the given build and under
# one configured with -DMINIJVM_PROFILER_HOOKS=OFF (same compiler, build type
# and flags; profilers/hooks.h then compiles every hook away), the two
# interleaved, best of N wall-clock runs each, reported as the ratio
# with hooks / without hooks (1.00x: the hooks cost nothing). Outputs must
# agree, or the benchmark is reported as wrong.
#
# usage: bench/hooks_cost.sh [BUILD_DIR] [RUNS] [NOHOOKS_BUILD_DIR]
#        (default: build, 3, BUILD_DIR-nohooks; configured and its minijvm
#        target built when it does not exist)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
runs=${2:-3}
nohooks=${3:-$build-nohooks}
. "$root/bench/common.sh"

cache() {  # cache VAR DIR : VAR's value in DIR's CMakeCache.txt
  sed -n "s/^$1:[A-Z]*=//p" "$2/CMakeCache.txt" | head -n 1
}
if [ "$(cache MINIJVM_PROFILER_HOOKS "$build")" = OFF ]; then
  echo "hooks_cost.sh: $build is built without hooks; give a default build" >&2
  exit 1
fi
if [ ! -x "$nohooks/minijvm" ]; then
  if [ ! -f "$nohooks/CMakeCache.txt" ]; then
    type=$(cache CMAKE_BUILD_TYPE "$build")
    args=(-G "$(cache CMAKE_GENERATOR "$build")" -DMINIJVM_PROFILER_HOOKS=OFF -DMINIJVM_TESTS=OFF)
    for var in CMAKE_BUILD_TYPE CMAKE_C_COMPILER CMAKE_CXX_COMPILER CMAKE_C_FLAGS CMAKE_CXX_FLAGS \
               "CMAKE_C_FLAGS_${type^^}" "CMAKE_CXX_FLAGS_${type^^}" CMAKE_EXE_LINKER_FLAGS \
               CMAKE_SHARED_LINKER_FLAGS MINIJVM_DISPATCH_SWITCH MINIJVM_SANITIZE; do
      if grep -q "^$var:" "$build/CMakeCache.txt"; then args+=("-D$var=$(cache "$var" "$build")"); fi
    done
    echo "hooks_cost.sh: configuring $nohooks" >&2
    cmake -S "$root" -B "$nohooks" "${args[@]}" >/dev/null || exit 1
  fi
  echo "hooks_cost.sh: building $nohooks" >&2
  cmake --build "$nohooks" -j2 --target minijvm >/dev/null || exit 1
fi
nohooks=$(cd "$nohooks" && pwd)
if [ "$(cache MINIJVM_PROFILER_HOOKS "$nohooks")" != OFF ]; then
  echo "hooks_cost.sh: $nohooks is not configured with -DMINIJVM_PROFILER_HOOKS=OFF" >&2
  exit 1
fi

compile_benchmarks "$root"/bench/java/*.java || exit 1

run_hooks() { "$build/minijvm" -cp "$work" "$name"; }
run_nohooks() { "$nohooks/minijvm" -cp "$work" "$name"; }

printf '%-14s %12s %12s %8s\n' benchmark "with hooks" "no hooks" ratio
log_sum=0 count=0
for src in "$root"/bench/java/*.java; do
  name=$(basename "$src" .java)
  interleave "$work/$name" hooks nohooks
  th=${best[hooks]} tn=${best[nohooks]}
  if ! cmp -s "$work/$name.hooks.out" "$work/$name.nohooks.out"; then
    printf '%-14s %12s %12s %8s\n' "$name" "$th" "$tn" WRONG
    continue
  fi
  r=$(ratio "$th" "$tn")
  printf '%-14s %11.2fs %11.2fs %7.3fx\n' "$name" "$th" "$tn" "$r"
  log_sum=$(awk -v s="$log_sum" -v r="$r" 'BEGIN { print s + log(r) }')
  count=$((count + 1))
done
if [ "$count" -gt 0 ]; then
  printf '%-14s %12s %12s %7.3fx\n' "geomean" "" "" "$(awk -v s="$log_sum" -v n="$count" 'BEGIN { print exp(s / n) }')"
fi
