// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Operator schemas: "ns::name.overload(Tensor self, Scalar alpha=1) -> Tensor".
// The runtime has no JIT type system; a SchemaType is the small tree of kinds
// a schema can spell (docs/runtime-dispatch.md lists them). Parsing is in
// torch/csrc/jit/frontend/function_schema_parser.h.

#include <ATen/core/dispatch/OperatorOptions.h>
#include <ATen/core/ivalue.h>
#include <c10/util/Optional.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace c10 {

struct OperatorName final {
  std::string name;          // "ns::name"
  std::string overload_name; // "" for the default overload

  OperatorName() = default;
  OperatorName(std::string n, std::string overload)
      : name(std::move(n)), overload_name(std::move(overload)) {}

  friend bool operator==(const OperatorName& a, const OperatorName& b) {
    return a.name == b.name && a.overload_name == b.overload_name;
  }
  friend bool operator!=(const OperatorName& a, const OperatorName& b) {
    return !(a == b);
  }
};

std::string toString(const OperatorName& name);
std::ostream& operator<<(std::ostream& out, const OperatorName& name);

// A type as a schema spells it: a kind, plus the element type of a list or
// the payload type of an optional.
class SchemaType final {
 public:
  enum class Kind : std::uint8_t {
    Tensor,
    Int,
    SymInt, // an int that PyTorch 2.x may trace symbolically; here always an int
    Float,
    Bool,
    Str,
    Scalar,
    ScalarType,
    Device,
    Any,
    List,
    Optional,
    Dict,
    Tuple,
  };

  static SchemaType of(Kind k) {
    return SchemaType(k, nullptr, c10::nullopt);
  }
  static SchemaType listOf(SchemaType elem, c10::optional<std::int64_t> fixedSize = c10::nullopt) {
    return SchemaType(Kind::List, std::make_shared<const SchemaType>(std::move(elem)), fixedSize);
  }
  static SchemaType optionalOf(SchemaType payload) {
    return SchemaType(Kind::Optional, std::make_shared<const SchemaType>(std::move(payload)), c10::nullopt);
  }
  static SchemaType dictOf(SchemaType key, SchemaType value) {
    SchemaType t(Kind::Dict, nullptr, c10::nullopt);
    t.elements_ = {std::move(key), std::move(value)};
    return t;
  }
  static SchemaType tupleOf(std::vector<SchemaType> elements) {
    SchemaType t(Kind::Tuple, nullptr, c10::nullopt);
    t.elements_ = std::move(elements);
    return t;
  }
  // Key and value type (Dict) or element types (Tuple).
  const std::vector<SchemaType>& elements() const {
    return elements_;
  }

  Kind kind() const {
    return kind_;
  }
  // The element (List) or payload (Optional) type; only for those kinds.
  const SchemaType& contained() const;
  // N of `int[N]`.
  c10::optional<std::int64_t> fixedSize() const {
    return fixedSize_;
  }

  // Whether `v` is a value of this type (what the boxed path checks before
  // handing a stack to a boxed kernel). Scalar accepts int, float and bool.
  bool matches(const IValue& v) const;

  // The schema spelling: "Tensor?", "int[2]", "Scalar[]".
  std::string str() const;

  friend bool operator==(const SchemaType& a, const SchemaType& b);
  friend bool operator!=(const SchemaType& a, const SchemaType& b) {
    return !(a == b);
  }

 private:
  SchemaType(Kind k, std::shared_ptr<const SchemaType> contained, c10::optional<std::int64_t> n)
      : kind_(k), contained_(std::move(contained)), fixedSize_(n) {}

  Kind kind_;
  std::shared_ptr<const SchemaType> contained_;
  c10::optional<std::int64_t> fixedSize_;
  std::vector<SchemaType> elements_;
};

// One argument or return of a schema.
class Argument final {
 public:
  Argument(std::string name, SchemaType type, c10::optional<IValue> default_value = c10::nullopt,
           bool kwarg_only = false, std::string alias = {})
      : name_(std::move(name)),
        type_(std::move(type)),
        default_value_(std::move(default_value)),
        kwarg_only_(kwarg_only),
        alias_(std::move(alias)) {}

  const std::string& name() const {
    return name_;
  }
  const SchemaType& type() const {
    return type_;
  }
  const c10::optional<IValue>& default_value() const {
    return default_value_;
  }
  bool kwarg_only() const {
    return kwarg_only_;
  }
  // The alias annotation without parentheses: "a!" for `Tensor(a!)`, else "".
  const std::string& alias() const {
    return alias_;
  }
  bool is_write() const {
    return !alias_.empty() && alias_.back() == '!';
  }

 private:
  std::string name_;
  SchemaType type_;
  c10::optional<IValue> default_value_;
  bool kwarg_only_;
  std::string alias_;
};

class FunctionSchema final {
 public:
  FunctionSchema(OperatorName name, std::vector<Argument> arguments, std::vector<Argument> returns)
      : name_(std::move(name)), arguments_(std::move(arguments)), returns_(std::move(returns)) {}

  const OperatorName& operator_name() const {
    return name_;
  }
  const std::string& name() const {
    return name_.name;
  }
  const std::string& overload_name() const {
    return name_.overload_name;
  }
  const std::vector<Argument>& arguments() const {
    return arguments_;
  }
  const std::vector<Argument>& returns() const {
    return returns_;
  }
  // Index of the argument called `name`, if any.
  c10::optional<size_t> argumentIndexWithName(const std::string& name) const;

  // The canonical text: parsing it gives an equal schema.
  std::string str() const;

  // Recorded for libtorch compatibility; not part of equality or the text.
  AliasAnalysisKind aliasAnalysis() const {
    return alias_kind_.value_or(AliasAnalysisKind::CONSERVATIVE);
  }
  bool isDefaultAliasAnalysisKind() const {
    return !alias_kind_.has_value();
  }
  void setAliasAnalysis(AliasAnalysisKind k) {
    alias_kind_ = k;
  }
  // Prefixes "ns::" to a name that has no namespace; true if it did.
  bool setNamespaceIfNotSet(const char* ns) {
    if (name_.name.find("::") != std::string::npos) {
      return false;
    }
    name_.name = std::string(ns) + "::" + name_.name;
    return true;
  }

  friend bool operator==(const FunctionSchema& a, const FunctionSchema& b);
  friend bool operator!=(const FunctionSchema& a, const FunctionSchema& b) {
    return !(a == b);
  }

 private:
  OperatorName name_;
  std::vector<Argument> arguments_;
  std::vector<Argument> returns_;
  c10::optional<AliasAnalysisKind> alias_kind_;
};

std::ostream& operator<<(std::ostream& out, const FunctionSchema& schema);

} // namespace c10

namespace std {
template <>
struct hash<c10::OperatorName> {
  size_t operator()(const c10::OperatorName& n) const noexcept {
    return std::hash<std::string>()(n.name) ^ (std::hash<std::string>()(n.overload_name) * 31);
  }
};
} // namespace std
