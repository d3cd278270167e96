// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The schema grammar (a subset of libtorch's, enough for operator libraries):
//
//   schema   := name '(' [arg {',' arg}] ')' '->' returns
//   name     := ident '::' ident ['.' ident]
//   arg      := '*' | type [alias] ident ['=' default]
//   returns  := ret | '(' [ret {',' ret}] ')'
//   ret      := type [alias] [ident]
//   type     := base {'[' [int] ']' | '?'}
//   base     := Tensor | int | float | bool | str | Scalar | ScalarType | Device | Any
//   alias    := '(' ident ['!'] ')'          (Tensor(a!): written in place)
//   default  := None | True | False | number | string | '[' [default {',' default}] ']'
//
// Errors name the 1-based column, what was expected and what was found.

#include <torch/csrc/jit/frontend/function_schema_parser.h>

#include "DispatchError.h"

#include <ATen/core/List.h>
#include <c10/util/Exception.h>
#include <c10/util/StringUtil.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace torch {
namespace jit {
namespace {

using c10::Argument;
using c10::IValue;
using c10::SchemaType;
using Kind = SchemaType::Kind;

class SchemaParser {
 public:
  explicit SchemaParser(const std::string& text) : text_(text) {}

  c10::FunctionSchema parseSchema() {
    c10::OperatorName name = parseOperatorName();
    expect('(', "'(' to open the argument list");
    std::vector<Argument> args;
    bool kwargOnly = false;
    skipSpace();
    if (!peekIs(')')) {
      do {
        skipSpace();
        if (peekIs('*')) {
          const size_t star = pos_;
          ++pos_;
          if (kwargOnly) {
            failAt(star, "an argument", "a second '*'");
          }
          kwargOnly = true;
          skipSpace();
          if (peekIs(')')) {
            fail("an argument after '*'");
          }
          continue;
        }
        args.push_back(parseArgument(kwargOnly, args));
        skipSpace();
      } while (consume(','));
    }
    expect(')', "',' or ')' after an argument");
    skipSpace();
    if (!consumeWord("->")) {
      fail("'->' and the return type(s)");
    }
    std::vector<Argument> returns = parseReturns();
    skipSpace();
    if (pos_ != text_.size()) {
      fail("the end of the schema");
    }
    return c10::FunctionSchema(std::move(name), std::move(args), std::move(returns));
  }

  c10::OperatorName parseOperatorName() {
    skipSpace();
    // The namespace may be left out, as in libtorch: a library's def()
    // supplies its own (FunctionSchema::setNamespaceIfNotSet).
    std::string name = parseIdent("the operator name (as in 'myops::add')");
    if (consumeWord("::")) {
      name += "::" + parseIdent("the operator name after '::'");
    }
    std::string overload;
    if (consume('.')) {
      const std::size_t at = pos_;
      overload = parseIdent("an overload name after '.'");
      // libtorch reserves both: "default" names the overload without a name.
      if (overload == "default" || overload == "__name__") {
        C10_DISPATCH_FAIL(overload, " is not a legal overload name for aten operators (column ", at + 1, " of '",
                          text_, "')");
      }
    }
    return c10::OperatorName(name, overload);
  }

  void expectEnd() {
    skipSpace();
    if (pos_ != text_.size()) {
      fail("the end of the operator name");
    }
  }

