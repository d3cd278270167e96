// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// The C++ types a kernel or a typed call may use for arguments and returns,
// and for each: whether an IValue holds one (check), how to take it out of a
// stack slot (take: by move; ref: a reference into the slot, for the types an
// IValue stores as they are), how to box it (toIValue), and which schema
// types it stands for (matches). Both directions of the boxing bridge and the
// signature checks are built from this one table.

#include <ATen/core/Dict.h>
#include <ATen/core/function_schema.h>
#include <ATen/core/ivalue.h>
#include <c10/core/Scalar.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Optional.h>

#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace c10 {
namespace impl {

// A Scalar in an IValue is an int, a float or a bool (libtorch 1.13 stores it
// the same way; the runtime's IValue has no Scalar constructor).
inline IValue scalarToIValue(const c10::Scalar& s) {
  if (s.isFloatingPoint()) {
    return IValue(s.toDouble());
  }
  if (s.isBoolean()) {
    return IValue(s.toBool());
  }
  return IValue(s.toLong());
}

inline c10::Scalar ivalueToScalar(const IValue& v) {
  if (v.isDouble()) {
    return c10::Scalar(v.toDouble());
  }
  if (v.isBool()) {
    return c10::Scalar(v.toBool());
  }
  return c10::Scalar(v.toInt());
}

template <class T, class Enable = void>
struct unbox; // deliberately undefined: an unsupported kernel argument type

template <>
struct unbox<at::Tensor> {
  static std::string name() { return "Tensor"; }
  static bool check(const IValue& v) { return v.isTensor(); }
  static at::Tensor take(IValue&& v) { return std::move(v).toTensor(); }
  static at::Tensor& ref(IValue& v) { return v.toTensor(); }
  static bool matches(const SchemaType& t) { return t.kind() == SchemaType::Kind::Tensor; }
  static IValue box(const at::Tensor& t) { return IValue(t); }
  static IValue box(at::Tensor&& t) { return IValue(std::move(t)); }
};

template <>
struct unbox<std::int64_t> {
  static std::string name() { return "int"; }
  static bool check(const IValue& v) { return v.isInt(); }
  static std::int64_t take(IValue&& v) { return v.toInt(); }
  // An int64_t kernel serves a SymInt schema too (the value is a plain int).
  static bool matches(const SchemaType& t) {
    return t.kind() == SchemaType::Kind::Int || t.kind() == SchemaType::Kind::SymInt;
  }
  static IValue box(std::int64_t i) { return IValue(i); }
};

template <>
struct unbox<c10::SymInt> {
  static std::string name() { return "SymInt"; }
  static bool check(const IValue& v) { return v.isInt() || v.isSymInt(); }
  static c10::SymInt take(IValue&& v) { return v.toSymInt(); }
  static bool matches(const SchemaType& t) { return t.kind() == SchemaType::Kind::SymInt; }
  static IValue box(const c10::SymInt& i) { return IValue(i); }
};

// Whether a C++ signature uses the symbolic integer types by value (as
// libtorch decides which of an operator's two C++ signatures a typed call
// or a kernel is checked against: `const SymInt&` does not count).
template <class T>
struct is_symint_type : std::false_type {};
template <>
struct is_symint_type<c10::SymInt> : std::true_type {};
template <>
struct is_symint_type<c10::SymIntArrayRef> : std::true_type {};
template <>
struct is_symint_type<c10::optional<c10::SymInt>> : std::true_type {};
template <class FuncType>
struct fn_has_symint;
template <class R, class... P>
struct fn_has_symint<R(P...)> : std::disjunction<is_symint_type<P>...> {};

template <>
struct unbox<double> {
  static std::string name() { return "float"; }
  static bool check(const IValue& v) { return v.isDouble(); }
  static double take(IValue&& v) { return v.toDouble(); }
  static bool matches(const SchemaType& t) { return t.kind() == SchemaType::Kind::Float; }
  static IValue box(double d) { return IValue(d); }
};

template <>
struct unbox<bool> {
  static std::string name() { return "bool"; }
  static bool check(const IValue& v) { return v.isBool(); }
  static bool take(IValue&& v) { return v.toBool(); }
  static bool matches(const SchemaType& t) { return t.kind() == SchemaType::Kind::Bool; }
  static IValue box(bool b) { return IValue(b); }
};

template <>
struct unbox<std::string> {
  static std::string name() { return "str"; }
  static bool check(const IValue& v) { return v.isString(); }
  static std::string take(IValue&& v) { return v.toStringRef(); }
  static const std::string& ref(IValue& v) { return v.toStringRef(); }
  static bool matches(const SchemaType& t) { return t.kind() == SchemaType::Kind::Str; }
  static IValue box(std::string s) { return IValue(std::move(s)); }
};

// Valid while the stack slot lives, i.e. for the duration of the kernel call.
template <>
struct unbox<c10::string_view> {
  static std::string name() { return "str"; }
  static bool check(const IValue& v) { return v.isString(); }
  static c10::string_view take(IValue&& v) = delete;
  static c10::string_view ref(IValue& v) { return v.toStringView(); }
  static bool matches(const SchemaType& t) { return t.kind() == SchemaType::Kind::Str; }
  static IValue box(c10::string_view s) { return IValue(s); }
};

template <>
struct unbox<c10::Scalar> {
  static std::string name() { return "Scalar"; }
  static bool check(const IValue& v) { return v.isInt() || v.isDouble() || v.isBool(); }
  static c10::Scalar take(IValue&& v) { return ivalueToScalar(v); }
  static bool matches(const SchemaType& t) { return t.kind() == SchemaType::Kind::Scalar; }
  static IValue box(const c10::Scalar& s) { return scalarToIValue(s); }
};

template <>
struct unbox<c10::ScalarType> {
  static std::string name() { return "ScalarType"; }
  static bool check(const IValue& v) { return v.isInt(); }
  static c10::ScalarType take(IValue&& v) { return v.toScalarType(); }
  static bool matches(const SchemaType& t) { return t.kind() == SchemaType::Kind::ScalarType; }
  static IValue box(c10::ScalarType s) { return IValue(s); }
};

template <>
struct unbox<c10::Device> {
  static std::string name() { return "Device"; }
  static bool check(const IValue& v) { return v.isDevice(); }
  static c10::Device take(IValue&& v) { return v.toDevice(); }
  static bool matches(const SchemaType& t) { return t.kind() == SchemaType::Kind::Device; }
  static IValue box(c10::Device d) { return IValue(d); }
};

// A kernel taking IValue accepts any schema type (it checks for itself).
template <>
struct unbox<IValue> {
  static std::string name() { return "IValue"; }
  static bool check(const IValue& /*v*/) { return true; }
  static IValue take(IValue&& v) { return std::move(v); }
  static IValue& ref(IValue& v) { return v; }
  static bool matches(const SchemaType& /*t*/) { return true; }
  static IValue box(const IValue& v) { return v; }
  static IValue box(IValue&& v) { return std::move(v); }
};

template <class T>
struct unbox<c10::optional<T>> {
  static std::string name() { return unbox<T>::name() + "?"; }
  static bool check(const IValue& v) { return v.isNone() || unbox<T>::check(v); }
  static c10::optional<T> take(IValue&& v) {
    if (v.isNone()) {
      return c10::nullopt;
    }
    return c10::optional<T>(unbox<T>::take(std::move(v)));
  }
  static bool matches(const SchemaType& t) {
    return t.kind() == SchemaType::Kind::Optional && unbox<T>::matches(t.contained());
  }
  static IValue box(const c10::optional<T>& v) { return v.has_value() ? unbox<T>::box(*v) : IValue(); }
  static IValue box(c10::optional<T>&& v) { return v.has_value() ? unbox<T>::box(std::move(*v)) : IValue(); }
};

// Lists: any list whose elements all convert (a generic list of ints is an
// int[] too), copied into the container the kernel asks for.
template <class T>
struct unboxListElements {
  static bool check(const IValue& v) {
    if (!v.isList()) {
      return false;
    }
    for (const IValue& e : v.toListRef()) {
      if (!unbox<T>::check(e)) {
        return false;
      }
    }
    return true;
  }
  static std::vector<T> takeVector(const IValue& v) {
    std::vector<T> out;
    const c10::ArrayRef<IValue> elements = v.toListRef();
    out.reserve(elements.size());
    for (const IValue& e : elements) {
      out.push_back(unbox<T>::take(IValue(e)));
    }
    return out;
  }
  static bool matches(const SchemaType& t) {
    return t.kind() == SchemaType::Kind::List && unbox<T>::matches(t.contained());
  }
};

// The c10 container a legacy kernel type is boxed as: std::vector<T> as
// List<T'>, std::unordered_map<K, V> as Dict<K', V'> (T', K', V' likewise),
// so that a boxed result has the types libtorch gives it.
template <class T>
struct legacy_boxed {
  using type = T;
  // By value: the one copy the container makes anyway, moved in after; a
  // reference to the argument could outlive a temporary passed in.
  static T convert(const T& v) { return v; }
};
template <class T>
struct legacy_boxed<std::vector<T>> {
  using type = c10::List<typename legacy_boxed<T>::type>;
  static type convert(const std::vector<T>& v) {
    type out;
    out.reserve(v.size());
    for (const T& e : v) {
      out.push_back(legacy_boxed<T>::convert(e));
    }
    return out;
  }
};
template <class K, class V>
struct legacy_boxed<std::unordered_map<K, V>> {
  using type = c10::Dict<typename legacy_boxed<K>::type, typename legacy_boxed<V>::type>;
  static type convert(const std::unordered_map<K, V>& m) {
    type out;
    for (const auto& entry : m) {
      out.insert(legacy_boxed<K>::convert(entry.first), legacy_boxed<V>::convert(entry.second));
    }
    return out;
  }
};

template <class T>
struct unbox<std::vector<T>> : unboxListElements<T> {
  static std::string name() { return unbox<T>::name() + "[]"; }
  static std::vector<T> take(IValue&& v) { return unboxListElements<T>::takeVector(v); }
  static IValue box(const std::vector<T>& v) {
    if constexpr (std::is_constructible<IValue, const std::vector<T>&>::value) {
      return IValue(v);
    } else {
      return IValue(legacy_boxed<std::vector<T>>::convert(v));
    }
  }
};

// A legacy kernel's map argument or return: a Dict(K, V) in the schema.
template <class Key, class Value>
struct unbox<std::unordered_map<Key, Value>> {
  static std::string name() { return unbox<c10::Dict<Key, Value>>::name(); }
  static bool check(const IValue& v) { return unbox<c10::Dict<Key, Value>>::check(v); }
  static std::unordered_map<Key, Value> take(IValue&& v) {
    std::unordered_map<Key, Value> out;
    for (const auto& entry : v.toGenericDict()) {
      out.emplace(unbox<Key>::take(IValue(entry.key())), unbox<Value>::take(IValue(entry.value())));
    }
    return out;
  }
  static bool matches(const SchemaType& t) { return unbox<c10::Dict<Key, Value>>::matches(t); }
  static IValue box(const std::unordered_map<Key, Value>& v) {
    return IValue(legacy_boxed<std::unordered_map<Key, Value>>::convert(v));
  }
};

// An ArrayRef argument is backed by a vector that lives until the kernel returns.
template <class T>
struct unbox<c10::ArrayRef<T>> : unboxListElements<T> {
  static std::string name() { return unbox<T>::name() + "[]"; }
  static std::vector<T> take(IValue&& v) { return unboxListElements<T>::takeVector(v); }
  static IValue box(c10::ArrayRef<T> v) { return IValue(v); }
};

template <class T>
struct unbox<c10::List<T>> : unboxListElements<T> {
  static std::string name() { return unbox<T>::name() + "[]"; }
  static c10::List<T> take(IValue&& v) {
    c10::List<T> out;
    for (const IValue& e : v.toListRef()) {
      out.push_back(unbox<T>::take(IValue(e)));
    }
    return out;
  }
  static IValue box(const c10::List<T>& v) { return IValue(v); }
};

// A fixed-size list: T[N] in the schema, exactly N elements.
template <class T, std::size_t N>
struct unbox<std::array<T, N>> {
  static std::string name() { return unbox<T>::name() + "[" + std::to_string(N) + "]"; }
  static bool check(const IValue& v) { return unboxListElements<T>::check(v) && v.toListRef().size() == N; }
  static std::array<T, N> take(IValue&& v) { return takeElements(v.toListRef(), std::make_index_sequence<N>{}); }
  static bool matches(const SchemaType& t) {
    return unboxListElements<T>::matches(t) && (!t.fixedSize().has_value() || *t.fixedSize() == static_cast<std::int64_t>(N));
  }
  static IValue box(const std::array<T, N>& v) { return IValue(v); }

