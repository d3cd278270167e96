// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// c10::List<T> / GenericList and c10::Dict<K, V> / GenericDict, on their own
// and inside IValues: element access and mutation, sharing, typed casts,
// insertion order, equality rules.
#include <ATen/ATen.h>
#include <ATen/core/Dict.h>
#include <ATen/core/List.h>
#include <ATen/core/ivalue.h>
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace {

using c10::IValue;

std::string print(const IValue& v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

TEST(ListTest, TypedListBasics) {
  c10::List<int64_t> list({1, 2, 3});
  EXPECT_EQ(list.size(), 3u);
  EXPECT_FALSE(list.empty());
  EXPECT_EQ(list.get(1), 2);
  EXPECT_EQ(list[2], 3);
  list.set(0, 10);
  list[1] = 20;
  list.push_back(4);
  list.emplace_back(5);
  EXPECT_EQ(list.vec(), (std::vector<int64_t>{10, 20, 3, 4, 5}));
  list.pop_back();
  list.insert(list.begin(), -1);
  list.erase(list.begin() + 1);
  EXPECT_EQ(list.vec(), (std::vector<int64_t>{-1, 20, 3, 4}));
  int64_t sum = 0;
  for (int64_t element : list) {
    sum += element;
  }
  EXPECT_EQ(sum, 26);
  EXPECT_EQ(list.end() - list.begin(), 4);
  list.resize(6);
  EXPECT_EQ(list.get(5), 0);
  list.resize(2, 7);
  EXPECT_EQ(list.size(), 2u);
  EXPECT_EQ(list.extract(0), -1); // the element is moved out and left as int64_t()
  list.append(c10::List<int64_t>({8, 9}));
  EXPECT_EQ(list.vec(), (std::vector<int64_t>{0, 20, 8, 9}));
  list.clear();
  EXPECT_TRUE(list.empty());
  EXPECT_THROW(list.get(0), std::out_of_range);
}

TEST(ListTest, HandlesShareAndCopyDoesNot) {
  c10::List<std::string> a({"x", "y"});
  c10::List<std::string> b = a;
  EXPECT_TRUE(a.is(b));
  EXPECT_EQ(a.use_count(), 2u);
  b.push_back("z");
  EXPECT_EQ(a.size(), 3u);
  c10::List<std::string> c = a.copy();
  c.push_back("w");
  EXPECT_EQ(a.size(), 3u);
  EXPECT_FALSE(a.is(c));
  const std::string& ref = a[0]; // a reference into the element, no copy
  EXPECT_EQ(ref, "x");
  // As in libtorch 1.13, List has no move constructor: the source still
  // shares the elements.
  c10::List<std::string> moved(std::move(b)); // NOLINT(performance-move-const-arg): the point
  EXPECT_TRUE(b.is(a)); // NOLINT(bugprone-use-after-move)
  EXPECT_TRUE(moved.is(a));
}

TEST(ListTest, IValueListAccessors) {
  IValue v(c10::List<int64_t>({1, 2, 3}));
  EXPECT_TRUE(v.isList());
  EXPECT_TRUE(v.isIntList());
  EXPECT_FALSE(v.isDoubleList());
  EXPECT_EQ(v.tagKind(), "GenericList");
  EXPECT_EQ(v.toListRef().size(), 3u);
  EXPECT_EQ(v.toListRef()[1].toInt(), 2);
  EXPECT_EQ(v.toIntVector(), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(v.toDimVector().size(), 3u);
  EXPECT_EQ(v.to<std::vector<int64_t>>(), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(v.use_count(), 1u);
  {
    c10::List<IValue> generic = v.toList();
    EXPECT_EQ(v.use_count(), 2u);
    generic[0] = IValue(100); // writes the shared list
    c10::List<int64_t> typed = v.toIntList();
    EXPECT_EQ(typed.get(0), 100);
    EXPECT_EQ(v.to<c10::List<int64_t>>().get(0), 100);
  }
  EXPECT_EQ(v.use_count(), 1u);
  EXPECT_THROW(v.toDoubleVector(), c10::Error);
  EXPECT_THROW(v.to<c10::List<double>>(), c10::Error);
  EXPECT_EQ(print(v), "[100, 2, 3]");
  auto moved = std::move(v).toList();
  EXPECT_TRUE(v.isNone()); // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(moved.use_count(), 1u);

  IValue d(std::vector<double>{1.0, 2.5});
  EXPECT_TRUE(d.isDoubleList());
  EXPECT_EQ(d.toDoubleVector(), (std::vector<double>{1.0, 2.5}));
  EXPECT_EQ(print(d), "[1., 2.5]");
  IValue b(c10::List<bool>({true}));
  EXPECT_TRUE(b.isBoolList());
  EXPECT_EQ(b.toBoolList().get(0), true);
  IValue t(c10::List<at::Tensor>({at::zeros({1})}));
  EXPECT_TRUE(t.isTensorList());
  EXPECT_EQ(t.toTensorVector().size(), 1u);
  EXPECT_THROW(IValue(1).toListRef(), c10::Error);
  EXPECT_THROW(IValue(1).toIntVector(), c10::Error);
}

TEST(ListTest, GenericListRangeForAndElementReferences) {
  c10::List<IValue> list;
  list.push_back(IValue(1));
  list.push_back(IValue("two"));
  list.push_back(IValue(3.0));
  IValue v(list);
  std::string joined;
  // Iterates the owning list handle on purpose: that is what is tested.
  for (const IValue& element : v.toList()) { // NOLINT(c10-ivalue-ref-accessor)
    joined += element.tagKind() + ";";
  }
  EXPECT_EQ(joined, "Int;String;Double;");
  for (const auto& element : v.toList()) { // NOLINT(c10-ivalue-ref-accessor)
    const IValue& value = element;
    EXPECT_FALSE(value.isNone());
  }
  auto l = v.toList();
  swap(l[0], l[2]);
  EXPECT_EQ(l.get(0).toDouble(), 3.0);
  l[1] = l[0];
  EXPECT_EQ(l.get(1).toDouble(), 3.0);
  EXPECT_TRUE(l[0] == IValue(3.0));
  EXPECT_EQ(l[0].get().toDouble(), 3.0);
}

TEST(ListTest, EqualityRules) {
  EXPECT_EQ(IValue(c10::List<int64_t>({1, 2})), IValue(c10::List<int64_t>({1, 2})));
  EXPECT_NE(IValue(c10::List<int64_t>({1, 2})), IValue(c10::List<int64_t>({1, 3})));
  EXPECT_NE(IValue(c10::List<int64_t>()), IValue(c10::List<double>())); // element types differ
  IValue nan(c10::List<double>({std::nan("")}));
  EXPECT_EQ(nan, nan); // same list: identity
  EXPECT_NE(nan, IValue(nan.toList().copy()));
  IValue a(c10::List<int64_t>({1}));
  EXPECT_TRUE(a.is(IValue(a)));
  EXPECT_FALSE(a.is(IValue(c10::List<int64_t>({1}))));
}

TEST(DictTest, InsertionOrderedAndTyped) {
  c10::Dict<std::string, int64_t> dict;
  EXPECT_TRUE(dict.empty());
  EXPECT_TRUE(dict.insert("z", 1).second);
  EXPECT_TRUE(dict.insert("a", 2).second);
  EXPECT_FALSE(dict.insert("z", 3).second); // no overwrite
  EXPECT_EQ(dict.at("z"), 1);
  EXPECT_FALSE(dict.insert_or_assign("z", 3).second);
  EXPECT_EQ(dict.at("z"), 3);
  dict.insert("m", 4);
  std::string order;
  for (const auto& entry : dict) {
    order += entry.key();
  }
  EXPECT_EQ(order, "zam");
  EXPECT_TRUE(dict.contains("a"));
  EXPECT_EQ(dict.erase("a"), 1u);
  EXPECT_EQ(dict.erase("a"), 0u);
  EXPECT_FALSE(dict.contains("a"));
  EXPECT_EQ(dict.find("q"), dict.end());
  dict.find("m")->setValue(40);
  EXPECT_EQ(dict.at("m"), 40);
  dict.erase(dict.begin());
  EXPECT_EQ(dict.size(), 1u);
  EXPECT_THROW(dict.at("nope"), std::out_of_range);
  dict.insert("b", 5);
  EXPECT_EQ(print(IValue(dict)), "{m: 40, b: 5}");
  auto copy = dict.copy();
  copy.insert("c", 6);
  EXPECT_EQ(dict.size(), 2u);
  EXPECT_FALSE(copy.is(dict));
  dict.clear();
  EXPECT_TRUE(dict.empty());
}

TEST(DictTest, IValueDictAccessorsAndEquality) {
  c10::Dict<int64_t, double> d;
  d.insert(3, 1.5);
  d.insert(-1, 2.0);
  IValue v(d);
  EXPECT_TRUE(v.isGenericDict());
  EXPECT_EQ(v.tagKind(), "GenericDict");
  EXPECT_EQ(v.toGenericDict().size(), 2u);
  EXPECT_EQ(v.use_count(), 2u);
  EXPECT_EQ(print(v), "{3: 1.5, -1: 2.}");
  auto typed = v.to<c10::Dict<int64_t, double>>();
  EXPECT_EQ(typed.at(-1), 2.0);
  EXPECT_THROW((v.to<c10::Dict<std::string, double>>()), c10::Error);

  c10::Dict<int64_t, double> reversed;
  reversed.insert(-1, 2.0);
  reversed.insert(3, 1.5);
  EXPECT_EQ(v, IValue(reversed)); // order does not matter
  reversed.insert_or_assign(3, 9.0);
  EXPECT_NE(v, IValue(reversed));
  EXPECT_NE(IValue(c10::Dict<int64_t, double>()), IValue(c10::Dict<int64_t, int64_t>()));
  auto moved = std::move(v).toGenericDict();
  EXPECT_TRUE(v.isNone()); // NOLINT(bugprone-use-after-move)
}

TEST(DictTest, KeysHashByValueTensorsByIdentity) {
  c10::Dict<IValue, IValue> generic;
  generic.insert(IValue(int64_t{1} << 60), IValue("big"));
  generic.insert(IValue(1.5), IValue("double"));
  generic.insert(IValue(true), IValue("bool"));
  generic.insert(IValue("key"), IValue("string"));
  at::Tensor t = at::zeros({1});
  generic.insert(IValue(t), IValue("tensor"));
  EXPECT_EQ(generic.at(IValue(int64_t{1} << 60)).toStringRef(), "big");
  EXPECT_EQ(generic.at(IValue(std::string("key"))).toStringRef(), "string");
  EXPECT_TRUE(generic.contains(IValue(t)));
  EXPECT_FALSE(generic.contains(IValue(at::zeros({1}))));
  EXPECT_THROW(generic.insert(IValue(c10::List<int64_t>()), IValue()), c10::Error);
  for (int i = 0; i < 1000; ++i) {
    generic.insert(IValue(i), IValue(i * 2));
  }
  EXPECT_EQ(generic.at(IValue(999)).toInt(), 1998);
  EXPECT_EQ(generic.size(), 1005u);
}

} // namespace