 private:
  // --- lexing ------------------------------------------------------------------
  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])) != 0) {
      ++pos_;
    }
  }
  bool peekIs(char c) const {
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool consume(char c) {
    skipSpace();
    if (peekIs(c)) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool consumeWord(const char* w) {
    skipSpace();
    const std::string word(w);
    if (text_.compare(pos_, word.size(), word) == 0) {
      pos_ += word.size();
      return true;
    }
    return false;
  }
  void expect(char c, const char* what) {
    if (!consume(c)) {
      fail(what);
    }
  }
  static bool isIdentStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
  }
  static bool isIdentChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  }
  std::string parseIdent(const char* what) {
    skipSpace();
    if (pos_ >= text_.size() || !isIdentStart(text_[pos_])) {
      fail(what);
    }
    const size_t start = pos_;
    while (pos_ < text_.size() && isIdentChar(text_[pos_])) {
      ++pos_;
    }
    return text_.substr(start, pos_ - start);
  }

  std::string found(size_t at) const {
    if (at >= text_.size()) {
      return "the end of the schema";
    }
    size_t end = at;
    if (isIdentChar(text_[at])) {
      while (end < text_.size() && isIdentChar(text_[end])) {
        ++end;
      }
    } else {
      end = at + 1;
    }
    return "'" + text_.substr(at, end - at) + "'";
  }

  [[noreturn]] void failAt(size_t at, const std::string& expected, const std::string& actual) const {
    C10_DISPATCH_FAIL("schema parse error at column ", at + 1, ": expected ", expected, " but found ", actual, "\n  ",
                text_, "\n  ", std::string(at, ' '), "^");
  }
  [[noreturn]] void fail(const std::string& expected) {
    skipSpace();
    failAt(pos_, expected, found(pos_));
  }

  // --- types ---------------------------------------------------------------------
  SchemaType parseType(std::string* alias) {
    skipSpace();
    const size_t start = pos_;
    SchemaType t = SchemaType::of(Kind::Any);
    std::string base;
    if (peekIs('(')) {
      // A tuple type: (T1, T2, ...).
      ++pos_;
      std::vector<SchemaType> elements;
      skipSpace();
      if (!peekIs(')')) {
        do {
          elements.push_back(parseType(nullptr));
          skipSpace();
        } while (consume(','));
      }
      expect(')', "',' or ')' to close the tuple type");
      t = SchemaType::tupleOf(std::move(elements));
      return parseTypeSuffixes(std::move(t));
    }
    if (pos_ >= text_.size() || !isIdentStart(text_[pos_])) {
      fail("a type (Tensor, int, float, bool, str, Scalar, ScalarType, Device, Any, Dict(K, V), (T, ...))");
    }
    base = parseIdent("a type");
    if (base == "Dict") {
      expect('(', "'(' after Dict");
      SchemaType key = parseType(nullptr);
      expect(',', "',' between the key and value types of Dict");
      SchemaType value = parseType(nullptr);
      expect(')', "')' to close Dict(K, V)");
      return parseTypeSuffixes(SchemaType::dictOf(std::move(key), std::move(value)));
    }
    if (base == "Tensor") {
      t = SchemaType::of(Kind::Tensor);
    } else if (base == "int") {
      t = SchemaType::of(Kind::Int);
    } else if (base == "SymInt") {
      t = SchemaType::of(Kind::SymInt);
    } else if (base == "float") {
      t = SchemaType::of(Kind::Float);
    } else if (base == "bool") {
      t = SchemaType::of(Kind::Bool);
    } else if (base == "str") {
      t = SchemaType::of(Kind::Str);
    } else if (base == "Scalar") {
      t = SchemaType::of(Kind::Scalar);
    } else if (base == "ScalarType") {
      t = SchemaType::of(Kind::ScalarType);
    } else if (base == "Device") {
      t = SchemaType::of(Kind::Device);
    } else if (base != "Any") {
      failAt(start, "a type (Tensor, int, SymInt, float, bool, str, Scalar, ScalarType, Device, Any)",
             "'" + base + "'");
    }
    if (peekIs('(')) {
      const size_t open = pos_;
      if (base != "Tensor") {
        failAt(open, "an argument name (alias annotations are for Tensor)", "'('");
      }
      ++pos_;
      std::string a = parseIdent("an alias set name, as in Tensor(a!)");
      if (consume('!')) {
        a += "!";
      }
      expect(')', "')' to close the alias annotation");
      if (alias != nullptr) {
        *alias = a;
      }
    }
    return parseTypeSuffixes(std::move(t));
  }

  // List ([], [N]) and optional (?) suffixes after a type.
  SchemaType parseTypeSuffixes(SchemaType t) {
    while (true) {
      if (peekIs('[')) {
        ++pos_;
        skipSpace();
        c10::optional<std::int64_t> n;
        if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])) != 0) {
          const size_t numStart = pos_;
          while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])) != 0) {
            ++pos_;
          }
          n = std::stoll(text_.substr(numStart, pos_ - numStart));
        }
        expect(']', "']' or a list size");
        t = SchemaType::listOf(std::move(t), n);
      } else if (peekIs('?')) {
        ++pos_;
        t = SchemaType::optionalOf(std::move(t));
      } else {
        break;
      }
    }
    return t;
  }

  // --- defaults ------------------------------------------------------------------
  IValue parseDefault(const SchemaType& type) {
    skipSpace();
    const size_t start = pos_;
    if (type.kind() == Kind::Optional) {
      if (consumeKeyword("None")) {
        return IValue();
      }
      return parseDefault(type.contained());
    }
    if (type.kind() == Kind::List) {
      if (peekIs('[')) {
        ++pos_;
        std::vector<IValue> elems;
        skipSpace();
        if (!peekIs(']')) {
          do {
            elems.push_back(parseDefault(type.contained()));
          } while (consume(','));
        }
        expect(']', "',' or ']' in a list default");
        return makeList(type.contained(), elems, start);
      }
      // int[2] stride=1: one number stands for the whole list.
      if (type.fixedSize().has_value() &&
          (type.contained().kind() == Kind::Int || type.contained().kind() == Kind::SymInt)) {
        const IValue one = parseDefault(type.contained());
        return makeList(type.contained(), std::vector<IValue>(static_cast<size_t>(*type.fixedSize()), one), start);
      }
      fail("a list default '[...]' for type " + type.str());
    }
    switch (type.kind()) {
      case Kind::Bool:
        if (consumeKeyword("True")) {
          return IValue(true);
        }
        if (consumeKeyword("False")) {
          return IValue(false);
        }
        fail("True or False (the default of a bool)");
      case Kind::Str:
        return parseString();
      case Kind::Int:
      case Kind::SymInt:
      case Kind::ScalarType:
      case Kind::Float:
      case Kind::Scalar: {
        if (consumeKeyword("True") || consumeKeyword("False")) {
          if (type.kind() == Kind::Scalar) {
            return IValue(text_.compare(start, 4, "True") == 0);
          }
          failAt(start, "a number (the default of a " + type.str() + ")", found(start));
        }
        return parseNumber(type);
      }
      case Kind::Tensor:
        failAt(start, "None (the only default of a Tensor, which needs the type 'Tensor?')", found(start));
      case Kind::Device:
      case Kind::Any:
        if (consumeKeyword("None")) {
          return IValue();
        }
        failAt(start, "None (the only default supported for " + type.str() + ")", found(start));
      case Kind::List:
      case Kind::Optional:
      case Kind::Dict:
      case Kind::Tuple:
        break;
    }
    fail("a default value");
  }

  bool consumeKeyword(const char* word) {
    skipSpace();
    const std::string w(word);
    if (text_.compare(pos_, w.size(), w) == 0 &&
        (pos_ + w.size() == text_.size() || !isIdentChar(text_[pos_ + w.size()]))) {
      pos_ += w.size();
      return true;
    }
    return false;
  }

  IValue parseNumber(const SchemaType& type) {
    skipSpace();
    const size_t start = pos_;
    if (consumeKeyword("inf")) {
      if (type.kind() == Kind::Float || type.kind() == Kind::Scalar) {
        return IValue(std::numeric_limits<double>::infinity());
      }
      failAt(start, "an integer (the default of a " + type.str() + ")", "'inf'");
    }
    if (peekIs('-') && text_.compare(pos_ + 1, 3, "inf") == 0 && (type.kind() == Kind::Float || type.kind() == Kind::Scalar)) {
      pos_ += 4;
      return IValue(-std::numeric_limits<double>::infinity());
    }
    size_t end = pos_;
    if (end < text_.size() && (text_[end] == '-' || text_[end] == '+')) {
      ++end;
    }
    bool isFloat = false;
    bool digits = false;
    while (end < text_.size()) {
      const char c = text_[end];
      if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
        digits = true;
      } else if (c == '.' || c == 'e' || c == 'E') {
        isFloat = true;
        if ((c == 'e' || c == 'E') && end + 1 < text_.size() && (text_[end + 1] == '-' || text_[end + 1] == '+')) {
          ++end;
        }
      } else {
        break;
      }
      ++end;
    }
    if (!digits) {
      failAt(start, "a number (the default of a " + type.str() + ")", found(start));
    }
    const std::string literal = text_.substr(start, end - start);
    errno = 0;
    char* parsedEnd = nullptr;
    if (isFloat) {
      if (type.kind() != Kind::Float && type.kind() != Kind::Scalar) {
        failAt(start, "an integer (the default of a " + type.str() + ")", "'" + literal + "'");
      }
      const double d = std::strtod(literal.c_str(), &parsedEnd);
      if (parsedEnd != literal.c_str() + literal.size()) {
        failAt(start, "a number", "'" + literal + "'");
      }
      pos_ = end;
      return IValue(d);
    }
    const long long i = std::strtoll(literal.c_str(), &parsedEnd, 10);
    if (errno == ERANGE || parsedEnd != literal.c_str() + literal.size()) {
      failAt(start, "an integer in the range of int64", "'" + literal + "'");
    }
    pos_ = end;
    if (type.kind() == Kind::Float) {
      return IValue(static_cast<double>(i));
    }
    return IValue(static_cast<std::int64_t>(i));
  }

  IValue parseString() {
    skipSpace();
    if (!peekIs('\'') && !peekIs('"')) {
      fail("a quoted string (the default of a str)");
    }
    const size_t start = pos_;
    const char quote = text_[pos_++];
    std::string value;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) {
        ++pos_;
      }
      value += text_[pos_++];
    }
    if (pos_ >= text_.size()) {
      failAt(start, "a closing quote for the string starting here", "the end of the schema");
    }
    ++pos_;
    return IValue(std::move(value));
  }

  IValue makeList(const SchemaType& elem, const std::vector<IValue>& elems, size_t at) {
    switch (elem.kind()) {
      case Kind::Int:
      case Kind::SymInt: {
        c10::List<std::int64_t> l;
        for (const IValue& e : elems) {
          l.push_back(e.toInt());
        }
        return IValue(std::move(l));
      }
      case Kind::Float: {
        c10::List<double> l;
        for (const IValue& e : elems) {
          l.push_back(e.toDouble());
        }
        return IValue(std::move(l));
      }
      case Kind::Bool: {
        c10::List<bool> l;
        for (const IValue& e : elems) {
          l.push_back(e.toBool());
        }
        return IValue(std::move(l));
      }
      case Kind::Tensor:
        if (!elems.empty()) {
          failAt(at, "'[]' (a Tensor[] default must be empty)", found(at));
        }
        return IValue(c10::List<at::Tensor>());
      default: {
        c10::List<IValue> l;
        for (const IValue& e : elems) {
          l.push_back(e);
        }
        return IValue(l);
      }
    }
  }

  // --- arguments and returns -----------------------------------------------------
  Argument parseArgument(bool kwargOnly, const std::vector<Argument>& previous) {
    std::string alias;
    SchemaType type = parseType(&alias);
    skipSpace();
    const size_t nameAt = pos_;
    std::string name = parseIdent("an argument name");
    for (const Argument& p : previous) {
      if (p.name() == name) {
        failAt(nameAt, "a new argument name", "'" + name + "', already used by an earlier argument");
      }
    }
    c10::optional<IValue> def;
    if (consume('=')) {
      def = parseDefault(type);
    } else if (!previous.empty() && previous.back().default_value().has_value() && !kwargOnly) {
      failAt(nameAt, "a default value for '" + name + "' (it follows an argument with a default)", "none");
    }
    return Argument(std::move(name), std::move(type), std::move(def), kwargOnly, std::move(alias));
  }

  Argument parseReturn() {
    std::string alias;
    SchemaType type = parseType(&alias);
    skipSpace();
    std::string name;
    if (pos_ < text_.size() && isIdentStart(text_[pos_])) {
      name = parseIdent("a return name");
    }
    return Argument(std::move(name), std::move(type), c10::nullopt, false, std::move(alias));
  }

  std::vector<Argument> parseReturns() {
    std::vector<Argument> returns;
    skipSpace();
    if (consume('(')) {
      skipSpace();
      if (!peekIs(')')) {
        do {
          returns.push_back(parseReturn());
        } while (consume(','));
      }
      expect(')', "',' or ')' after a return type");
    } else {
      returns.push_back(parseReturn());
    }
    return returns;
  }

  const std::string& text_;
  size_t pos_ = 0;
};

} // namespace

c10::FunctionSchema parseSchema(const std::string& schema) {
  return SchemaParser(schema).parseSchema();
}

c10::OperatorName parseName(const std::string& name) {
  SchemaParser parser(name);
  c10::OperatorName result = parser.parseOperatorName();
  parser.expectEnd();
  return result;
}

} // namespace jit
} // namespace torch
