// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// The runtime's TorchScript types (see jit_type_base.h): singletons for the
// scalar kinds, interned ListType / DictType / OptionalType / TupleType, and
// getTypePtr<T>() for the C++ types a List or Dict can hold. ClassType (the
// type of an ivalue::Object) is in ivalue_inl.h.

#include <ATen/core/jit_type_base.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace c10 {

namespace detail {

// Interned types live until the process ends (as PyTorch's singletons do):
// each is created once under a lock and never freed, and handed out as a
// TypePtr without a control block.
template <class T>
std::shared_ptr<T> unownedTypePtr(T* type) {
  return std::shared_ptr<T>(std::shared_ptr<T>(), type);
}

// One table for every composite type, keyed by its printed structure (which
// names each contained type's identity: a contained ClassType by address).
template <class T, class Make>
std::shared_ptr<T> internType(const std::string& key, Make make) {
  static std::mutex mutex;
  static auto* table = new std::unordered_map<std::string, T*>();
  std::lock_guard<std::mutex> lock(mutex);
  auto it = table->find(key);
  if (it == table->end()) {
    it = table->emplace(key, make()).first;
  }
  return unownedTypePtr(it->second);
}

std::string typeIdentityKey(const TypePtr& t);

} // namespace detail

#define C10TIDY_SINGLETON_TYPE(Name, printed)                     \
  struct Name;                                                    \
  using Name##Ptr = std::shared_ptr<Name>;                        \
  struct Name final : Type {                                      \
    static constexpr TypeKind Kind = TypeKind::Name;              \
    Name() : Type(Kind) {}                                        \
    std::string str() const override { return printed; }         \
    static Name##Ptr get() {                                      \
      static Name* const instance = new Name(); /* NOLINT(bugprone-macro-parentheses): a type */ \
      return detail::unownedTypePtr(instance);                    \
    }                                                             \
  };
C10TIDY_SINGLETON_TYPE(AnyType, "Any")
C10TIDY_SINGLETON_TYPE(NoneType, "NoneType")
C10TIDY_SINGLETON_TYPE(TensorType, "Tensor")
C10TIDY_SINGLETON_TYPE(IntType, "int")
C10TIDY_SINGLETON_TYPE(FloatType, "float")
C10TIDY_SINGLETON_TYPE(BoolType, "bool")
C10TIDY_SINGLETON_TYPE(StringType, "str")
C10TIDY_SINGLETON_TYPE(DeviceObjType, "Device")
C10TIDY_SINGLETON_TYPE(NumberType, "Scalar")
C10TIDY_SINGLETON_TYPE(SymIntType, "SymInt")
C10TIDY_SINGLETON_TYPE(SymFloatType, "SymFloat")
C10TIDY_SINGLETON_TYPE(SymBoolType, "SymBool")
C10TIDY_SINGLETON_TYPE(AnyTupleType, "tuple")
C10TIDY_SINGLETON_TYPE(AnyClassType, "AnyClassType")
#undef C10TIDY_SINGLETON_TYPE

struct ListType;
using ListTypePtr = std::shared_ptr<ListType>;
struct ListType final : Type {
  static constexpr TypeKind Kind = TypeKind::ListType;
  explicit ListType(TypePtr elem) : Type(Kind), elem_(std::move(elem)) {}
  static ListTypePtr create(const TypePtr& elem) {
    return detail::internType<ListType>(
        "List[" + detail::typeIdentityKey(elem) + "]", [&] { return new ListType(elem); });
  }
  static ListTypePtr ofInts() { return create(IntType::get()); }
  static ListTypePtr ofFloats() { return create(FloatType::get()); }
  static ListTypePtr ofBools() { return create(BoolType::get()); }
  static ListTypePtr ofStrings() { return create(StringType::get()); }
  static ListTypePtr ofTensors() { return create(TensorType::get()); }
  static ListTypePtr ofSymInts() { return create(SymIntType::get()); }
  const TypePtr& getElementType() const { return elem_; }
  std::string str() const override { return "List[" + elem_->str() + "]"; }
  std::vector<TypePtr> containedTypes() const override { return {elem_}; }

 private:
  TypePtr elem_;
};

struct OptionalType;
using OptionalTypePtr = std::shared_ptr<OptionalType>;
struct OptionalType final : Type {
  static constexpr TypeKind Kind = TypeKind::OptionalType;
  explicit OptionalType(TypePtr elem) : Type(Kind), elem_(std::move(elem)) {}
  static OptionalTypePtr create(const TypePtr& elem) {
    return detail::internType<OptionalType>(
        "Optional[" + detail::typeIdentityKey(elem) + "]", [&] { return new OptionalType(elem); });
  }
  static OptionalTypePtr ofTensor() { return create(TensorType::get()); }
  const TypePtr& getElementType() const { return elem_; }
  std::string str() const override { return "Optional[" + elem_->str() + "]"; }
  std::vector<TypePtr> containedTypes() const override { return {elem_}; }

