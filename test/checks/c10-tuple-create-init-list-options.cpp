// TupleClasses names the tuple classes of a fork; the rewrite is checked
// against that class's own overloads and its element type's constructors:
// RUN: %check_c10_tidy %s c10-tuple-create-init-list %t \
// RUN:   -config-options="{TupleClasses: 'c10::ivalue::Tuple;::fork::Tuple;::fork::ListOnlyTuple;::fork::NoTemplateTuple'}"
//
// A malformed option is a configuration error (non-zero exit), not a crash:
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-tuple-create-init-list', \
// RUN:   CheckOptions: {c10-tuple-create-init-list.TupleClasses: 'fork::Tuple;fork Tuple'}}" \
// RUN:   -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: error: invalid value 'fork Tuple' in option 'c10-tuple-create-init-list.TupleClasses': expected a ';'-separated list of qualified class names such as '::c10::ivalue::Tuple'; the check is disabled [clang-tidy-config]

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

namespace fork {

struct Shape {};
struct Sizes : Shape {};

struct Value {
  Value(int);
  Value(std::string);
  Value(const Shape &);
  // Direct-initialisation (what the variadic create does) would pick this
  // for a Sizes; copy-initialisation (the braced list) cannot.
  explicit Value(const Sizes &);
  Value(const Value &);
  Value(Value &&) noexcept;
  ~Value();
};

struct Tuple {
  static std::shared_ptr<Tuple> create(std::initializer_list<Value> elements);
  static std::shared_ptr<Tuple> create(Value e1);
  static std::shared_ptr<Tuple> create(Value e1, Value e2);
  template <typename... Args> static std::shared_ptr<Tuple> create(Args &&...elements) {
    return create(Value(std::forward<Args>(elements))...);
  }
};

// A fork without the one-by-one overloads.
struct ListOnlyTuple {
  static std::shared_ptr<ListOnlyTuple> create(std::initializer_list<Value> elements);
};

// A fork whose one-by-one overloads are not backed by a variadic template.
struct NoTemplateTuple {
  static std::shared_ptr<NoTemplateTuple> create(std::initializer_list<Value> elements);
  static std::shared_ptr<NoTemplateTuple> create(Value e1);
  static std::shared_ptr<NoTemplateTuple> create(Value e1, Value e2);
};

} // namespace fork

std::shared_ptr<fork::Tuple> named(std::string name, int id) {
  return fork::Tuple::create({name, id});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list copies each element out of a const std::initializer_list; pass the 2 elements as arguments to the 2-argument overload instead [c10-tuple-create-init-list]
  // CHECK-FIXES: {{^}}  return fork::Tuple::create(std::move(name), id);{{$}}
}

std::shared_ptr<fork::Tuple> shape(const fork::Sizes &sizes) {
  return fork::Tuple::create({sizes, 1});
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Tuple::create' with a braced list
  // CHECK-NOTES: :[[@LINE-2]]:30: note: no fix-it: element 1 could select an explicit constructor of 'fork::Value' when passed as an argument
}

std::shared_ptr<fork::ListOnlyTuple> listOnly(const std::string &name) {
  return fork::ListOnlyTuple::create({name, 2});
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'ListOnlyTuple::create' with a braced list
  // CHECK-NOTES: :[[@LINE-2]]:38: note: no fix-it: 'ListOnlyTuple' has no 'create' overload taking 2 'fork::Value' values
}

std::shared_ptr<fork::NoTemplateTuple> noTemplate(fork::Value v, std::string name) {
  auto one = fork::NoTemplateTuple::create({name});
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'NoTemplateTuple::create' with a braced list
  // CHECK-NOTES: :[[@LINE-2]]:44: note: no fix-it: element 1 is not a 'fork::Value' and 'NoTemplateTuple' has no variadic 'create' to convert it
  // Values and two elements: the overloads alone decide, as for the list.
  auto two = fork::NoTemplateTuple::create({v, 1});
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'NoTemplateTuple::create' with a braced list
  // CHECK-FIXES: {{^}}  auto two = fork::NoTemplateTuple::create(v, 1);{{$}}
  return fork::NoTemplateTuple::create({one ? v : fork::Value(0)});
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'NoTemplateTuple::create' with a braced list
  // CHECK-FIXES: {{^}}  return fork::NoTemplateTuple::create(one ? v : fork::Value(0));{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
