// java.lang.Math's sin, cos, tan, exp, log, log10 and pow as HotSpot runs
// them: intrinsics in every tier (its interpreter has a method entry for
// each, its compilers call the same routines), never the methods' bytecode,
// which calls StrictMath's fdlibm port. The two differ: HotSpot's routines
// are not fdlibm, and their results differ from StrictMath's in the last
// bit for 3–22 % of arguments (measured on HotSpot 17 here). minijvm runs
// these methods as natives bound to the C library's functions, which agree
// with HotSpot's routines on all but 0.03–0.4 % of arguments (log10 through
// the C library's long double log10l: its double log10 differs from
// HotSpot's as often as fdlibm's does), with the cases where Java's pow
// differs from C's handled as Java specifies them.
//
// Such a method has a frame as a native has (pc null, no bytecode run),
// so the interpreter and compiled code call it alike and every profiler
// sees one call with no instructions in both tiers; code without counting
// calls the function in place (interp/jit/compiler.cpp).
#pragma once

#include <cstdint>
#include <string_view>

#include "vm/runtime/value.h"

namespace minijvm {

class JavaThread;
class Method;

enum class MathIntrinsic : uint8_t { kNone, kSin, kCos, kTan, kExp, kLog, kLog10, kPow };

// The intrinsic java.lang.Math.`name``descriptor` is, or kNone.
MathIntrinsic math_intrinsic_named(std::string_view name, std::string_view descriptor);

// The value of intrinsic `f` at x (and y, pow's exponent; ignored by the
// others), as a function compiled code can call (System V: x and y in
// xmm0 and xmm1, the result in xmm0).
using MathFunction = double (*)(double x, double y);
MathFunction math_function(MathIntrinsic f);

// The NativeInvoker of every math intrinsic: the value from the frame's
// argument slots.
void invoke_math_intrinsic(JavaThread* thread, Method* method, Slot* args, Slot* result);

}  // namespace minijvm
