#!/usr/bin/env bash
# The template JIT as users see it (README "The template JIT"):
#   - -XX:+PrintCompilation prints HotSpot's line format, with an on-stack
#     replacement (%) for a loop that runs in a method called once, a
#     method compiled again (made not entrant) once a call it was compiled
#     without is resolved, b for compilations the program waited for
#     (-Xbatch), none for the compiler thread's, hidden classes named
#     with their '/' as HotSpot names them, and nothing under -Xint;
#   - a method compiled during start-up, before a profiler records, is
#     compiled again as counting code;
#   - -XX:+PrintAssembly lists a compiled method: each bytecode, then the
#     x86 instructions of its template, and its inline caches; a linked
#     invokedynamic calls its target in compiled code, and monitorenter
#     and monitorexit call the runtime's monitor functions there;
#   - compiled calls are native calls, a million of them nested bounded
#     to a part of the native stack, counting code's too (a deep
#     recursion's profile is the interpreter's);
#   - code without counting runs trivial calls in place, and so does
#     counting code when the exact CCT alone records or no profiler has
#     events (a sampler on the bytecode clock, the deterministic
#     scheduler), but not beside bcount;
#   - code without counting inlines small callees (the listing names their
#     instructions, nested three deep), -XX:-Inline and
#     -XX:MaxInlineSize=0 turn it off, -XX:+PrintInlining prints each
#     site's decision in HotSpot's format, and stack samplers on a real clock
#     sample the code while inlined frames come and go;
#   - -XX:+DumpPerfMapAtExit writes /tmp/perf-<pid>.map;
#   - the samplers that poll (timer, cbs, sample, partial, incremental) and
#     async (which compiled code leaves the instruction a tick lands on to
#     the async loop) on the bytecode clock record the same profiles
#     interpreted (-Xint) and compiled (-Xcomp), apart from their
#     wall-clock statistics; cct and bcount are equal byte for byte, also
#     each alone (compiled calls then log themselves without a helper)
#     and in mixed tiers, and so are a sampler alone and the deterministic
#     scheduler's record of method entries (and a racy threaded program's
#     output, with a short quantum); the
#     async run compiles async code (and JitAsyncInit's class initializers,
#     run from the middle of compiled code, move the clock under it); on
#     the wall clock, async samples a compiled loop that makes no call;
#   - no exact profiler's call log contradicts itself.
#
# usage: jit.sh MINIJVM CLASSES WORK
set -u
minijvm=$1 classes=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
fail() { echo "FAIL: $*"; exit 1; }
main=diff.lang.JitEdges

# --- PrintCompilation ---------------------------------------------------------------
# (The checks below that need a method compiled before the program ends run
# with -Xbatch; the compiler thread has its own check.)
# -Xbatch: each method is compiled by the thread that finds it hot, which
# waits for the code (b), so the compilations happen at the same points of
# every run.
"$minijvm" -Xbatch -XX:+PrintCompilation -XX:CompileThreshold=5 -cp "$classes" $main >pc.out 2>pc.err || fail "PrintCompilation run: $(head -3 pc.err)"
pattern='^[0-9]+ +[0-9]+ ..... 1       [^ ]+::'
grep -E "$pattern" pc.out >pc.lines
[ -s pc.lines ] || fail "no PrintCompilation lines"
bad=$(grep -v -E '^[0-9]+ +[0-9]+ [ %][ s][ !]b  1       [^ ]+::[^ ]+( @ [0-9]+)? \([0-9]+ bytes\)(   made not entrant)?$' pc.lines | head -3)
[ -z "$bad" ] || fail "-Xbatch's PrintCompilation lines not in HotSpot's format, with b: $bad"
grep -q -E ' % .*diff\.lang\.JitEdges::loops @ [0-9]+ \([0-9]+ bytes\)$' pc.lines ||
  fail "no on-stack replacement of JitEdges.loops: $(grep JitEdges pc.lines | head -5)"
# lateCalls' loop is compiled before its calls are made: compiled again in
# the same call, once its loop leaves a call to the interpreter a second time.
grep -q -E ' [ %][ s][ !][ b]  1 .*diff\.lang\.JitEdges::lateCalls( @ [0-9]+)? \([0-9]+ bytes\)   made not entrant$' pc.lines ||
  fail "lateCalls was not compiled again once its call resolved: $(grep lateCalls pc.lines | head -4)"
