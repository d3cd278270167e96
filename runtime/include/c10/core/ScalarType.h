// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/util/Exception.h>

#include <cstdint>
#include <ostream>

namespace c10 {

// Element types. The numbering is libtorch's, so a ScalarType stored as an
// integer (serialised, or in an IValue) means the same thing in both. Only the
// types the runtime computes with are listed; the gaps are libtorch's Half and
// complex types.
enum class ScalarType : int8_t {
  Byte = 0,   // uint8_t
  Char = 1,   // int8_t
  Short = 2,  // int16_t
  Int = 3,    // int32_t
  Long = 4,   // int64_t
  Float = 6,  // float
  Double = 7, // double
  Bool = 11,  // bool
  Undefined = 18,
};

constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kChar = ScalarType::Char;
constexpr ScalarType kShort = ScalarType::Short;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kBool = ScalarType::Bool;

// The C++ type of each ScalarType and back.
template <typename T>
struct CppTypeToScalarType;
#define C10TIDY_SCALAR_TYPE_PAIR(cpp, name)                                \
  template <>                                                              \
  struct CppTypeToScalarType<cpp> {                                        \
    static constexpr ScalarType value = ScalarType::name;                  \
  };
C10TIDY_SCALAR_TYPE_PAIR(uint8_t, Byte)
C10TIDY_SCALAR_TYPE_PAIR(int8_t, Char)
C10TIDY_SCALAR_TYPE_PAIR(int16_t, Short)
C10TIDY_SCALAR_TYPE_PAIR(int32_t, Int)
C10TIDY_SCALAR_TYPE_PAIR(int64_t, Long)
C10TIDY_SCALAR_TYPE_PAIR(float, Float)
C10TIDY_SCALAR_TYPE_PAIR(double, Double)
C10TIDY_SCALAR_TYPE_PAIR(bool, Bool)
#undef C10TIDY_SCALAR_TYPE_PAIR

inline const char* toString(ScalarType t) {
  switch (t) {
    case ScalarType::Byte: return "Byte";
    case ScalarType::Char: return "Char";
    case ScalarType::Short: return "Short";
    case ScalarType::Int: return "Int";
    case ScalarType::Long: return "Long";
    case ScalarType::Float: return "Float";
    case ScalarType::Double: return "Double";
    case ScalarType::Bool: return "Bool";
    case ScalarType::Undefined: return "Undefined";
  }
  return "UNKNOWN_SCALAR";
}

inline std::ostream& operator<<(std::ostream& out, ScalarType t) {
  return out << toString(t);
}

inline size_t elementSize(ScalarType t) {
  switch (t) {
    case ScalarType::Byte:
    case ScalarType::Char:
    case ScalarType::Bool: return 1;
    case ScalarType::Short: return 2;
    case ScalarType::Int:
    case ScalarType::Float: return 4;
    case ScalarType::Long:
    case ScalarType::Double: return 8;
    case ScalarType::Undefined: break;
  }
  TORCH_CHECK(false, "elementSize: unsupported scalar type ", t);
}

inline bool isFloatingType(ScalarType t) {
  return t == ScalarType::Float || t == ScalarType::Double;
}

// Integral in libtorch's sense: isIntegralType(Bool, /*includeBool=*/false)
// is false.
inline bool isIntegralType(ScalarType t, bool includeBool) {
  switch (t) {
    case ScalarType::Byte:
    case ScalarType::Char:
    case ScalarType::Short:
    case ScalarType::Int:
    case ScalarType::Long: return true;
    case ScalarType::Bool: return includeBool;
    default: return false;
  }
}

// Type promotion of two tensors of the same priority (both with dimensions,
// both 0-dim, or both wrapped numbers): bool < integral < floating, within a
// kind the wider type; uint8 with int8 gives int16. The table is libtorch's
// promoteTypes restricted to the types above.
inline ScalarType promoteTypes(ScalarType a, ScalarType b) {
  if (a == b) return a;
  if (a == ScalarType::Bool) return b;
  if (b == ScalarType::Bool) return a;
  const bool fa = isFloatingType(a), fb = isFloatingType(b);
  if (fa != fb) return fa ? a : b;
  if (fa) return (a == ScalarType::Double || b == ScalarType::Double) ? ScalarType::Double : ScalarType::Float;
  // Both integral. Byte is the only unsigned one.
  auto rank = [](ScalarType t) {
    switch (t) {
      case ScalarType::Char: return 1;
      case ScalarType::Short: return 2;
      case ScalarType::Int: return 3;
      default: return 4; // Long
    }
  };
  if (a == ScalarType::Byte || b == ScalarType::Byte) {
    ScalarType other = a == ScalarType::Byte ? b : a;
    return other == ScalarType::Char ? ScalarType::Short : other;
  }
  return rank(a) >= rank(b) ? a : b;
}

// Whether an operation computing in `from` may write its result into a
// tensor of type `to` (libtorch's canCast): never floating into integral,
// never non-bool into bool.
inline bool canCast(ScalarType from, ScalarType to) {
  if (isFloatingType(from) && isIntegralType(to, /*includeBool=*/true)) return false;
  if (from != ScalarType::Bool && to == ScalarType::Bool) return false;
  return true;
}

} // namespace c10

namespace at {
using c10::ScalarType;
using c10::kBool;
using c10::kByte;
using c10::kChar;
using c10::kDouble;
using c10::kFloat;
using c10::kInt;
using c10::kLong;
using c10::kShort;
using c10::toString;
using c10::elementSize;
using c10::isFloatingType;
using c10::isIntegralType;
using c10::promoteTypes;
using c10::canCast;
} // namespace at
