// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// IValue::to<T>() for the container types libtorch converts element by element
// (its generic_to): std::vector, std::array, std::tuple, std::unordered_map,
// and the handle types c10::List, c10::Dict, c10::optional. Each conversion
// copies out of the IValue, never moves out of a list or tuple another IValue
// may share, and rejects the input libtorch 1.13 rejects (with c10::Error; the
// messages differ). This file also builds and passes against libtorch 1.13.
#include <ATen/ATen.h>
#include <ATen/core/Dict.h>
#include <ATen/core/List.h>
#include <ATen/core/ivalue.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace {

using c10::IValue;
using c10::ivalue::Tuple;

// The message of the c10::Error that \p convert throws, or "" if none.
template <class F>
std::string errorOf(F&& convert) {
  try {
    convert();
  } catch (const c10::Error& e) {
    return e.what();
  }
  return "";
}

// --- std::vector ------------------------------------------------------------------

TEST(IValueGenericToTest, VectorCopiesAndLeavesTheListAlone) {
  IValue v(c10::List<int64_t>({3, 224, 224}));
  const IValue& cv = v;
  std::vector<int64_t> shape = cv.to<std::vector<int64_t>>();
  EXPECT_EQ(shape, (std::vector<int64_t>{3, 224, 224}));
  shape[0] = 1; // the vector is the caller's own
  EXPECT_EQ(v.toListRef()[0].toInt(), 3);
  EXPECT_EQ(v.toIntVector(), (std::vector<int64_t>{3, 224, 224}));
}

