#include "vm/runtime/math_intrinsics.h"

#include <cmath>
#include <string_view>

#include "vm/runtime/method.h"

namespace minijvm {

namespace {

double sin_of(double x, double) { return std::sin(x); }
double cos_of(double x, double) { return std::cos(x); }
double tan_of(double x, double) { return std::tan(x); }
double exp_of(double x, double) { return std::exp(x); }
double log_of(double x, double) { return std::log(x); }
double log10_of(double x, double) {
  // A negative argument's NaN as log's (HotSpot's has the sign bit set,
  // log10l's not); else rounded from the extended-precision logarithm:
  // 0.03 % of arguments differ from HotSpot's result this way, 21 % with
  // the C library's double log10.
  if (x < 0) return std::log(x);
  return static_cast<double>(log10l(static_cast<long double>(x)));
}
double pow_of(double x, double y) {
  // Where Java's pow (Math.pow's specification) and C's differ: a NaN
  // exponent gives NaN even for a base of 1 (C: 1), and a base of
  // magnitude 1 raised to an infinite exponent gives NaN (C: 1).
  if (std::isnan(y)) return y;
  if (std::isinf(y) && std::fabs(x) == 1.0) return std::nan("");
  return std::pow(x, y);
}

}  // namespace

MathIntrinsic math_intrinsic_named(std::string_view name, std::string_view descriptor) {
  if (descriptor == "(DD)D") return name == "pow" ? MathIntrinsic::kPow : MathIntrinsic::kNone;
  if (descriptor != "(D)D") return MathIntrinsic::kNone;
  if (name == "sin") return MathIntrinsic::kSin;
  if (name == "cos") return MathIntrinsic::kCos;
  if (name == "tan") return MathIntrinsic::kTan;
  if (name == "exp") return MathIntrinsic::kExp;
  if (name == "log") return MathIntrinsic::kLog;
  if (name == "log10") return MathIntrinsic::kLog10;
  return MathIntrinsic::kNone;
}

MathFunction math_function(MathIntrinsic f) {
  switch (f) {
    case MathIntrinsic::kSin: return &sin_of;
    case MathIntrinsic::kCos: return &cos_of;
    case MathIntrinsic::kTan: return &tan_of;
    case MathIntrinsic::kExp: return &exp_of;
    case MathIntrinsic::kLog: return &log_of;
    case MathIntrinsic::kLog10: return &log10_of;
    case MathIntrinsic::kPow: return &pow_of;
    case MathIntrinsic::kNone: break;
  }
  return nullptr;
}

void invoke_math_intrinsic(JavaThread*, Method* method, Slot* args, Slot* result) {
  // pow's exponent is in the two slots after the base's.
  double y = method->math == MathIntrinsic::kPow ? args[2].d : 0.0;
  result->d = math_function(method->math)(args[0].d, y);
}

}  // namespace minijvm
