// A vector of trivially copyable values that keeps up to N of them inline:
// ProfileNode's metrics and children, so that a profile of millions of
// contexts does not make millions of small heap blocks (issue 14). The
// subset of std::vector the profile code uses.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <new>
#include <type_traits>

namespace minijvm::prof {

template <typename T, uint32_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  SmallVector() = default;
  SmallVector(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
  SmallVector(const SmallVector& other) { assign(other.begin(), other.end()); }
  SmallVector(SmallVector&& other) noexcept { take(other); }
  SmallVector& operator=(const SmallVector& other) {
    if (this != &other) assign(other.begin(), other.end());
    return *this;
  }
  SmallVector& operator=(SmallVector&& other) noexcept {
    if (this != &other) {
      release();
      take(other);
    }
    return *this;
  }
  SmallVector& operator=(std::initializer_list<T> values) {
    assign(values.begin(), values.end());
    return *this;
  }
  ~SmallVector() { release(); }

  uint32_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return capacity_ > N ? heap_ : inline_; }
  const T* data() const { return capacity_ > N ? heap_ : inline_; }
  T& operator[](size_t i) { return data()[i]; }
  const T& operator[](size_t i) const { return data()[i]; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  std::reverse_iterator<const T*> rbegin() const { return std::reverse_iterator<const T*>(end()); }
  std::reverse_iterator<const T*> rend() const { return std::reverse_iterator<const T*>(begin()); }

  void push_back(const T& value) {
    if (size_ == capacity_) grow(capacity_ * 2);
    data()[size_++] = value;
  }
  void resize(uint32_t n, const T& value = T{}) {
    if (n > capacity_) grow(n);
    for (uint32_t i = size_; i < n; ++i) data()[i] = value;
    size_ = n;
  }
  void assign(size_t n, const T& value) {
    size_ = 0;
    resize(static_cast<uint32_t>(n), value);
  }
  template <typename It>
  void assign(It first, It last) {
    auto n = static_cast<uint32_t>(std::distance(first, last));
    if (n > capacity_) grow(n);
    std::copy(first, last, data());
    size_ = n;
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  template <typename Range>
  friend bool operator==(const SmallVector& a, const Range& b) {
    return std::equal(a.begin(), a.end(), std::begin(b), std::end(b));
  }

 private:
  void grow(uint32_t capacity) {
    if (capacity <= capacity_) return;
    T* bigger = static_cast<T*>(::operator new(sizeof(T) * capacity));
    std::memcpy(bigger, data(), sizeof(T) * size_);
    release();
    heap_ = bigger;
    capacity_ = capacity;
  }
  void release() {
    if (capacity_ > N) ::operator delete(heap_);
    capacity_ = N;
  }
  void take(SmallVector& other) {
    size_ = other.size_;
    capacity_ = other.capacity_;
    if (other.capacity_ > N)
      heap_ = other.heap_;
    else
      std::memcpy(inline_, other.inline_, sizeof(T) * other.size_);
    other.size_ = 0;
    other.capacity_ = N;
  }

  union {
    T inline_[N];
    T* heap_;
  };
  uint32_t size_ = 0;
  uint32_t capacity_ = N;
};

}  // namespace minijvm::prof
