// interp/java_math.h: Java's arithmetic where C++ differs (JVMS §6.5).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "interp/java_math.h"

namespace minijvm::interp {
namespace {

constexpr int32_t kIntMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kIntMax = std::numeric_limits<int32_t>::max();
constexpr int64_t kLongMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kLongMax = std::numeric_limits<int64_t>::max();

TEST_CASE("interp math: integer overflow wraps") {
  CHECK(java_iadd(kIntMax, 1) == kIntMin);
  CHECK(java_isub(kIntMin, 1) == kIntMax);
  CHECK(java_imul(kIntMax, 2) == -2);
  CHECK(java_ineg(kIntMin) == kIntMin);
  CHECK(java_ladd(kLongMax, 1) == kLongMin);
  CHECK(java_lmul(kLongMax, kLongMax) == 1);
  CHECK(java_lneg(kLongMin) == kLongMin);
}

TEST_CASE("interp math: division of MIN_VALUE by -1 and remainders") {
  CHECK(java_idiv(kIntMin, -1) == kIntMin);
  CHECK(java_irem(kIntMin, -1) == 0);
  CHECK(java_ldiv(kLongMin, -1) == kLongMin);
  CHECK(java_lrem(kLongMin, -1) == 0);
  CHECK(java_idiv(-7, 2) == -3);  // truncation toward zero
  CHECK(java_irem(-7, 2) == -1);  // sign of the dividend
  CHECK(java_irem(7, -2) == 1);
}

TEST_CASE("interp math: shift counts are masked") {
  CHECK(java_ishl(1, 33) == 2);
  CHECK(java_ishl(1, 31) == kIntMin);
  CHECK(java_ishr(-8, 1) == -4);
  CHECK(java_iushr(-1, 28) == 15);
  CHECK(java_iushr(-1, 32) == -1);
  CHECK(java_lshl(1, 65) == 2);
  CHECK(java_lushr(-1, 60) == 15);
  CHECK(java_lshr(kLongMin, 63) == -1);
}

TEST_CASE("interp math: float to integer saturates, NaN gives 0") {
  const float fnan = std::numeric_limits<float>::quiet_NaN();
  const double dnan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(java_f2i(fnan) == 0);
  CHECK(java_f2i(1e20f) == kIntMax);
  CHECK(java_f2i(-1e20f) == kIntMin);
  CHECK(java_f2i(-1.9f) == -1);
  CHECK(java_f2i(2147483520.0f) == 2147483520);
  CHECK(java_f2l(static_cast<float>(inf)) == kLongMax);
  CHECK(java_d2i(-0.5) == 0);
  CHECK(java_d2i(2147483647.5) == kIntMax);
  CHECK(java_d2i(-2147483648.9) == kIntMin);
  CHECK(java_d2l(dnan) == 0);
  CHECK(java_d2l(1e300) == kLongMax);
  CHECK(java_d2l(-inf) == kLongMin);
  CHECK(java_d2l(9.2233720368547758e18) == kLongMax);               // 2^63
  CHECK(java_d2l(9.2233720368547748e18) == 9223372036854774784LL);  // just below
}

TEST_CASE("interp math: fcmpl/fcmpg NaN rules, frem, narrowing") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(java_fcmp(nan, 1.0, -1) == -1);
  CHECK(java_fcmp(nan, 1.0, 1) == 1);
  CHECK(java_fcmp(0.0, -0.0, 1) == 0);  // +0 == -0
  CHECK(java_fcmp(1.0f, 2.0f, 1) == -1);
  CHECK(java_drem(5.5, 2.0) == 1.5);
  CHECK(java_drem(-5.5, 2.0) == -1.5);
  CHECK(std::isnan(java_frem(1.0f, 0.0f)));
  CHECK(java_i2b(200) == -56);
  CHECK(java_i2c(-1) == 65535);
  CHECK(java_i2s(40000) == -25536);
}

}  // namespace
}  // namespace minijvm::interp
