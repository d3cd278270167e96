// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::Type and c10::TypePtr: the TorchScript type of a value, as far as the
// runtime's values need one (PyTorch 2.x code asks List::elementType(),
// IValue::type(), and makes generic containers from types). A much smaller
// hierarchy than PyTorch's: no subtyping lattice beyond Any and Optional, no
// type inference, no symbolic shapes.
//
// Every type except a ClassType is interned: one immortal object per
// structure (ListType::create(IntType::get()) is always the same object), so
// type equality is pointer equality and a List records its element type with
// no reference count. TypePtr is a std::shared_ptr whose interned objects are
// held without a control block: copying one is two word copies, no atomic.

#include <cstdint>
#include <c10/util/Exception.h>

#include <memory>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

namespace c10 {

// PyTorch's names for the kinds the runtime has.
enum class TypeKind : std::uint8_t {
  AnyType,
  NoneType,
  TensorType,
  IntType,
  FloatType,
  BoolType,
  StringType,
  DeviceObjType,
  NumberType,
  SymIntType,
  SymFloatType,
  SymBoolType,
  ListType,
  DictType,
  OptionalType,
  TupleType,
  AnyTupleType,
  AnyClassType,
  ClassType,
};

const char* typeKindToString(TypeKind kind);

struct Type;
using TypePtr = std::shared_ptr<Type>;

struct Type : std::enable_shared_from_this<Type> {
  explicit Type(TypeKind kind) noexcept : kind_(kind) {}
  virtual ~Type() = default;
  Type(const Type&) = delete;
  Type& operator=(const Type&) = delete;

  TypeKind kind() const noexcept { return kind_; }
  // The name TorchScript prints ("int", "List[int]", "Dict(str, Tensor)").
  virtual std::string str() const = 0;
  std::string repr_str() const { return annotation_str(); }
  virtual std::string annotation_str() const { return str(); }
  virtual std::vector<TypePtr> containedTypes() const { return {}; }

  // Whether a value of this type may be used where `other` is expected:
  // equal types, anything for Any, T or None for Optional[T], and element
  // by element for Optional's element type.
  bool isSubtypeOf(const Type& other) const;
  bool isSubtypeOf(const TypePtr& other) const { return isSubtypeOf(*other); }

  template <class T>
  std::shared_ptr<T> cast() {
    if (kind_ == T::Kind) {
      return std::static_pointer_cast<T>(selfPtr());
    }
    return nullptr;
  }
  template <class T>
  std::shared_ptr<const T> cast() const {
    if (kind_ == T::Kind) {
      return std::static_pointer_cast<const T>(const_cast<Type*>(this)->selfPtr());
    }
    return nullptr;
  }
  template <class T>
  T* castRaw() {
    return kind_ == T::Kind ? static_cast<T*>(this) : nullptr;
  }
  template <class T>
  const T* castRaw() const {
    return kind_ == T::Kind ? static_cast<const T*>(this) : nullptr;
  }
  template <class T>
  std::shared_ptr<T> expect() {
    auto r = cast<T>();
    TORCH_CHECK(r, "expected a ", typeKindToString(T::Kind), " but got ", str());
    return r;
  }
  template <class T>
  const T& expectRef() const {
    const T* r = castRaw<T>();
    TORCH_CHECK(r, "expected a ", typeKindToString(T::Kind), " but got ", str());
    return *r;
  }

  // Interned types are equal iff they are the same object; class types are
  // compared by identity as well.
  friend bool operator==(const Type& lhs, const Type& rhs) { return &lhs == &rhs; }
  friend bool operator!=(const Type& lhs, const Type& rhs) { return &lhs != &rhs; }

 protected:
  // A shared pointer to this type: the owner's, or for an interned type (no
  // owner) a pointer without a control block.
  TypePtr selfPtr() {
    TypePtr owned = weak_from_this().lock();
    return owned ? owned : TypePtr(TypePtr(), this);
  }

 private:
  const TypeKind kind_;
};

inline std::ostream& operator<<(std::ostream& out, const Type& t) {
  return out << t.str();
}

} // namespace c10
