// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// detail::ElementType<T>: the TorchScript type a List<T> or Dict<K, T>
// records for its elements (PyTorch's getTypePtr<T>()). Its own header
// because List.h and Dict.h include each other through ivalue.h, and either
// may be the first one a program includes.

#include <ATen/core/ivalue.h>
#include <ATen/core/jit_type.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace c10 {
namespace detail {

// What isIntList() answers from, and what equality and typed casts compare:
// the element type, interned, so a comparison is one pointer compare.
template <class T, class Enable = void>
struct ElementType {
  static_assert(sizeof(T) == 0, "c10::List / c10::Dict: element type not supported by the runtime");
};
#define C10TIDY_ELEMENT_TYPE(cpp, type)               \
  template <>                                         \
  struct ElementType<cpp> {                           \
    static const TypePtr& get() {                     \
      static const TypePtr value = type::get();       \
      return value;                                   \
    }                                                 \
  };
C10TIDY_ELEMENT_TYPE(IValue, AnyType)
C10TIDY_ELEMENT_TYPE(int64_t, IntType)
C10TIDY_ELEMENT_TYPE(double, FloatType)
C10TIDY_ELEMENT_TYPE(bool, BoolType)
C10TIDY_ELEMENT_TYPE(std::string, StringType)
C10TIDY_ELEMENT_TYPE(at::Tensor, TensorType)
C10TIDY_ELEMENT_TYPE(c10::Device, DeviceObjType)
C10TIDY_ELEMENT_TYPE(c10::SymInt, SymIntType)
C10TIDY_ELEMENT_TYPE(c10::intrusive_ptr<ivalue::Tuple>, AnyTupleType)
C10TIDY_ELEMENT_TYPE(c10::intrusive_ptr<ivalue::Object>, AnyClassType)
#undef C10TIDY_ELEMENT_TYPE

template <class T>
struct ElementType<c10::optional<T>> {
  static const TypePtr& get() {
    static const TypePtr value = OptionalType::create(ElementType<T>::get());
    return value;
  }
};
template <class T>
struct ElementType<c10::List<T>> {
  static const TypePtr& get() {
    static const TypePtr value = ListType::create(ElementType<T>::get());
    return value;
  }
};
// IValue(std::vector<T>) makes a List<T>, so a vector element is a list.
template <class T>
struct ElementType<std::vector<T>> {
  static const TypePtr& get() {
    return ElementType<c10::List<T>>::get();
  }
};
template <class K, class V>
struct ElementType<c10::Dict<K, V>> {
  static const TypePtr& get() {
    static const TypePtr value = DictType::create(ElementType<K>::get(), ElementType<V>::get());
    return value;
  }
};

// libtorch's legacy containers stand for the types they are converted to.
template <class K, class V>
struct ElementType<std::unordered_map<K, V>> {
  static const TypePtr& get() {
    return ElementType<c10::Dict<K, V>>::get();
  }
};

} // namespace detail

// PyTorch's name for the same mapping.
template <class T>
TypePtr getTypePtr() {
  return detail::ElementType<T>::get();
}
} // namespace c10
