// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::irange(end) and c10::irange(begin, end): a range of integers for
// range-for loops, counting up from begin (0) to end, exclusive. An end below
// begin gives an empty range, as in libtorch.

#include <cstddef>
#include <iterator>
#include <type_traits>

namespace c10 {
namespace detail {

template <class I>
class IntegerIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = I;
  using difference_type = std::ptrdiff_t;
  using pointer = const I*;
  using reference = const I&;

  explicit IntegerIterator(I value) : value_(value) {}
  I operator*() const { return value_; }
  const I* operator->() const { return &value_; }
  IntegerIterator& operator++() {
    ++value_;
    return *this;
  }
  IntegerIterator operator++(int) {
    IntegerIterator old = *this;
    ++value_;
    return old;
  }
  bool operator==(const IntegerIterator& other) const { return value_ == other.value_; }
  bool operator!=(const IntegerIterator& other) const { return value_ != other.value_; }

 private:
  I value_;
};

template <class I>
class IntegerRange {
 public:
  IntegerRange(I begin, I end) : begin_(begin), end_(end < begin ? begin : end) {}
  IntegerIterator<I> begin() const { return IntegerIterator<I>(begin_); }
  IntegerIterator<I> end() const { return IntegerIterator<I>(end_); }

 private:
  I begin_;
  I end_;
};

} // namespace detail

template <class Integer1, class Integer2,
          std::enable_if_t<std::is_integral<Integer1>::value && std::is_integral<Integer2>::value, int> = 0>
detail::IntegerRange<Integer2> irange(Integer1 begin, Integer2 end) {
  return detail::IntegerRange<Integer2>(static_cast<Integer2>(begin), end);
}

template <class Integer, std::enable_if_t<std::is_integral<Integer>::value, int> = 0>
detail::IntegerRange<Integer> irange(Integer end) {
  return detail::IntegerRange<Integer>(Integer(), end);
}

} // namespace c10
