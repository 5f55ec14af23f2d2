// Access and property flags of classes, fields, methods, inner classes and
// method parameters (JVMS §4.1 Table 4.1-B, §4.5 Table 4.5-A, §4.6 Table
// 4.6-A, §4.7.6 Table 4.7.6-A, §4.7.24).
#pragma once

#include <cstdint>

namespace minijvm::classfile {

inline constexpr uint16_t kAccPublic = 0x0001;        // class, field, method, inner
inline constexpr uint16_t kAccPrivate = 0x0002;       // field, method, inner
inline constexpr uint16_t kAccProtected = 0x0004;     // field, method, inner
inline constexpr uint16_t kAccStatic = 0x0008;        // field, method, inner
inline constexpr uint16_t kAccFinal = 0x0010;         // class, field, method, inner, parameter
inline constexpr uint16_t kAccSuper = 0x0020;         // class
inline constexpr uint16_t kAccSynchronized = 0x0020;  // method
inline constexpr uint16_t kAccOpen = 0x0020;          // module
inline constexpr uint16_t kAccVolatile = 0x0040;      // field
inline constexpr uint16_t kAccBridge = 0x0040;        // method
inline constexpr uint16_t kAccTransient = 0x0080;     // field
inline constexpr uint16_t kAccVarargs = 0x0080;       // method
inline constexpr uint16_t kAccNative = 0x0100;        // method
inline constexpr uint16_t kAccInterface = 0x0200;     // class, inner
inline constexpr uint16_t kAccAbstract = 0x0400;      // class, method, inner
inline constexpr uint16_t kAccStrict = 0x0800;        // method
inline constexpr uint16_t kAccSynthetic = 0x1000;     // all
inline constexpr uint16_t kAccAnnotation = 0x2000;    // class, inner
inline constexpr uint16_t kAccEnum = 0x4000;          // class, field, inner
inline constexpr uint16_t kAccModule = 0x8000;        // class
inline constexpr uint16_t kAccMandated = 0x8000;      // parameter

// The flags HotSpot recognizes (jvm.h JVM_RECOGNIZED_*_MODIFIERS); others are
// ignored, as JVMS §4.1, §4.5 and §4.6 require.
inline constexpr uint16_t kRecognizedClassFlags = kAccPublic | kAccFinal | kAccSuper |
                                                  kAccInterface | kAccAbstract | kAccAnnotation |
                                                  kAccEnum | kAccSynthetic;
inline constexpr uint16_t kRecognizedFieldFlags = kAccPublic | kAccPrivate | kAccProtected |
                                                  kAccStatic | kAccFinal | kAccVolatile |
                                                  kAccTransient | kAccEnum | kAccSynthetic;
inline constexpr uint16_t kRecognizedMethodFlags =
    kAccPublic | kAccPrivate | kAccProtected | kAccStatic | kAccFinal | kAccSynchronized |
    kAccBridge | kAccVarargs | kAccNative | kAccAbstract | kAccStrict | kAccSynthetic;
inline constexpr uint16_t kRecognizedInnerClassFlags =
    kRecognizedClassFlags | kAccPrivate | kAccProtected | kAccStatic;

}  // namespace minijvm::classfile
