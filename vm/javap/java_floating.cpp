// Double.toString and Float.toString exactly as JDK 17 computes them
// (jdk.internal.math.FloatingDecimal.BinaryToASCIIBuffer.dtoa), including
// the cases where that algorithm prints more digits than the shortest
// round-trip form (Float.toString(3.75E10f) is "3.7499998E10" before JDK 19).
// The int and long fast paths keep Java's wrap-around arithmetic; the big
// path uses exact multi-word arithmetic, which is all FDBigInteger does.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "vm/javap/java_text.h"

namespace minijvm::javap {
namespace {

constexpr int kExpShift = 52;
constexpr uint64_t kFractHob = uint64_t{1} << kExpShift;
constexpr uint64_t kSignifMask = kFractHob - 1;
constexpr uint64_t kExpOne = uint64_t{1023} << kExpShift;
constexpr int kMaxSmallBinExp = 62;
constexpr int kMinSmallBinExp = -(63 / 3);

constexpr int kN5Bits[] = {0,  3,  5,  7,  10, 12, 14, 17, 19, 21, 24, 26, 28, 31,
                           33, 35, 38, 40, 42, 45, 47, 49, 52, 54, 56, 59, 61};
constexpr int kN5BitsLength = sizeof kN5Bits / sizeof kN5Bits[0];
constexpr int kInsignificantDigits[] = {
    0,  0,  0,  0,  1,  1,  1,  2,  2,  2,  3,  3,  3,  3,  4,  4,  4,  5,  5,  5,  6,  6,
    6,  6,  7,  7,  7,  8,  8,  8,  9,  9,  9,  9,  10, 10, 10, 11, 11, 11, 12, 12, 12, 12,
    13, 13, 13, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 17, 17, 17, 18, 18, 18, 19};

constexpr int64_t long_5_pow(int n) {
  int64_t v = 1;
  for (int i = 0; i < n; ++i) v *= 5;
  return v;
}
constexpr int kLong5PowLength = 27;

// Java int / long arithmetic: wraps on overflow.
int32_t jmul(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}
int32_t jadd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
int32_t jshl(int32_t a, int n) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) << (n & 31));
}
int64_t jmul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
int64_t jadd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t jshl(int64_t a, int n) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) << (n & 63));
}