# So is lateInlined's, whose call is in the body of a callee it inlines.
grep -q -E ' [ %][ s][ !][ b]  1 .*diff\.lang\.JitEdges::lateInlined( @ [0-9]+)? \([0-9]+ bytes\)   made not entrant$' pc.lines ||
  fail "lateInlined was not compiled again once its inlined callee's call resolved: $(grep lateInlined pc.lines | head -4)"
# A hidden class is named as HotSpot names it, with '/' before its suffix.
grep -q -E ' 1       java\.lang\.invoke\.LambdaForm\$MH/0x[0-9a-f]{16}::invoke \(' pc.lines ||
  fail "no LambdaForm hidden class spelt with its '/': $(grep LambdaForm pc.lines | head -3)"
grep -q -E ' [ %]s[ !][ b]  1 .*diff\.lang\.JitEdges::locked( @ [0-9]+)? \(' pc.lines || fail "the synchronized method has no 's'"
grep -q -E ' [ %][ s]![ b]  1 .*diff\.lang\.JitEdges::exceptions( @ [0-9]+)? \(' pc.lines || fail "the method with handlers has no '!'"
# The program's own output is unchanged.
"$minijvm" -Xint -cp "$classes" $main >int.out 2>&1 || fail "-Xint run"
grep -v -E "$pattern" pc.out | cmp -s - int.out || fail "PrintCompilation changed the program's output"
"$minijvm" -Xint -XX:+PrintCompilation -cp "$classes" $main >pci.out 2>&1
cmp -s pci.out int.out || fail "-Xint compiled something"
# By default the compiler thread compiles while the program goes on (no b):
# a loop in a method called once, interpreted meanwhile, enters the code
# once it is installed.
"$minijvm" -XX:+PrintCompilation -cp "$classes" diff.lang.JitAsyncInit churn 20000000 >bg.out 2>bg.err ||
  fail "background PrintCompilation run: $(head -3 bg.err)"
grep -q -E '^[0-9]+ +[0-9]+ %     1       diff\.lang\.JitAsyncInit::churn @ [0-9]+ \([0-9]+ bytes\)$' bg.out ||
  fail "the compiler thread did not compile JitAsyncInit.churn's loop: $(grep -E 'churn|b  1' bg.out | head -3)"
"$minijvm" -Xint -cp "$classes" diff.lang.JitAsyncInit churn 20000000 >bgi.out 2>&1 || fail "-Xint churn"
grep -v -E "$pattern" bg.out | cmp -s - bgi.out || fail "background compilation changed the program's output"
# The deterministic scheduler's runs repeat exactly, compilations included:
# the thread that finds a method hot compiles it.
"$minijvm" -Xsched=deterministic -XX:+PrintCompilation -cp "$classes" diff.lang.JitAsyncInit churn 200000 >ds.out 2>&1 ||
  fail "deterministic PrintCompilation run: $(tail -3 ds.out)"
grep -E "$pattern" ds.out >ds.lines
[ -s ds.lines ] && ! grep -q -v -E '^[0-9]+ +[0-9]+ [ %][ s][ !]b  1 ' ds.lines ||
  fail "a compilation under the deterministic scheduler was not the program's own: $(grep -v -E '^[0-9]+ +[0-9]+ [ %][ s][ !]b' ds.lines | head -2)"

# --- A profiler recording from main ------------------------------------------------
# Object.<init>, compiled during start-up before cct records, is compiled
# again as counting code once the counting loop finds it hot (it used to
# stay interpreted, asking the compiler at every call).
"$minijvm" -Xbatch -Xlog:jit -profile=cct:out=cct-startup.json -cp "$classes" $main >cs.out 2>cs.err ||
  fail "cct run with -Xlog:jit: $(head -3 cs.err)"
grep -q -E 'compiled #[0-9]+ java\.lang\.Object\.<init> .* of code in [0-9.]+ us$' cs.out ||
  fail "Object.<init> was not compiled during start-up: $(grep 'Object.<init>' cs.out | head -3)"
grep -q -E 'compiled #[0-9]+ java\.lang\.Object\.<init> .* of code in [0-9.]+ us \(counting\)$' cs.out ||
  fail "Object.<init> was not compiled again as counting code: $(grep 'Object.<init>' cs.out | head -3)"

