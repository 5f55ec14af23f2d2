// The numeric natives of java.lang.StrictMath, Double and Float that HotSpot
// makes intrinsics in every tier (vmIntrinsics _dsqrt_strict,
// _doubleToRawLongBits, _longBitsToDouble, _floatToRawIntBits,
// _intBitsToFloat), so they never go through libjava's JNI functions. The
// results are the same bits either way: IEEE 754 square root is correctly
// rounded, and the others copy bits. Bound here, a call is spared the JNI
// transition and argument marshalling, which in a floating-point loop cost
// more than the work (Java 17's FdLibm splits every double with
// doubleToRawLongBits). The other StrictMath natives stay libjava's.
#include <bit>
#include <cmath>
#include <cstdint>

#include "classlib-bridge/natives/registry.h"
#include "vm/runtime/value.h"

namespace minijvm {
namespace {

void sqrt_double(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_double(std::sqrt(args[0].d));
}

void double_to_raw_long_bits(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_long(std::bit_cast<int64_t>(args[0].d));
}

void long_bits_to_double(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_double(std::bit_cast<double>(args[0].j));
}

void float_to_raw_int_bits(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_int(std::bit_cast<int32_t>(args[0].f));
}

void int_bits_to_float(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_float(std::bit_cast<float>(args[0].i));
}

constexpr NativeEntry kMathNatives[] = {
    {"java/lang/StrictMath", "sqrt", "(D)D", &sqrt_double, true},
    {"java/lang/Double", "doubleToRawLongBits", "(D)J", &double_to_raw_long_bits, true},
    {"java/lang/Double", "longBitsToDouble", "(J)D", &long_bits_to_double, true},
    {"java/lang/Float", "floatToRawIntBits", "(F)I", &float_to_raw_int_bits, true},
    {"java/lang/Float", "intBitsToFloat", "(I)F", &int_bits_to_float, true},
};

}  // namespace

std::span<const NativeEntry> math_natives() { return kMathNatives; }

}  // namespace minijvm
