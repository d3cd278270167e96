// A stand-in for a newer PyTorch's IValue (2.x style): the accessors the check
// knows keep their names but not their 1.13 declarations (inline definitions,
// [[nodiscard]], SymInt accessors with ref-qualifiers, a `final` class).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace c10 {
template <class T> class intrusive_ptr {
public:
  intrusive_ptr() noexcept = default;
  intrusive_ptr(const intrusive_ptr &) noexcept;
  intrusive_ptr(intrusive_ptr &&) noexcept;
  ~intrusive_ptr();
  T *operator->() const noexcept { return target_; }
  T &operator*() const noexcept { return *target_; }
private:
  T *target_ = nullptr;
};

template <class T> class ArrayRef {
public:
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T &operator[](std::size_t i) const { return data_[i]; }
  const T *begin() const { return data_; }
  const T *end() const { return data_ + size_; }
private:
  const T *data_ = nullptr;
  std::size_t size_ = 0;
};

class IValue;
template <class T> class List {
public:
  List(const List &);
  ~List();
  std::size_t size() const;
  bool empty() const;
  T get(std::size_t i) const;
  struct iterator {
    T operator*() const;
    iterator &operator++();
    bool operator!=(const iterator &) const;
  };
  iterator begin() const;
  iterator end() const;
};

class SymInt {};

namespace ivalue {
struct Tuple {
  [[nodiscard]] const std::vector<IValue> &elements() const &;
};
struct ConstantString {
  const std::string &string() const;
  std::string_view string_view() const;
};
struct Object {
  const IValue &getSlot(std::size_t i) const;
};
} // namespace ivalue

class IValue final {
public:
  IValue();
  IValue(const IValue &);
  ~IValue();
  [[nodiscard]] SymInt toSymInt() &&;
  [[nodiscard]] SymInt toSymInt() const &;
  [[nodiscard]] c10::intrusive_ptr<ivalue::Tuple> toTuple() && { return {}; }
  [[nodiscard]] c10::intrusive_ptr<ivalue::Tuple> toTuple() const & { return {}; }
  [[nodiscard]] ivalue::Tuple &toTupleRef() const;
  [[nodiscard]] c10::intrusive_ptr<ivalue::ConstantString> toString() &&;
  [[nodiscard]] c10::intrusive_ptr<ivalue::ConstantString> toString() const &;
  [[nodiscard]] const std::string &toStringRef() const;
  [[nodiscard]] std::string_view toStringView() const;
  [[nodiscard]] c10::List<IValue> toList() &&;
  [[nodiscard]] c10::List<IValue> toList() const &;
  [[nodiscard]] c10::ArrayRef<IValue> toListRef() const;
  [[nodiscard]] c10::intrusive_ptr<ivalue::Object> toObject() &&;
  [[nodiscard]] c10::intrusive_ptr<ivalue::Object> toObject() const &;
  [[nodiscard]] ivalue::Object &toObjectRef() const;
};
} // namespace c10
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