# --- PrintAssembly ---------------------------------------------------------------------
"$minijvm" -Xcomp -XX:+PrintAssembly -cp "$classes" $main >pa.out 2>pa.err || fail "PrintAssembly run"
sed -n '/^Compiled method #[0-9]* diff\.lang\.JitEdges\.shifts, [0-9]* bytes at 0x/,/^Compiled method/p' pa.out >shifts.txt
[ -s shifts.txt ] || fail "no listing of JitEdges.shifts"
grep -q -E '^  [0-9]+: ishl$' shifts.txt || fail "no ishl bytecode line in the listing"
sed -n '/^  [0-9]*: ishl$/,/^  [0-9]*: /p' shifts.txt | grep -q -E '^    0x[0-9a-f]+:  shl ' ||
  fail "ishl's template has no shl: $(sed -n '/ishl/,+6p' shifts.txt)"
grep -q '\[out-of-line paths, exit\]' shifts.txt || fail "no out-of-line section"
# castShape's checkcast and interface call have inline caches; shifts has none.
sed -n '/^Compiled method #[0-9]* diff\.lang\.JitEdges\.castShape, /,/^Compiled method/p' pa.out |
  grep -q -E '^  \[inline caches: [12] cells? of two ways at 0x[0-9a-f]+\]$' || fail "castShape's listing shows no inline cache"
! grep -q 'inline caches' shifts.txt || fail "shifts' listing shows an inline cache"
# shifts concatenates strings (invokedynamic): compiled again once a site
# is linked, its code calls the site's target itself (a native call of the
# callee's code, held in rbp, as every compiled call), not through the
# interpreter.
awk '/^Compiled method #[0-9]* diff\.lang\.JitEdges\.shifts, /{n++; text=""} n{text=text $0 "\n"} /^Compiled method/ && !/JitEdges\.shifts, /{if (n) last=text; n=0} END{if (n) last=text; printf "%s", last}' pa.out >shifts-last.txt
awk '/^  [0-9]+: /{indy = ($2 == "invokedynamic")} indy && /call +qword ptr \[rbp\]/{found=1} END{exit !found}' shifts-last.txt ||
  fail "no invokedynamic in shifts' last listing calls its target in compiled code: $(grep -A3 invokedynamic shifts-last.txt | head -8)"