// Non-negative multi-word integers, little-endian 32-bit words.
class Big {
 public:
  Big() = default;
  explicit Big(uint64_t v) {
    while (v) {
      w_.push_back(static_cast<uint32_t>(v));
      v >>= 32;
    }
  }
  // value * 5^p5 * 2^p2
  static Big mul_pow52(uint64_t value, int p5, int p2) {
    Big b(value);
    for (int i = 0; i < p5; ++i) b.mul_small(5);
    b.shl(p2);
    return b;
  }
  void mul_small(uint32_t m) {
    uint64_t carry = 0;
    for (uint32_t& word : w_) {
      uint64_t v = uint64_t{word} * m + carry;
      word = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    if (carry) w_.push_back(static_cast<uint32_t>(carry));
    trim();
  }
  void shl(int n) {
    if (w_.empty() || n <= 0) return;
    int words = n / 32, bits = n % 32;
    if (bits) {
      uint32_t carry = 0;
      for (uint32_t& word : w_) {
        uint32_t next = word >> (32 - bits);
        word = (word << bits) | carry;
        carry = next;
      }
      if (carry) w_.push_back(carry);
    }
    w_.insert(w_.begin(), static_cast<size_t>(words), 0u);
  }
  void add(const Big& o) {
    uint64_t carry = 0;
    if (w_.size() < o.w_.size()) w_.resize(o.w_.size(), 0);
    for (size_t i = 0; i < w_.size(); ++i) {
      uint64_t v = uint64_t{w_[i]} + (i < o.w_.size() ? o.w_[i] : 0) + carry;
      w_[i] = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    if (carry) w_.push_back(static_cast<uint32_t>(carry));
  }
  void sub(const Big& o) {  // requires *this >= o
    int64_t borrow = 0;
    for (size_t i = 0; i < w_.size(); ++i) {
      int64_t v = int64_t{w_[i]} - (i < o.w_.size() ? o.w_[i] : 0) - borrow;
      borrow = v < 0;
      w_[i] = static_cast<uint32_t>(v + (borrow ? (int64_t{1} << 32) : 0));
    }
    trim();
  }
  int cmp(const Big& o) const {
    if (w_.size() != o.w_.size()) return w_.size() < o.w_.size() ? -1 : 1;
    for (size_t i = w_.size(); i-- > 0;) {
      if (w_[i] != o.w_[i]) return w_[i] < o.w_[i] ? -1 : 1;
    }
    return 0;
  }
  bool is_zero() const { return w_.empty(); }
  // FDBigInteger.quoRemIteration: q = this / s; this = 10 * (this % s).
  int quo_rem_iteration(const Big& s) {
    int q = 0;
    while (cmp(s) >= 0 && q < 100) {
      sub(s);
      ++q;
    }
    mul_small(10);
    return q;
  }

 private:
  void trim() {
    while (!w_.empty() && w_.back() == 0) w_.pop_back();
  }
  std::vector<uint32_t> w_;
};

struct Decimal {
  std::string digits;
  int dec_exponent = 0;  // value = 0.digits x 10^dec_exponent
};

int estimate_dec_exp(uint64_t fract_bits, int bin_exp) {
  double d2 = std::bit_cast<double>(kExpOne | (fract_bits & kSignifMask));
  double t = (d2 - 1.5) * 0.289529654;
  t = t + 0.176091259;
  double d = t + static_cast<double>(bin_exp) * 0.301029995663981;
  auto bits = std::bit_cast<uint64_t>(d);
  int exponent = static_cast<int>((bits & 0x7FF0000000000000ull) >> kExpShift) - 1023;
  bool negative = (bits & 0x8000000000000000ull) != 0;
  if (exponent >= 0 && exponent < 52) {
    uint64_t mask = kSignifMask >> exponent;
    int r = static_cast<int>(((bits & kSignifMask) | kFractHob) >> (kExpShift - exponent));
    return negative ? (((mask & bits) == 0) ? -r : -r - 1) : r;
  }
  if (exponent < 0) {
    return ((bits & ~0x8000000000000000ull) == 0) ? 0 : (negative ? -1 : 0);
  }
  return static_cast<int>(d);
}

void develop_long_digits(int dec_exponent, int64_t lvalue, int insignificant, Decimal& out) {
  if (insignificant != 0) {
    int64_t pow10 = long_5_pow(insignificant) << insignificant;
    int64_t residue = lvalue % pow10;
    lvalue /= pow10;
    dec_exponent += insignificant;
    if (residue >= (pow10 >> 1)) ++lvalue;
  }
  std::string s = std::to_string(lvalue);
  out.dec_exponent = dec_exponent + static_cast<int>(s.size());
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  out.digits = s;
}

void roundup(Decimal& d) {
  size_t i = d.digits.size() - 1;
  char q = d.digits[i];
  if (q == '9') {
    while (q == '9' && i > 0) {
      d.digits[i] = '0';
      q = d.digits[--i];
    }
    if (q == '9') {
      d.dec_exponent += 1;
      d.digits[0] = '1';
      return;
    }
  }
  d.digits[i] = static_cast<char>(q + 1);
}

// BinaryToASCIIBuffer.dtoa with isCompatibleFormat (Double/Float.toString).
Decimal dtoa(int bin_exp, uint64_t fract_bits, int n_significant_bits) {
  Decimal out;
  const int tail_zeros = std::countr_zero(fract_bits);
  const int n_fract_bits = kExpShift + 1 - tail_zeros;
  const int n_tiny_bits = std::max(0, n_fract_bits - bin_exp - 1);
  if (bin_exp <= kMaxSmallBinExp && bin_exp >= kMinSmallBinExp) {
    if (n_tiny_bits < kLong5PowLength && n_fract_bits + kN5Bits[n_tiny_bits] < 64) {
      if (n_tiny_bits == 0) {
        int insignificant = 0;
        if (bin_exp > n_significant_bits) {
          int p2 = bin_exp - n_significant_bits - 1;
          if (p2 > 1 && p2 < static_cast<int>(sizeof kInsignificantDigits / sizeof(int))) {
            insignificant = kInsignificantDigits[p2];
          }
        }
        uint64_t v = bin_exp >= kExpShift ? fract_bits << (bin_exp - kExpShift)
                                          : fract_bits >> (kExpShift - bin_exp);
        develop_long_digits(0, static_cast<int64_t>(v), insignificant, out);
        return out;
      }
    }
  }
  int dec_exp = estimate_dec_exp(fract_bits, bin_exp);
  int b5 = std::max(0, -dec_exp);
  int b2 = b5 + n_tiny_bits + bin_exp;
  int s5 = std::max(0, dec_exp);
  int s2 = s5 + n_tiny_bits;
  int m5 = b5;
  int m2 = b2 - n_significant_bits;
  fract_bits >>= tail_zeros;
  b2 -= n_fract_bits - 1;
  int common2 = std::min(b2, s2);
  b2 -= common2;
  s2 -= common2;
  m2 -= common2;
  if (n_fract_bits == 1) m2 -= 1;
  if (m2 < 0) {
    b2 -= m2;
    s2 -= m2;
    m2 = 0;
  }

  std::string& digits = out.digits;
  bool low, high;
  int64_t low_digit_difference = 0;
  int q;
  const int b_bits = n_fract_bits + b2 + (b5 < kN5BitsLength ? kN5Bits[b5] : b5 * 3);
  const int ten_s_bits = s2 + 1 + ((s5 + 1) < kN5BitsLength ? kN5Bits[s5 + 1] : (s5 + 1) * 3);
  const bool e_form = dec_exp < -3 || dec_exp >= 8;

  auto small_path = [&](auto b, auto s, auto m) {
    using T = decltype(b);
    T tens = jmul(s, T{10});
    q = static_cast<int>(b / s);
    b = jmul(T{10}, static_cast<T>(b % s));
    m = jmul(m, T{10});
    low = b < m;
    high = jadd(b, m) > tens;
    if (q == 0 && !high) {
      --dec_exp;
    } else {
      digits.push_back(static_cast<char>('0' + q));
    }
    if (e_form) high = low = false;
    while (!low && !high) {
      q = static_cast<int>(b / s);
      b = jmul(T{10}, static_cast<T>(b % s));
      m = jmul(m, T{10});
      if (m > 0) {
        low = b < m;
        high = jadd(b, m) > tens;
      } else {
        low = high = true;
      }
      digits.push_back(static_cast<char>('0' + q));
    }
    low_digit_difference = static_cast<int64_t>(jadd(jshl(b, 1), static_cast<T>(-tens)));
  };

  if (b_bits < 64 && ten_s_bits < 64) {
    if (b_bits < 32 && ten_s_bits < 32) {
      int32_t b =
          jshl(jmul(static_cast<int32_t>(fract_bits), static_cast<int32_t>(long_5_pow(b5))), b2);
      int32_t s = jshl(static_cast<int32_t>(long_5_pow(s5)), s2);
      int32_t m = jshl(static_cast<int32_t>(long_5_pow(m5)), m2);
      small_path(b, s, m);
    } else {
      int64_t b = jshl(jmul(static_cast<int64_t>(fract_bits), long_5_pow(b5)), b2);
      int64_t s = jshl(long_5_pow(s5), s2);
      int64_t m = jshl(long_5_pow(m5), m2);
      small_path(b, s, m);
    }
  } else {
    Big s = Big::mul_pow52(1, s5, s2);
    Big b = Big::mul_pow52(fract_bits, b5, b2);
    Big m = Big::mul_pow52(1, m5 + 1, m2 + 1);
    Big ten_s = Big::mul_pow52(1, s5 + 1, s2 + 1);
    auto high_test = [&] {
      Big sum = b;
      sum.add(m);
      return ten_s.cmp(sum) <= 0;
    };
    q = b.quo_rem_iteration(s);
    low = b.cmp(m) < 0;
    high = high_test();
    if (q == 0 && !high) {
      --dec_exp;
    } else {
      digits.push_back(static_cast<char>('0' + q));
    }
    if (e_form) high = low = false;
    while (!low && !high) {
      q = b.quo_rem_iteration(s);
      m.mul_small(10);
      low = b.cmp(m) < 0;
      high = high_test();
      digits.push_back(static_cast<char>('0' + q));
    }
    if (high && low) {
      b.shl(1);
      low_digit_difference = b.cmp(ten_s);
    } else {
      low_digit_difference = 0;
    }
  }
  out.dec_exponent = dec_exp + 1;
  if (digits.empty()) digits = "0";
  if (high) {
    if (low) {
      if (low_digit_difference == 0) {
        if ((digits.back() - '0') & 1) roundup(out);
      } else if (low_digit_difference > 0) {
        roundup(out);
      }
    } else {
      roundup(out);
    }
  }
  return out;
}

// BinaryToASCIIBuffer.getChars.
std::string java_chars_of(bool negative, const Decimal& d) {
  std::string out = negative ? "-" : "";
  const std::string& digits = d.digits;
  const int n = static_cast<int>(digits.size());
  const int e = d.dec_exponent;
  if (e > 0 && e < 8) {
    int whole = std::min(n, e);
    out += digits.substr(0, static_cast<size_t>(whole));
    if (whole < e) {
      out.append(static_cast<size_t>(e - whole), '0');
      out += ".0";
    } else {
      out += '.';
      out += whole < n ? digits.substr(static_cast<size_t>(whole)) : "0";
    }
  } else if (e <= 0 && e > -3) {
    out += "0.";
    out.append(static_cast<size_t>(-e), '0');
    out += digits;
  } else {
    out += digits[0];
    out += '.';
    out += n > 1 ? digits.substr(1) : "0";
    out += 'E';
    out += std::to_string(e - 1);
  }
  return out;
}

}  // namespace

std::string java_double_string(double value) {
  auto bits = std::bit_cast<uint64_t>(value);
  const bool negative = (bits >> 63) != 0;
  uint64_t fract_bits = bits & kSignifMask;
  int bin_exp = static_cast<int>((bits >> kExpShift) & 0x7FF);
  if (bin_exp == 0x7FF) {
    if (fract_bits == 0) return negative ? "-Infinity" : "Infinity";
    return "NaN";
  }
  int n_significant_bits;
  if (bin_exp == 0) {
    if (fract_bits == 0) return negative ? "-0.0" : "0.0";
    int leading_zeros = std::countl_zero(fract_bits);
    int shift = leading_zeros - (63 - kExpShift);
    fract_bits <<= shift;
    bin_exp = 1 - shift;
    n_significant_bits = 64 - leading_zeros;
  } else {
    fract_bits |= kFractHob;
    n_significant_bits = kExpShift + 1;
  }
  bin_exp -= 1023;
  return java_chars_of(negative, dtoa(bin_exp, fract_bits, n_significant_bits));
}

std::string java_float_string(float value) {
  constexpr int kSingleExpShift = 23;
  auto bits = std::bit_cast<uint32_t>(value);
  const bool negative = (bits >> 31) != 0;
  uint32_t fract_bits = bits & 0x7FFFFF;
  int bin_exp = static_cast<int>((bits >> kSingleExpShift) & 0xFF);
  if (bin_exp == 0xFF) {
    if (fract_bits == 0) return negative ? "-Infinity" : "Infinity";
    return "NaN";
  }
  int n_significant_bits;
  if (bin_exp == 0) {
    if (fract_bits == 0) return negative ? "-0.0" : "0.0";
    int leading_zeros = std::countl_zero(fract_bits);
    int shift = leading_zeros - (31 - kSingleExpShift);
    fract_bits <<= shift;
    bin_exp = 1 - shift;
    n_significant_bits = 32 - leading_zeros;
  } else {
    fract_bits |= 1u << kSingleExpShift;
    n_significant_bits = kSingleExpShift + 1;
  }
  bin_exp -= 127;
  return java_chars_of(
      negative,
      dtoa(bin_exp, uint64_t{fract_bits} << (kExpShift - kSingleExpShift), n_significant_bits));
}

}  // namespace minijvm::javap
