// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <ATen/core/function_schema.h>

#include "DispatchError.h"

#include <c10/util/Exception.h>

#include <iomanip>
#include <sstream>

namespace c10 {

std::string toString(const OperatorName& name) {
  return name.overload_name.empty() ? name.name : name.name + "." + name.overload_name;
}

std::ostream& operator<<(std::ostream& out, const OperatorName& name) {
  return out << toString(name);
}

const SchemaType& SchemaType::contained() const {
  TORCH_INTERNAL_ASSERT(contained_ != nullptr, "SchemaType::contained() of ", str());
  return *contained_;
}

namespace {

bool listElementsMatch(const SchemaType& elem, const IValue& v) {
  if (!v.isList()) {
    return false;
  }
  for (const IValue& e : v.toListRef()) {
    if (!elem.matches(e)) {
      return false;
    }
  }
  return true;
}

const char* kindName(SchemaType::Kind k) {
  switch (k) {
    case SchemaType::Kind::Tensor:
      return "Tensor";
    case SchemaType::Kind::Int:
      return "int";
    case SchemaType::Kind::SymInt:
      return "SymInt";
    case SchemaType::Kind::Float:
      return "float";
    case SchemaType::Kind::Bool:
      return "bool";
    case SchemaType::Kind::Str:
      return "str";
    case SchemaType::Kind::Scalar:
      return "Scalar";
    case SchemaType::Kind::ScalarType:
      return "ScalarType";
    case SchemaType::Kind::Device:
      return "Device";
    case SchemaType::Kind::Any:
      return "Any";
    case SchemaType::Kind::List:
    case SchemaType::Kind::Optional:
    case SchemaType::Kind::Dict:
    case SchemaType::Kind::Tuple:
      break;
  }
  return "?";
}

void printDefault(std::ostream& out, const IValue& v) {
  if (v.isString()) {
    out << '\'';
    for (char c : v.toStringRef()) {
      if (c == '\'' || c == '\\') {
        out << '\\';
      }
      out << c;
    }
    out << '\'';
  } else if (v.isList()) {
    out << '[';
    bool first = true;
    for (const IValue& e : v.toListRef()) {
      out << (first ? "" : ", ");
      first = false;
      printDefault(out, e);
    }
    out << ']';
  } else if (v.isDouble()) {
    std::ostringstream number;
    number << std::setprecision(17) << v.toDouble();
    std::string text = number.str();
    if (text.find_first_of(".eEn") == std::string::npos) {
      text += ".";
    }
    out << text;
  } else {
    out << v;
  }
}

void printArgument(std::ostream& out, const Argument& a, bool withDefault) {
  const SchemaType* t = &a.type();
  // Alias annotations attach to the base type: Tensor(a!)[]? is not a thing
  // we print differently; `Tensor(a!)` is the common case.
  if (!a.alias().empty() && t->kind() == SchemaType::Kind::Tensor) {
    out << "Tensor(" << a.alias() << ")";
  } else {
    out << t->str();
  }
  if (!a.name().empty()) {
    out << ' ' << a.name();
  }
  const c10::optional<IValue>& d = a.default_value();
  if (withDefault && d.has_value()) {
    out << '=';
    printDefault(out, *d);
  }
}

} // namespace

bool SchemaType::matches(const IValue& v) const {
  switch (kind_) {
    case Kind::Tensor:
      return v.isTensor();
    case Kind::Int:
      return v.isInt();
    case Kind::SymInt:
      return v.isInt() || v.isSymInt();
    case Kind::Float:
      return v.isDouble();
    case Kind::Bool:
      return v.isBool();
    case Kind::Str:
      return v.isString();
    case Kind::Scalar:
      return v.isInt() || v.isDouble() || v.isBool();
    case Kind::ScalarType:
      return v.isInt();
    case Kind::Device:
      return v.isDevice();
    case Kind::Any:
      return true;
    case Kind::List:
      return listElementsMatch(*contained_, v);
    case Kind::Optional:
      return v.isNone() || contained_->matches(v);
    case Kind::Dict: {
      if (!v.isGenericDict()) {
        return false;
      }
      const c10::Dict<IValue, IValue> dict = v.toGenericDict();
      for (const auto& entry : dict) {
        if (!elements_[0].matches(entry.key()) || !elements_[1].matches(entry.value())) {
          return false;
        }
      }
      return true;
    }
    case Kind::Tuple: {
      if (!v.isTuple()) {
        return false;
      }
      const auto& elems = v.toTupleRef().elements();
      if (elems.size() != elements_.size()) {
        return false;
      }
      for (std::size_t i = 0; i < elements_.size(); ++i) {
        if (!elements_[i].matches(elems[i])) {
          return false;
        }
      }
      return true;
    }
  }
  return false;
}

std::string SchemaType::str() const {
  switch (kind_) {
    case Kind::List:
      return contained_->str() + "[" + (fixedSize_.has_value() ? std::to_string(*fixedSize_) : std::string()) + "]";
    case Kind::Optional:
      return contained_->str() + "?";
    case Kind::Dict:
      return "Dict(" + elements_[0].str() + ", " + elements_[1].str() + ")";
    case Kind::Tuple: {
      std::string out = "(";
      for (std::size_t i = 0; i < elements_.size(); ++i) {
        out += (i == 0 ? "" : ", ") + elements_[i].str();
      }
      return out + ")";
    }
    default:
      return kindName(kind_);
  }
}

bool operator==(const SchemaType& a, const SchemaType& b) {
  if (a.kind_ != b.kind_ || a.fixedSize_ != b.fixedSize_ || a.elements_ != b.elements_) {
    return false;
  }
  if (a.contained_ == nullptr || b.contained_ == nullptr) {
    return a.contained_ == b.contained_;
  }
  return *a.contained_ == *b.contained_;
}

c10::optional<size_t> FunctionSchema::argumentIndexWithName(const std::string& name) const {
  for (size_t i = 0; i < arguments_.size(); ++i) {
    if (arguments_[i].name() == name) {
      return i;
    }
  }
  return c10::nullopt;
}

std::string FunctionSchema::str() const {
  std::ostringstream out;
  out << *this;
  return out.str();
}

std::ostream& operator<<(std::ostream& out, const FunctionSchema& schema) {
  out << schema.operator_name() << '(';
  bool kwargOnlyStarted = false;
  for (size_t i = 0; i < schema.arguments().size(); ++i) {
    const Argument& a = schema.arguments()[i];
    if (i > 0) {
      out << ", ";
    }
    if (a.kwarg_only() && !kwargOnlyStarted) {
      out << "*, ";
      kwargOnlyStarted = true;
    }
    printArgument(out, a, /*withDefault=*/true);
  }
  out << ") -> ";
  const auto& returns = schema.returns();
  const bool bare = returns.size() == 1 && returns[0].name().empty();
  if (!bare) {
    out << '(';
  }
  for (size_t i = 0; i < returns.size(); ++i) {
    if (i > 0) {
      out << ", ";
    }
    printArgument(out, returns[i], /*withDefault=*/false);
  }
  if (!bare) {
    out << ')';
  }
  return out;
}

bool operator==(const FunctionSchema& a, const FunctionSchema& b) {
  auto same = [](const std::vector<Argument>& x, const std::vector<Argument>& y) {
    if (x.size() != y.size()) {
      return false;
    }
    for (size_t i = 0; i < x.size(); ++i) {
      const Argument& p = x[i];
      const Argument& q = y[i];
      if (p.name() != q.name() || p.type() != q.type() || p.kwarg_only() != q.kwarg_only() ||
          p.alias() != q.alias() || p.default_value().has_value() != q.default_value().has_value()) {
        return false;
      }
      if (p.default_value().has_value() && !p.default_value()->isSameIdentity(*q.default_value()) &&
          !(p.default_value()->isList() && q.default_value()->isList() && *p.default_value() == *q.default_value())) {
        return false;
      }
    }
    return true;
  };
  return a.operator_name() == b.operator_name() && same(a.arguments(), b.arguments()) &&
      same(a.returns(), b.returns());
}

} // namespace c10