# monitors' synchronized blocks run in compiled code: each monitorenter
# and monitorexit calls the runtime's monitor functions itself rather than
# leaving the instruction to the interpreter (which has no call there).
sed -n '/^Compiled method #[0-9]* diff\.lang\.JitEdges\.monitors, /,/^Compiled method/p' pa.out >monitors.txt
awk '/^  [0-9]+: /{if (mon && !called) bad++; mon = ($2 == "monitorenter" || $2 == "monitorexit"); called = 0; if (mon) seen++}
     mon && /  call +rax$/{called = 1}
     /^  \[out-of-line/{if (mon && !called) bad++; mon = 0}
     END{exit !(seen >= 4 && !bad)}' monitors.txt ||
  fail "a monitorenter or monitorexit in monitors' listing does not call the runtime: $(grep -A6 -E 'monitor(enter|exit)$' monitors.txt | head -14)"

# --- Native calls, bounded --------------------------------------------------------------
# Code without counting calls compiled methods natively, and one entry's
# calls may take a bounded part of the native stack (interp/jit/compiler.cpp,
# kNativeCallBudget): a million nested calls (16 MB of return addresses, the
# main thread's native stack being 8 MB) run as on HotSpot, the calls past
# the bound going through the interpreter.
"$minijvm" -Xss512m -Xcomp -cp "$classes" diff.lang.DeepCalls 1000000 >deep.out 2>deep.err ||
  fail "a million nested compiled calls: exit $?: $(head -3 deep.err)"
printf 'depth 1000000\ndepth 1000000\ndepth 1000000\nsum 500000500000\ninterface 1000000\n' | cmp -s - deep.out ||
  fail "a million nested compiled calls printed: $(head -5 deep.out)"
# Counting code calls natively too, within the same bound: under the exact
# CCT alone, 100 000-deep recursions compiled leave the interpreter's
# profile, context for context.
for mode in -Xint -Xcomp; do
  "$minijvm" -Xss512m -Xsched=deterministic $mode -profile=cct:out=deep$mode.json -cp "$classes" \
    diff.lang.DeepCalls 100000 >deep$mode.out 2>deep$mode.err || fail "DeepCalls under cct, $mode: exit $?: $(head -3 deep$mode.err)"
done
printf 'depth 100000\ndepth 100000\ndepth 100000\nsum 5000050000\ninterface 100000\n' | cmp -s - deep-Xcomp.out ||
  fail "DeepCalls under cct, compiled, printed: $(head -5 deep-Xcomp.out)"
cmp -s deep-Xint.out deep-Xcomp.out || fail "DeepCalls under cct printed otherwise compiled: $(head -5 deep-Xcomp.out)"
cmp -s deep-Xint.json deep-Xcomp.json ||
  fail "DeepCalls' cct profile differs compiled: $("$minijvm" prof diff deep-Xint.json deep-Xcomp.json | head -3)"

# --- Trivial calls run in place ---------------------------------------------------------
# Code without counting runs getters, setters and constructors that store
# their arguments in place (-Xlog:jit counts them); so does counting code
# when the exact CCT alone records (counting each call in its context:
# the profiles of both tiers are compared below), and counting code calls
# them all when another profiler with events records beside it.
"$minijvm" -Xbatch -Xlog:jit -cp "$classes" diff.lang.JitInline >inline.out 2>&1 || fail "JitInline: $(tail -3 inline.out)"
grep -q -E 'compiled #[0-9]+ diff\.lang\.JitInline\.round .* \([0-9]+ calls inlined\)$' inline.out ||
  fail "JitInline.round ran no call in place: $(grep 'JitInline.round' inline.out | head -2)"
"$minijvm" -Xbatch -Xlog:jit -profile=cct:out=inline-cct.json -cp "$classes" diff.lang.JitInline >inline-cct.out 2>&1 ||
  fail "JitInline under cct: $(tail -3 inline-cct.out)"
grep -q -E 'compiled #[0-9]+ diff\.lang\.JitInline\.round .*\(counting\)' inline-cct.out ||
  fail "JitInline.round was not compiled as counting code under cct"
grep -q -E 'compiled #[0-9]+ diff\.lang\.JitInline\.round .*\(counting\) \([0-9]+ calls inlined\)$' inline-cct.out ||
  fail "counting code under cct alone ran no call in place: $(grep 'JitInline.round' inline-cct.out | head -2)"
"$minijvm" -Xbatch -Xlog:jit -profile=cct:out=inline-cct.json -profile=bcount:out=inline-bcount.json \
  -cp "$classes" diff.lang.JitInline >inline-both.out 2>&1 || fail "JitInline under cct and bcount: $(tail -3 inline-both.out)"
! grep -q '(counting).*inlined' inline-both.out ||
  fail "counting code ran a call in place beside bcount: $(grep '(counting).*inlined' inline-both.out | head -2)"
# Counting code that counts only for a clock (no profiler with events: a
# sampler on the bytecode clock, or the deterministic scheduler alone).
for clock in -profile=sample:out=inline-sample.json,clock=bytecodes,interval=997 -Xsched=deterministic; do
  "$minijvm" -Xbatch -Xlog:jit $clock -cp "$classes" diff.lang.JitInline >inline-clock.out 2>&1 ||
    fail "JitInline under $clock: $(tail -3 inline-clock.out)"
  grep -q -E 'compiled #[0-9]+ diff\.lang\.JitInline\.round .*\(counting\) \([0-9]+ calls inlined\)$' inline-clock.out ||
    fail "counting code under $clock ran no call in place: $(grep 'JitInline.round' inline-clock.out | head -2)"
done

# --- Inlined bodies ------------------------------------------------------------------------
# Code without counting inlines small callees, their frames written only
# when something could see them: the listing names each inlined
# instruction's method, three calls deep (deeperAt -> deepAt -> twice ->
# clamp), synchronized ones too, and an interface call's callee where the
# interpreter saw one receiver class (Square.area); -XX:-Inline and a zero MaxInlineSize
# inline nothing, and none of it changes the output. Stack samplers on a
# real clock run this code: incremental stack tracing, each sample checked
# against a full walk (verify=on), and sample and partial, sample at polls
# while inlined frames come and go.
bodies=diff.lang.JitInlineBodies
# (Compiled after two calls, once their sites are resolved: deeperAt's
# lambda is called five times.)
"$minijvm" -Xss1m -Xbatch -XX:CompileThreshold=2 -XX:+PrintAssembly -cp "$classes" $bodies >bodies-asm.out 2>&1 ||
  fail "JitInlineBodies: $(tail -3 bodies-asm.out)"
for callee in clamp twice deepAt syncGet syncStatic create 'Square\.area'; do
  grep -q -E "\[inlined diff\.lang\.JitInlineBodies[.\$]$callee\] " bodies-asm.out || fail "$callee was not inlined anywhere"
done
grep -q -E '^ {8,}\[inlined diff\.lang\.JitInlineBodies\.clamp\] 0: iload_1$' bodies-asm.out ||
  fail "no listing shows clamp inlined three calls deep (deeperAt's): $(grep -c inlined bodies-asm.out)"
# Counting code inlines them too where cct or bcount is the run's only
# profiler with events (an interface call's profiled receiver's method
# too), each inlined call counted in its context as the call would count
# it (the profiles of both tiers are compared below); beside another
# profiler with events it calls them.
for p in cct bcount; do
  "$minijvm" -Xss1m -Xbatch -XX:CompileThreshold=2 -XX:+PrintAssembly -profile=$p:out=bodies-$p.json \
    -cp "$classes" $bodies >bodies-$p-asm.out 2>&1 || fail "JitInlineBodies under $p: $(tail -3 bodies-$p-asm.out)"
  for callee in clamp twice deepAt syncGet create 'Square\.area'; do
    grep -q -E "\[inlined diff\.lang\.JitInlineBodies[.\$]$callee\] " bodies-$p-asm.out ||
      fail "$callee was not inlined in counting code under $p alone"
  done
done
"$minijvm" -Xss1m -Xbatch -XX:CompileThreshold=2 -XX:+PrintAssembly -profile=cct:out=bodies-cct.json \
  -profile=bcount:out=bodies-bcount.json -cp "$classes" $bodies >bodies-both-asm.out 2>&1 ||
  fail "JitInlineBodies under cct and bcount: $(tail -3 bodies-both-asm.out)"
! grep -q '\[inlined diff\.lang\.JitInlineBodies' bodies-both-asm.out ||
  fail "counting code inlined beside another profiler with events: $(grep -m1 '\[inlined diff' bodies-both-asm.out)"
rm -f bodies-cct.json bodies-bcount.json
"$minijvm" -Xss1m -Xcomp -cp "$classes" $bodies >bodies.out 2>&1 || fail "JitInlineBodies: $(tail -3 bodies.out)"
for off in -XX:MaxInlineSize=0 -XX:-Inline; do
  "$minijvm" -Xss1m -Xcomp $off -cp "$classes" $bodies >bodies-off.out 2>&1 || fail "JitInlineBodies $off: $(tail -3 bodies-off.out)"
  cmp -s bodies-off.out bodies.out || fail "$off changed the output"
  "$minijvm" -Xss1m -Xcomp -Xlog:jit -XX:+PrintAssembly $off -cp "$classes" $bodies >bodies-off.out 2>&1
  ! grep -q '\[inlined ' bodies-off.out || fail "$off inlined: $(grep -m1 '\[inlined ' bodies-off.out)"
done
# -XX:-Inline makes every call, trivial ones too.
! grep -q 'calls\? inlined' bodies-off.out || fail "-XX:-Inline ran calls in place: $(grep -m1 'inlined)' bodies-off.out)"
# -XX:+PrintInlining: HotSpot's lines under each compiled method, one per
# call site, indented by its level: clamp three calls deep, and refused a
# fifth level (deeperAt -> deepAt -> twice -> clamp from a lambda), a
# synchronized callee's s, the callee too large to inline, the interface
# call inlined for its one receiver class; -XX:-Inline inlines nothing.
"$minijvm" -Xss1m -Xbatch -XX:CompileThreshold=2 -XX:+PrintCompilation -XX:+PrintInlining -cp "$classes" $bodies \
  >bodies-inl.out 2>&1 || fail "JitInlineBodies -XX:+PrintInlining: $(tail -3 bodies-inl.out)"
b='diff\.lang\.JitInlineBodies'
for line in " {30}@ [0-9]+   $b::twice \(14 bytes\)   inline" \
            " {34}@ (2|9)   $b::clamp \(17 bytes\)   inline" \
            " {38}@ (2|9)   $b::clamp \(17 bytes\)   inlining too deep" \
            " {14}s {15}@ [0-9]+   $b::syncGet \(5 bytes\)   inline" \
            " {30,}@ [0-9]+   $b::big \(61 bytes\)   callee is too large" \
            " {30}@ 1   $b\\\$Square::area \(10 bytes\)   inline \(profiled receiver $b\\\$Square\)"; do
  grep -q -E "^$line\$" bodies-inl.out || fail "no PrintInlining line matches '$line'"
done
"$minijvm" -Xss1m -Xcomp -XX:-Inline -XX:+PrintInlining -cp "$classes" $bodies >bodies-inl.out 2>&1
! grep -q -E '@ [0-9]+ .*   inline( \(.*\))?$' bodies-inl.out ||
  fail "-XX:-Inline printed an inlined call: $(grep -m1 -E '@ [0-9]+ .*   inline( \(.*\))?$' bodies-inl.out)"
grep -q "   inlining disabled (-XX:-Inline)\$" bodies-inl.out || fail "-XX:-Inline gave no reason"
for sampler in incremental:verify=on sample partial; do
  name=${sampler%%:*}
  opts=${sampler#"$name"}; opts=${opts#:}
  "$minijvm" -Xss1m -XX:CompileThreshold=7 -profile=$name:out=bodies-$name.json,clock=cpu,interval=200us${opts:+,$opts} \
    -cp "$classes" $bodies >bodies-$name.out 2>bodies-$name.err || fail "JitInlineBodies under $name: $(tail -3 bodies-$name.err)"
  cmp -s bodies-$name.out bodies.out || fail "JitInlineBodies under $name printed otherwise"
  [ "$name" != incremental ] || grep -q ', verify: 0 mismatches$' bodies-$name.err ||
    fail "incremental traces differ from full walks: $(grep verify bodies-$name.err | head -3)"
  "$minijvm" prof check bodies-$name.json >/dev/null || fail "the $name profile does not check"
done

# --- perf map ------------------------------------------------------------------------------
"$minijvm" -Xbatch -XX:+DumpPerfMapAtExit -cp "$classes" $main >/dev/null 2>&1 &
pid=$!
wait $pid
map=/tmp/perf-$pid.map
[ -s "$map" ] || fail "no $map"
grep -q -E '^[0-9a-f]+ [0-9a-f]+ diff\.lang\.JitEdges::loops$' "$map" || fail "JitEdges::loops not in $map"
bad=$(grep -v -E '^[0-9a-f]+ [0-9a-f]+ [^ ]+::[^ ]+$' "$map" | head -2)
rm -f "$map"
[ -z "$bad" ] || fail "perf map lines malformed: $bad"

# --- profiles in both tiers ------------------------------------------------------------------
profile() {  # profile DIR MODE [PROFILE...]: every profiler that polls, on the bytecode clock
  local dir=$1 mode=$2
  shift 2
  mkdir -p "$dir" && (cd "$dir" && "$minijvm" -Xsched=deterministic "$mode" -profile=cct:out=cct.json \
    -profile=bcount:out=bcount.json -profile=timer:out=timer.json,interval=2000 \
    -profile=cbs:out=cbs.json,interval=2000,context=full -profile=sample:out=sample.json,interval=2000 \
    -profile=partial:out=partial.json,interval=2000 \
    -profile=incremental:out=incremental.json,interval=2000,verify=on "$@" \
    -cp "$classes" $main >out.txt 2>err.txt) || fail "profiled run $mode: $(tail -3 "$dir/err.txt")"
}
# The same directory name for both: the program sees its working directory.
# With async, the loop is the async one, and so is the compiled code.
async=-profile=async:out=async.json,interval=2000
profile run -Xint && mv run int
profile run -Xcomp && mv run comp
profile run -Xint $async && mv run int-async
profile run -Xcomp -Xlog:jit $async && mv run comp-async
cmp -s int/out.txt comp/out.txt || fail "the profiled runs' outputs differ"
grep -v -E '^\[[0-9.]+s\]\[[a-z]+\]\[jit' comp-async/out.txt | cmp -s - int-async/out.txt || fail "the async runs' outputs differ"
grep -q -E 'compiled #[0-9]+ diff\.lang\.JitEdges\.loops .* \(async\)$' comp-async/out.txt ||
  fail "-Xcomp with async did not compile async code: $(grep 'JitEdges.loops' comp-async/out.txt | head -2)"
for run in "int comp" "int-async comp-async"; do
  set -- $run
  for p in cct bcount; do
    cmp -s $1/$p.json $2/$p.json || fail "$p differs between $1 and $2: $("$minijvm" prof diff $1/$p.json $2/$p.json | head -3)"
  done
done
for p in timer cbs sample partial incremental async; do
  [ $p = async ] && set -- int-async comp-async || set -- int comp
  # Wall-clock statistics (sampler time, time to safepoint, pauses) aside.
  strip() { tr ',{}' '\n\n\n' <"$1" | grep -v -E '_ns"'; }
  [ "$(strip $1/$p.json | wc -l)" -gt 20 ] || fail "$p profile too small"
  diff <(strip $1/$p.json) <(strip $2/$p.json) >/dev/null ||
    fail "$p differs between $1 and $2: $(diff <(strip $1/$p.json) <(strip $2/$p.json) | head -4)"
done
# Class initializers in the middle of a compiled straight-line run: the
# clock moves during the call out, and async code checks it again after.
for tier in int comp; do
  (mkdir -p init-$tier && cd init-$tier && "$minijvm" -Xsched=deterministic -X$tier \
    -profile=async:out=async.json,interval=211 -cp "$classes" diff.lang.JitAsyncInit >out.txt 2>err.txt) ||
    fail "JitAsyncInit -X$tier: $(tail -3 init-$tier/err.txt)"
done
cmp -s init-int/out.txt init-comp/out.txt || fail "JitAsyncInit's outputs differ"
diff <(strip init-int/async.json) <(strip init-comp/async.json) >/dev/null ||
  fail "JitAsyncInit's async profile differs between -Xint and -Xcomp: $(diff <(strip init-int/async.json) <(strip init-comp/async.json) | head -4)"
# On the wall clock, a compiled loop without calls never leaves for the
# interpreter: only async code's own test of the clock thread's bit samples
# it, so the loop must be the hottest method (not its caller, after it).
"$minijvm" -Xcomp -profile=async:out=churn.txt,interval=1ms -cp "$classes" diff.lang.JitAsyncInit churn 100000000 \
  >churn.out 2>churn.err || fail "JitAsyncInit churn: $(tail -3 churn.err)"
grep -q -E '^minijvm: async profile written to churn\.txt .*hottest method: diff\.lang\.JitAsyncInit\.churn [0-9.]+% of samples, self\)$' churn.err ||
  fail "async on the wall clock did not sample the compiled loop: $(grep '^minijvm: async' churn.err)"
grep -q "incremental: .* verify: 0 mismatches" comp/err.txt || fail "incremental verify under -Xcomp: $(grep incremental: comp/err.txt)"

# --- the exact CCT alone: compiled calls find their contexts themselves ---------------------
# With cct or bcount the only profiler with events, counting code looks a
# call's context up and counts the call without the helper (samplers have
# no events: one on the bytecode clock sends the calls where its tick falls
# to the helper). With none that has events (a sampler alone, or no
# profiler: the deterministic scheduler's quantum is the only clock),
# counting code pushes frames and runs trivial calls in place counting
# only for the thread. Interpreted, compiled at the first call, and mixed
# (a low threshold, each compile waited for, so that every run compiles
# at the same points): the same profiles, and the deterministic scheduler
# saw the same method entries (its summary's count and sequence hash).
# Five programs: JitEdges' edge cases, an interpreter's deep,
# polymorphic calls, JitInline's trivial calls run in place (an object
# with a finalizer among them), JitIntrinsics' natives run as
# instructions (counted as calls in their own contexts), and
# JitInlineBodies' inlined callees (counted in their own contexts too).
for prog in $main diff.apps.Interpreter diff.lang.JitInline diff.lang.JitIntrinsics $bodies; do
  for p in cct bcount sample none; do
    case $p in
      cct | bcount) profiles=(-profile=$p:out=$p.json -profile=sample:out=sample.json,interval=997) ;;
      sample) profiles=(-profile=sample:out=sample.json,interval=997) ;;
      none) profiles=() ;;
    esac
    for mode in -Xint -Xcomp "-Xbatch -XX:CompileThreshold=7"; do
      dir=alone-$p-$(echo "$mode" | tr -dc 'a-zA-Z0-9')
      mkdir -p "$dir" && (cd "$dir" && "$minijvm" -Xsched=deterministic -Xlog:sched $mode "${profiles[@]}" \
        -cp "$classes" $prog >out.log 2>err.txt) ||
        fail "$prog under $p alone, $mode: $(tail -3 "$dir/err.txt")"
      sed -E 's/^\[[0-9.]+s\]//' "$dir/out.log" >"$dir/out.txt"  # the log's time stamps
      grep -q '\[sched\] Deterministic scheduling: .* method entries' "$dir/out.txt" || fail "no -Xlog:sched summary"
    done
    for dir in alone-$p-Xcomp alone-$p-XbatchXXCompileThreshold7; do
      cmp -s alone-$p-Xint/out.txt $dir/out.txt ||
        fail "$prog under $p alone: the outputs of -Xint and $dir differ: $(diff alone-$p-Xint/out.txt $dir/out.txt | head -4)"
      if [ $p = cct ] || [ $p = bcount ]; then
        cmp -s alone-$p-Xint/$p.json $dir/$p.json ||
          fail "$prog: $p alone differs between -Xint and $dir: $("$minijvm" prof diff alone-$p-Xint/$p.json $dir/$p.json | head -3)"
      fi
      if [ $p != none ]; then
        diff <(strip alone-$p-Xint/sample.json) <(strip $dir/sample.json) >/dev/null ||
          fail "$prog: sample beside $p differs between -Xint and $dir"
      fi
    done
    rm -rf alone-$p-*
  done
