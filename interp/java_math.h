// Java arithmetic where it differs from C++ (JVMS §2.3, §2.8, §6.5): wrapping
// integer overflow, idiv/ldiv of MIN_VALUE by -1, masked shift counts,
// saturating float-to-integer conversion with NaN -> 0, and the NaN rules of
// fcmp<op>/dcmp<op>. Float arithmetic itself is plain IEEE 754 on x86-64
// (SSE2, round-to-nearest): Java 17 is always strictfp (JEP 306).
//
// Pure functions, shared by the interpreter loop and (later) the JIT.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace minijvm::interp {

// JVMS §6.5.iadd etc.: two's-complement wrap-around, computed unsigned so
// that C++ signed overflow (undefined behaviour) never happens.
inline int32_t java_iadd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
inline int32_t java_isub(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
}
inline int32_t java_imul(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}
inline int32_t java_ineg(int32_t a) { return static_cast<int32_t>(0u - static_cast<uint32_t>(a)); }
inline int64_t java_ladd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
inline int64_t java_lsub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
inline int64_t java_lmul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
inline int64_t java_lneg(int64_t a) {
  return static_cast<int64_t>(0ull - static_cast<uint64_t>(a));
}

// JVMS §6.5.idiv/irem: the divisor is non-zero (the caller threw
// ArithmeticException otherwise); MIN_VALUE / -1 overflows to MIN_VALUE and
// its remainder is 0.
inline int32_t java_idiv(int32_t a, int32_t b) { return b == -1 ? java_ineg(a) : a / b; }
inline int32_t java_irem(int32_t a, int32_t b) { return b == -1 ? 0 : a % b; }
inline int64_t java_ldiv(int64_t a, int64_t b) { return b == -1 ? java_lneg(a) : a / b; }
inline int64_t java_lrem(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }

// JVMS §6.5.ishl etc.: only the low 5 (int) or 6 (long) bits of the count.
inline int32_t java_ishl(int32_t a, int32_t n) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) << (n & 31));
}
inline int32_t java_ishr(int32_t a, int32_t n) { return a >> (n & 31); }
inline int32_t java_iushr(int32_t a, int32_t n) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) >> (n & 31));
}
inline int64_t java_lshl(int64_t a, int32_t n) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) << (n & 63));
}
inline int64_t java_lshr(int64_t a, int32_t n) { return a >> (n & 63); }
inline int64_t java_lushr(int64_t a, int32_t n) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) >> (n & 63));
}

// JVMS §6.5.f2i/f2l/d2i/d2l: NaN -> 0, out-of-range values saturate.
template <class To, class From>
inline To java_f2int(From v) {
  if (std::isnan(v)) return 0;
  if (v >= static_cast<From>(std::numeric_limits<To>::max())) return std::numeric_limits<To>::max();
  if (v <= static_cast<From>(std::numeric_limits<To>::min())) return std::numeric_limits<To>::min();
  return static_cast<To>(v);
}
inline int32_t java_f2i(float v) { return java_f2int<int32_t>(v); }
inline int64_t java_f2l(float v) { return java_f2int<int64_t>(v); }
inline int32_t java_d2i(double v) { return java_f2int<int32_t>(v); }
inline int64_t java_d2l(double v) { return java_f2int<int64_t>(v); }

// JVMS §6.5.fcmp<op>: -1/0/1; a NaN operand gives `nan_result` (-1 for
// fcmpl/dcmpl, 1 for fcmpg/dcmpg).
template <class T>
inline int32_t java_fcmp(T a, T b, int32_t nan_result) {
  if (a > b) return 1;
  if (a < b) return -1;
  if (a == b) return 0;
  return nan_result;
}

// JVMS §6.5.frem/drem: C's fmod (truncating), not IEEE remainder.
inline float java_frem(float a, float b) { return std::fmod(a, b); }
inline double java_drem(double a, double b) { return std::fmod(a, b); }

// JVMS §6.5.i2b/i2c/i2s.
inline int32_t java_i2b(int32_t v) { return static_cast<int8_t>(v); }
inline int32_t java_i2c(int32_t v) { return static_cast<uint16_t>(v); }
inline int32_t java_i2s(int32_t v) { return static_cast<int16_t>(v); }

}  // namespace minijvm::interp