 private:
  TypePtr elem_;
};

struct DictType;
using DictTypePtr = std::shared_ptr<DictType>;
struct DictType final : Type {
  static constexpr TypeKind Kind = TypeKind::DictType;
  DictType(TypePtr key, TypePtr value) : Type(Kind), key_(std::move(key)), value_(std::move(value)) {}
  static DictTypePtr create(const TypePtr& key, const TypePtr& value) {
    return detail::internType<DictType>(
        "Dict(" + detail::typeIdentityKey(key) + ", " + detail::typeIdentityKey(value) + ")",
        [&] { return new DictType(key, value); });
  }
  const TypePtr& getKeyType() const { return key_; }
  const TypePtr& getValueType() const { return value_; }
  std::string str() const override { return "Dict(" + key_->str() + ", " + value_->str() + ")"; }
  std::vector<TypePtr> containedTypes() const override { return {key_, value_}; }

 private:
  TypePtr key_;
  TypePtr value_;
};

struct TupleType;
using TupleTypePtr = std::shared_ptr<TupleType>;
struct TupleType final : Type {
  static constexpr TypeKind Kind = TypeKind::TupleType;
  explicit TupleType(std::vector<TypePtr> elements) : Type(Kind), elements_(std::move(elements)) {}
  static TupleTypePtr create(const std::vector<TypePtr>& elements) {
    std::string key = "Tuple[";
    for (size_t i = 0; i < elements.size(); ++i) {
      key += (i ? ", " : "") + detail::typeIdentityKey(elements[i]);
    }
    key += "]";
    return detail::internType<TupleType>(key, [&] { return new TupleType(elements); });
  }
  const std::vector<TypePtr>& elements() const { return elements_; }
  std::string str() const override {
    std::string s = "Tuple[";
    for (size_t i = 0; i < elements_.size(); ++i) {
      s += (i ? ", " : "") + elements_[i]->str();
    }
    return s + "]";
  }
  std::vector<TypePtr> containedTypes() const override { return elements_; }

 private:
  std::vector<TypePtr> elements_;
};

inline const char* typeKindToString(TypeKind kind) {
  switch (kind) {
#define C10TIDY_KIND_NAME(k) \
  case TypeKind::k:          \
    return #k;
    C10TIDY_KIND_NAME(AnyType)
    C10TIDY_KIND_NAME(NoneType)
    C10TIDY_KIND_NAME(TensorType)
    C10TIDY_KIND_NAME(IntType)
    C10TIDY_KIND_NAME(FloatType)
    C10TIDY_KIND_NAME(BoolType)
    C10TIDY_KIND_NAME(StringType)
    C10TIDY_KIND_NAME(DeviceObjType)
    C10TIDY_KIND_NAME(NumberType)
    C10TIDY_KIND_NAME(SymIntType)
    C10TIDY_KIND_NAME(SymFloatType)
    C10TIDY_KIND_NAME(SymBoolType)
    C10TIDY_KIND_NAME(ListType)
    C10TIDY_KIND_NAME(DictType)
    C10TIDY_KIND_NAME(OptionalType)
    C10TIDY_KIND_NAME(TupleType)
    C10TIDY_KIND_NAME(AnyTupleType)
    C10TIDY_KIND_NAME(AnyClassType)
    C10TIDY_KIND_NAME(ClassType)
#undef C10TIDY_KIND_NAME
  }
  return "UnknownType";
}

inline bool Type::isSubtypeOf(const Type& other) const {
  if (*this == other || other.kind() == TypeKind::AnyType) {
    return true;
  }
  if (const auto* opt = other.castRaw<OptionalType>()) {
    return kind() == TypeKind::NoneType || isSubtypeOf(*opt->getElementType());
  }
  if (other.kind() == TypeKind::NumberType) {
    return kind() == TypeKind::IntType || kind() == TypeKind::FloatType;
  }
  if (other.kind() == TypeKind::AnyTupleType) {
    return kind() == TypeKind::TupleType;
  }
  if (other.kind() == TypeKind::AnyClassType) {
    return kind() == TypeKind::ClassType;
  }
  return false;
}

namespace detail {
// Interned types are named by structure; a ClassType (not interned, compared
// by identity) by its name and address.
inline std::string typeIdentityKey(const TypePtr& t) {
  TORCH_CHECK(t != nullptr, "a contained type must not be null");
  if (t->kind() != TypeKind::ClassType) {
    std::string key = t->str();
    for (const TypePtr& c : t->containedTypes()) {
      if (c->kind() == TypeKind::ClassType) {
        // the printed form does not identify the class: add the identities
        key += "|" + typeIdentityKey(c);
      }
    }
    return key;
  }
  return t->str() + "@" + std::to_string(reinterpret_cast<std::uintptr_t>(t.get()));
}
} // namespace detail

} // namespace c10