 private:
  template <std::size_t... I>
  static std::array<T, N> takeElements(c10::ArrayRef<IValue> elements, std::index_sequence<I...> /*unused*/) {
    static_cast<void>(elements);
    return {{unbox<T>::take(IValue(elements[I]))...}};
  }
};

template <class Key, class Value>
struct unbox<c10::Dict<Key, Value>> {
  static std::string name() { return "Dict(" + unbox<Key>::name() + ", " + unbox<Value>::name() + ")"; }
  static bool check(const IValue& v) {
    if (!v.isGenericDict()) {
      return false;
    }
    for (const auto& entry : v.toGenericDict()) {
      if (!unbox<Key>::check(entry.key()) || !unbox<Value>::check(entry.value())) {
        return false;
      }
    }
    return true;
  }
  static c10::Dict<Key, Value> take(IValue&& v) {
    return c10::impl::toTypedDict<Key, Value>(std::move(v).toGenericDict());
  }
  static bool matches(const SchemaType& t) {
    return t.kind() == SchemaType::Kind::Dict && unbox<Key>::matches(t.elements()[0]) &&
           unbox<Value>::matches(t.elements()[1]);
  }
  static IValue box(const c10::Dict<Key, Value>& v) { return IValue(v); }
};

// A tuple argument (a tuple return is several returns, see returns_traits).
template <class... T>
struct unbox<std::tuple<T...>> {
  static std::string name() {
    std::string out = "(";
    std::size_t i = 0;
    ((out += (i++ == 0 ? "" : ", ") + unbox<T>::name()), ...);
    return out + ")";
  }
  static bool check(const IValue& v) {
    if (!v.isTuple() || v.toTupleRef().elements().size() != sizeof...(T)) {
      return false;
    }
    return checkElements(v.toTupleRef().elements(), std::index_sequence_for<T...>{});
  }
  static std::tuple<T...> take(IValue&& v) {
    return takeElements(v.toTupleRef().elements(), std::index_sequence_for<T...>{});
  }
  static bool matches(const SchemaType& t) {
    return t.kind() == SchemaType::Kind::Tuple && t.elements().size() == sizeof...(T) &&
           matchElements(t.elements(), std::index_sequence_for<T...>{});
  }
  static IValue box(const std::tuple<T...>& v) { return boxElements(v, std::index_sequence_for<T...>{}); }

