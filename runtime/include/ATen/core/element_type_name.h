#pragma once

// detail::ElementTypeName<T>: the element-type names List and Dict record.
// Its own header because List.h and Dict.h include each other through
// ivalue.h, and either may be the first one a program includes.

#include <ATen/core/ivalue.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace c10 {
namespace detail {

// The element-type names List and Dict record (libtorch records a TypePtr):
// what isIntList() answers from, and what equality and typed casts compare.
template <class T, class Enable = void>
struct ElementTypeName {
  static_assert(sizeof(T) == 0, "c10::List / c10::Dict: element type not supported by the runtime");
};
#define C10TIDY_ELEMENT_TYPE_NAME(cpp, name)      \
  template <>                                     \
  struct ElementTypeName<cpp> {                   \
    static const std::string& get() {             \
      static const std::string value(name);       \
      return value;                               \
    }                                             \
  };
C10TIDY_ELEMENT_TYPE_NAME(IValue, "Any")
C10TIDY_ELEMENT_TYPE_NAME(int64_t, "int")
C10TIDY_ELEMENT_TYPE_NAME(double, "float")
C10TIDY_ELEMENT_TYPE_NAME(bool, "bool")
C10TIDY_ELEMENT_TYPE_NAME(std::string, "str")
C10TIDY_ELEMENT_TYPE_NAME(at::Tensor, "Tensor")
C10TIDY_ELEMENT_TYPE_NAME(c10::Device, "Device")
C10TIDY_ELEMENT_TYPE_NAME(c10::intrusive_ptr<ivalue::Tuple>, "Tuple")
C10TIDY_ELEMENT_TYPE_NAME(c10::intrusive_ptr<ivalue::Object>, "Object")
#undef C10TIDY_ELEMENT_TYPE_NAME

template <class T>
struct ElementTypeName<c10::optional<T>> {
  static const std::string& get() {
    static const std::string value("Optional[" + ElementTypeName<T>::get() + "]");
    return value;
  }
};
template <class T>
struct ElementTypeName<c10::List<T>> {
  static const std::string& get() {
    static const std::string value("List[" + ElementTypeName<T>::get() + "]");
    return value;
  }
};
// IValue(std::vector<T>) makes a List<T>, so a vector element is a list.
template <class T>
struct ElementTypeName<std::vector<T>> {
  static const std::string& get() {
    return ElementTypeName<c10::List<T>>::get();
  }
};
template <class K, class V>
struct ElementTypeName<c10::Dict<K, V>> {
  static const std::string& get() {
    static const std::string value(
        "Dict[" + ElementTypeName<K>::get() + ", " + ElementTypeName<V>::get() + "]");
    return value;
  }
};

// libtorch's legacy containers name the types they stand for.
template <class K, class V>
struct ElementTypeName<std::unordered_map<K, V>> {
  static const std::string& get() {
    return ElementTypeName<c10::Dict<K, V>>::get();
  }
};

} // namespace detail
} // namespace c10