TEST(IValueGenericToTest, VectorFromAnRvalueStillCopiesASharedList) {
  IValue v(c10::List<int64_t>({1, 2}));
  IValue alias(v); // shares the ListImpl
  std::vector<int64_t> out = std::move(v).to<std::vector<int64_t>>();
  EXPECT_EQ(out, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(alias.toListRef().size(), 2u);
  EXPECT_EQ(alias.toListRef()[1].toInt(), 2);
}

TEST(IValueGenericToTest, VectorOfTensorsTakesOneReferencePerElement) {
  at::Tensor a = at::zeros({2});
  at::Tensor b = at::ones({3});
  IValue v(c10::List<at::Tensor>({a, b}));
  EXPECT_EQ(a.use_count(), 2u);
  {
    std::vector<at::Tensor> tensors = v.to<std::vector<at::Tensor>>();
    ASSERT_EQ(tensors.size(), 2u);
    EXPECT_TRUE(tensors[0].is_same(a));
    EXPECT_TRUE(tensors[1].is_same(b));
    EXPECT_EQ(a.use_count(), 3u);
    EXPECT_EQ(b.use_count(), 3u);
  }
  EXPECT_EQ(a.use_count(), 2u);
  // Reading through toListRef() takes none.
  EXPECT_TRUE(v.toListRef()[0].toTensor().is_same(a));
  EXPECT_EQ(a.use_count(), 2u);
}

TEST(IValueGenericToTest, VectorOfStringsAndEmptyList) {
  IValue words(c10::List<std::string>({"the", "cat"}));
  EXPECT_EQ(words.to<std::vector<std::string>>(), (std::vector<std::string>{"the", "cat"}));
  IValue empty(c10::List<double>{});
  EXPECT_TRUE(empty.to<std::vector<double>>().empty());
}

TEST(IValueGenericToTest, VectorRejectsAnotherElementTypeOrANonList) {
  IValue ints(c10::List<int64_t>({1, 2}));
  // As in libtorch the list is cast to List<T> first: no int-to-double conversion.
  EXPECT_THROW((void)ints.to<std::vector<double>>(), c10::Error);
  EXPECT_THROW((void)IValue(ints).to<std::vector<double>>(), c10::Error);
  EXPECT_THROW((void)IValue(int64_t{4}).to<std::vector<int64_t>>(), c10::Error);
}

// --- std::array ---------------------------------------------------------------------

TEST(IValueGenericToTest, ArrayOfTheListsSize) {
  IValue v(c10::List<int64_t>({2, 3, 4}));
  std::array<int64_t, 3> kernel = v.to<std::array<int64_t, 3>>();
  EXPECT_EQ(kernel, (std::array<int64_t, 3>{{2, 3, 4}}));
  std::array<int64_t, 3> moved = IValue(v).to<std::array<int64_t, 3>>();
  EXPECT_EQ(moved, kernel);
  EXPECT_EQ(v.toListRef().size(), 3u);
  IValue flags(c10::List<bool>({true, false}));
  EXPECT_EQ((flags.to<std::array<bool, 2>>()), (std::array<bool, 2>{{true, false}}));
}

TEST(IValueGenericToTest, ArrayOfAnotherSizeThrows) {
  IValue v(c10::List<int64_t>({2, 3, 4}));
  std::string message = errorOf([&] { (void)v.to<std::array<int64_t, 2>>(); });
  EXPECT_NE(message.find("Tried to convert a List with 3 elements to a fixed-size array of size 2"),
            std::string::npos)
      << message;
  EXPECT_THROW((void)(v.to<std::array<double, 3>>()), c10::Error);
}

// --- std::tuple ---------------------------------------------------------------------

TEST(IValueGenericToTest, TupleConvertsEachElement) {
  at::Tensor features = at::zeros({80, 100});
  IValue v(Tuple::create(IValue(int64_t{16000}), IValue("en"), IValue(features)));
  EXPECT_EQ(features.use_count(), 2u);
  {
    auto [rate, lang, tensor] = v.to<std::tuple<int64_t, std::string, at::Tensor>>();
    EXPECT_EQ(rate, 16000);
    EXPECT_EQ(lang, "en");
    EXPECT_TRUE(tensor.is_same(features));
    EXPECT_EQ(features.use_count(), 3u); // copied out
  }
  EXPECT_EQ(features.use_count(), 2u);
  auto nested =
      IValue(Tuple::create(IValue(c10::List<int64_t>({1, 2})), IValue(2.5)))
          .to<std::tuple<std::vector<int64_t>, double>>();
  EXPECT_EQ(std::get<0>(nested), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(std::get<1>(nested), 2.5);
}

TEST(IValueGenericToTest, TupleFromAnRvalueLeavesASharedTupleIntact) {
  IValue v(Tuple::create(IValue("a"), IValue("b")));
  IValue alias(v);
  auto pair = std::move(v).to<std::tuple<std::string, std::string>>();
  EXPECT_EQ(std::get<1>(pair), "b");
  EXPECT_EQ(alias.toTupleRef().elements()[1].toStringRef(), "b");
}

TEST(IValueGenericToTest, TupleOfAnotherArityOrKindThrows) {
  IValue v(Tuple::create(IValue(int64_t{1}), IValue(int64_t{2})));
  EXPECT_THROW((void)(v.to<std::tuple<int64_t, int64_t, int64_t>>()), c10::Error);
  EXPECT_THROW((void)(v.to<std::tuple<int64_t>>()), c10::Error);
  EXPECT_THROW((void)(v.to<std::tuple<int64_t, std::string>>()), c10::Error);
  EXPECT_THROW((void)(IValue(c10::List<int64_t>({1, 2})).to<std::tuple<int64_t, int64_t>>()),
               c10::Error);
}

// --- std::unordered_map --------------------------------------------------------------

TEST(IValueGenericToTest, UnorderedMapConvertsEveryEntry) {
  c10::Dict<std::string, int64_t> vocab;
  vocab.insert("<pad>", 0);
  vocab.insert("<unk>", 1);
  vocab.insert("hello", 7);
  IValue v(vocab);
  auto map = v.to<std::unordered_map<std::string, int64_t>>();
  EXPECT_EQ(map, (std::unordered_map<std::string, int64_t>{{"<pad>", 0}, {"<unk>", 1}, {"hello", 7}}));
  map["hello"] = 8; // a copy: the dict is unchanged
  EXPECT_EQ(vocab.at("hello"), 7);
  auto moved = IValue(vocab).to<std::unordered_map<std::string, int64_t>>();
  EXPECT_EQ(moved.size(), 3u);
  EXPECT_EQ(vocab.size(), 3u);
}

TEST(IValueGenericToTest, UnorderedMapChecksEntriesNotTheDictType) {
  c10::Dict<int64_t, at::Tensor> byId;
  at::Tensor t = at::ones({1});
  byId.insert(5, t);
  IValue v(byId);
  {
    // A Dict[int, Tensor] read as IValue keys and values: each entry converts.
    auto generic = v.to<std::unordered_map<int64_t, IValue>>();
    ASSERT_EQ(generic.count(5), 1u);
    EXPECT_TRUE(generic.at(5).toTensor().is_same(t));
    EXPECT_EQ(t.use_count(), 3u);
  }
  EXPECT_EQ(t.use_count(), 2u);
  EXPECT_THROW((void)(v.to<std::unordered_map<std::string, at::Tensor>>()), c10::Error);
  EXPECT_THROW((void)(IValue(c10::List<int64_t>()).to<std::unordered_map<int64_t, int64_t>>()),
               c10::Error);
}

// --- handles: List, Dict, optional ---------------------------------------------------

TEST(IValueGenericToTest, ListAndDictShareTheStorage) {
  IValue v(c10::List<int64_t>({1, 2}));
  c10::List<int64_t> list = v.to<c10::List<int64_t>>();
  list.set(0, 10); // the handle shares the list with v
  EXPECT_EQ(v.toListRef()[0].toInt(), 10);
  EXPECT_THROW(v.to<c10::List<at::Tensor>>(), c10::Error);

  c10::Dict<std::string, double> weights;
  weights.insert("w", 0.5);
  IValue d(weights);
  auto typed = d.to<c10::Dict<std::string, double>>();
  typed.insert_or_assign("w", 1.5);
  EXPECT_EQ(weights.at("w"), 1.5);
}

TEST(IValueGenericToTest, OptionalOfAContainer) {
  EXPECT_FALSE(IValue().to<c10::optional<std::vector<int64_t>>>().has_value());
  IValue v(c10::List<int64_t>({7}));
  auto present = v.to<c10::optional<std::vector<int64_t>>>();
  ASSERT_TRUE(present.has_value());
  EXPECT_EQ(present.value_or(std::vector<int64_t>{}), (std::vector<int64_t>{7}));
  auto pair = IValue(Tuple::create(IValue(int64_t{1}), IValue(true)))
                  .to<c10::optional<std::tuple<int64_t, bool>>>();
  ASSERT_TRUE(pair.has_value());
  EXPECT_EQ(pair.value_or(std::make_tuple(int64_t{0}, false)), std::make_tuple(int64_t{1}, true));
}

} // namespace