 private:
  template <class Elements, std::size_t... I>
  static bool checkElements(const Elements& e, std::index_sequence<I...> /*unused*/) {
    return (unbox<T>::check(e[I]) && ...);
  }
  template <class Elements, std::size_t... I>
  static std::tuple<T...> takeElements(const Elements& e, std::index_sequence<I...> /*unused*/) {
    return std::tuple<T...>(unbox<T>::take(IValue(e[I]))...);
  }
  template <std::size_t... I>
  static bool matchElements(const std::vector<SchemaType>& e, std::index_sequence<I...> /*unused*/) {
    return (unbox<T>::matches(e[I]) && ...);
  }
  template <std::size_t... I>
  static IValue boxElements(const std::tuple<T...>& v, std::index_sequence<I...> /*unused*/) {
    return IValue(ivalue::Tuple::create({unbox<T>::box(std::get<I>(v))...}));
  }
};

// --- per C++ parameter type (with its reference-ness) ---------------------------

template <class P, class D = std::decay_t<P>, class = void>
struct takes_reference : std::false_type {};
// A non-rvalue reference parameter binds straight to the stack slot when the
// IValue stores the type as it is (no refcount bump for `const Tensor&`).
template <class P, class D>
struct takes_reference<P, D, std::void_t<decltype(unbox<D>::ref(std::declval<IValue&>()))>>
    : std::bool_constant<std::is_lvalue_reference<P>::value || std::is_same<D, c10::string_view>::value> {};

template <class P>
decltype(auto) unboxArgument(IValue& slot) {
  using D = std::decay_t<P>;
  if constexpr (takes_reference<P>::value) {
    return unbox<D>::ref(slot);
  } else {
    return unbox<D>::take(std::move(slot));
  }
}

template <class R>
struct returns_traits {
  static constexpr std::size_t size = 1;
};
template <>
struct returns_traits<void> {
  static constexpr std::size_t size = 0;
};
template <class... T>
struct returns_traits<std::tuple<T...>> {
  static constexpr std::size_t size = sizeof...(T);
};

} // namespace impl
} // namespace c10