done
# A racy threaded program switches threads in compiled code (a short
# quantum: thousands of switches) where the interpreter does: the same
# lost updates, interleaving, clocks and record of method entries.
for mode in -Xint -Xcomp "-Xbatch -XX:CompileThreshold=7"; do
  "$minijvm" -Xsched=deterministic:quantum=777 -Xlog:sched::none $mode -cp "$classes" sched.Racy \
    >"racy$(echo "$mode" | tr -dc 'a-zA-Z0-9').out" 2>&1 || fail "Racy $mode: $(tail -3 racy*.out)"
done
grep -q '^Deterministic scheduling: quantum 777, [0-9]\{4,\} switches' racyXint.out ||
  fail "Racy made few switches: $(tail -1 racyXint.out)"
for out in racyXcomp.out racyXbatchXXCompileThreshold7.out; do
  cmp -s racyXint.out $out || fail "Racy under -Xint and $out differ: $(diff racyXint.out $out | head -6)"
done
# Recording stops at exit while daemon threads still run compiled code
# that logs: their words then find no room (JavaThread::kNoCallLog) and go
# to the helpers, which log nothing once recording stopped. The run ends
# as usual, and the profile checks, holds the calls, and names the
# daemons' threads, after main's return and after System.exit alike (a
# helper that took the empty log for a tree would crash the exit).
for how in return exit; do
  for i in 1 2 3; do
    "$minijvm" -Xbatch -XX:CompileThreshold=50 -profile=cct:out=busy-$how.json -cp "$classes" \
      prof.BusyDaemons 300000 $how >busy-$how.out 2>&1 || fail "BusyDaemons ($how): $(tail -3 busy-$how.out)"
    grep -q '^main computed ' busy-$how.out || fail "BusyDaemons ($how) printed: $(head -3 busy-$how.out)"
    "$minijvm" prof check busy-$how.json >/dev/null || fail "BusyDaemons' profile ($how) does not check"
    "$minijvm" prof top --metric calls -n 50 busy-$how.json >busy-top.txt ||
      fail "BusyDaemons' profile ($how) cannot be read"
    grep -q 'prof\.BusyDaemons\.leaf' busy-top.txt || fail "BusyDaemons' profile ($how) has no leaf calls"
    grep -q '"name":"busy-0"' busy-$how.json || fail "BusyDaemons' profile ($how) lacks a daemon's thread"
    # Main's own calls, compiled under the default scheduler (the log's
    # pending count kept at zero), counted as derived by hand: 300 000
    # outer calls of 16 bytecodes of its own, each calling fresh (13)
    # once, inner (8) at two sites, leaf (6) at two sites of each inner,
    # and the getter Box.get (3, run in place: a kLeaf word): 72 a round.
    "$minijvm" prof tree --metric bytecodes --min-percent 0.5 busy-$how.json >busy-tree.txt
    grep -q -E '^ +21600000 +[0-9.]+% +4800000 +prof\.BusyDaemons\.outer @' busy-tree.txt ||
      fail "main's outer calls ($how) are not 21600000 bytecodes, 4800000 their own: $(grep -m2 'BusyDaemons.outer' busy-tree.txt)"
    grep -q -E '^ +900000 +[0-9.]+% +900000 +prof\.BusyDaemons\$Box\.get @' busy-tree.txt ||
      fail "main's Box.get calls ($how) are not 900000 bytecodes: $(grep -m2 'Box.get' busy-tree.txt)"
    [ "$(grep -c -E '^ +1800000 +[0-9.]+% +1800000 +prof\.BusyDaemons\.leaf @' busy-tree.txt)" = 4 ] ||
      fail "main's four leaf contexts ($how) are not 1800000 bytecodes each: $(grep 'BusyDaemons.leaf' busy-tree.txt)"
  done
done
# No run's call log (the exact profilers') contradicted itself.
if contradicted=$(grep -rl 'contradicts itself' . 2>/dev/null) && [ -n "$contradicted" ]; then
  fail "a call log contradicts itself: $contradicted"
fi
echo "jit: listings, perf map and profiles in both tiers as expected"
