// Result<T>: a value or a VmError, the way errors travel inside the VM.
//
// Java exceptions never travel as C++ exceptions (STYLE.md principle 8). Code
// below the interpreter returns Result<T>; the caller either handles the error
// or passes it on with TRY. Once threads exist, a VmError becomes the pending
// exception of the current thread at the boundary to Java code.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace minijvm {

// An error that will surface as a Java throwable: `exception` is the internal
// (slash-separated) name of its class, e.g. "java/lang/ClassFormatError".
struct VmError {
  std::string exception;
  std::string message;

  // "java.lang.ClassFormatError: message" -- what `java` prints for it.
  std::string to_string() const;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(VmError error) : v_(std::move(error)) {}  // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& value() const& { return std::get<0>(v_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }

  const VmError& error() const& { return std::get<1>(v_); }
  VmError&& error() && { return std::get<1>(std::move(v_)); }

 private:
  std::variant<T, VmError> v_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(VmError error) : error_(std::move(error)), ok_(false) {}  // NOLINT
  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const VmError& error() const& { return error_; }
  VmError&& error() && { return std::move(error_); }

 private:
  VmError error_;
  bool ok_ = true;
};

inline VmError make_error(std::string exception, std::string message) {
  return VmError{std::move(exception), std::move(message)};
}

}  // namespace minijvm

// TRY(expr): evaluates a Result; on error returns the error from the enclosing
// function, otherwise yields the value. (GNU statement expression: g++ and clang.)
#define TRY(...)                                          \
  ({                                                      \
    auto&& try_result_ = (__VA_ARGS__);                   \
    if (!try_result_.ok()) return std::move(try_result_).error(); \
    std::move(try_result_).value();                       \
  })

// CHECK_OK(expr): for Result<void>.
#define CHECK_OK(...)                                     \
  do {                                                    \
    auto&& check_result_ = (__VA_ARGS__);                 \
    if (!check_result_.ok()) return std::move(check_result_).error(); \
  } while (0)
