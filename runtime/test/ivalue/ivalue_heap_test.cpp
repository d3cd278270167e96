// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// IValue's heap kinds: Tensor (the at::Tensor lives in the word), String, Tuple and
// TupleElements, Object; refcounts of the owning and borrowing accessors;
// MaybeOwned<IValue>; identity and equality.
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <c10/util/MaybeOwned.h>
#include <gtest/gtest.h>

#include <functional>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using c10::IValue;
using c10::ivalue::Tuple;
using c10::ivalue::TupleElements;

std::string print(const IValue& v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

// --- Tensor ---------------------------------------------------------------------

TEST(IValueTensorTest, WordIsTheTensorAndToTensorIsAReferenceIntoIt) {
  at::Tensor t = at::zeros({2, 3});
  IValue v(t);
  EXPECT_TRUE(v.isTensor());
  EXPECT_EQ(v.tagKind(), "Tensor");
  EXPECT_EQ(t.use_count(), 2u);
  EXPECT_EQ(v.unsafeRawWord(), reinterpret_cast<std::uintptr_t>(t.unsafeGetTensorImpl()));
  at::Tensor& ref = v.toTensor();
  EXPECT_EQ(static_cast<void*>(&ref), static_cast<void*>(&v));
  EXPECT_TRUE(ref.is_same(t));
  EXPECT_EQ(t.use_count(), 2u); // the reference costs nothing
  const IValue& cv = v;
  EXPECT_EQ(static_cast<const void*>(&cv.toTensor()), static_cast<const void*>(&v));
  EXPECT_EQ(v.unsafeToTensorImpl(), t.unsafeGetTensorImpl());

  // Writing through the reference writes the IValue.
  at::Tensor other = at::ones({1});
  v.toTensor() = other;
  EXPECT_TRUE(v.toTensor().is_same(other));
  EXPECT_EQ(t.use_count(), 1u);
  EXPECT_EQ(other.use_count(), 2u);
  v.toTensor() = at::Tensor();
  EXPECT_TRUE(v.isTensor());
  EXPECT_FALSE(v.toTensor().defined());
  EXPECT_EQ(other.use_count(), 1u);
}

// toTensor() creates the at::Tensor object in the word each time: a
// reference from an earlier call is the same object, writes through either
// are the IValue's, and the word can become another kind and a tensor again.
TEST(IValueTensorTest, TheTensorObjectLivesInTheWordAcrossAccesses) {
  at::Tensor a = at::zeros({2});
  at::Tensor b = at::ones({3});
  IValue v(a);
  at::Tensor& first = v.toTensor();
  at::Tensor& second = v.toTensor();
  EXPECT_EQ(&first, &second);
  first = b;
  EXPECT_TRUE(second.is_same(b));
  EXPECT_EQ(v.unsafeToTensorImpl(), b.unsafeGetTensorImpl());
  EXPECT_EQ(a.use_count(), 1u);
  EXPECT_EQ(b.use_count(), 2u);

  v = IValue(int64_t{42}); // the word stops being a tensor
  EXPECT_EQ(b.use_count(), 1u);
  EXPECT_EQ(v.toInt(), 42);
  v = IValue(a);
  EXPECT_TRUE(v.toTensor().is_same(a));

  IValue w(b);
  v.swap(w);
  EXPECT_TRUE(v.toTensor().is_same(b));
  EXPECT_TRUE(w.toTensor().is_same(a));
  EXPECT_EQ(a.use_count(), 2u);
  EXPECT_EQ(b.use_count(), 2u);

  // A const IValue object: the Tensor is made in its (mutable) word too.
  const IValue c(a);
  EXPECT_TRUE(c.toTensor().is_same(a));
  EXPECT_EQ(c.toTensor().numel(), 2);
  EXPECT_EQ(a.use_count(), 3u);
}

TEST(IValueTensorTest, CopyCountsAndRvalueToTensorMoves) {
  at::Tensor t = at::zeros({4});
  IValue v(t);
  {
    IValue copy(v);
    EXPECT_EQ(t.use_count(), 3u);
    std::vector<IValue> many(10, copy);
    EXPECT_EQ(t.use_count(), 13u);
  }
  EXPECT_EQ(t.use_count(), 2u);
  at::Tensor moved = std::move(v).toTensor();
  EXPECT_TRUE(v.isNone()); // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(t.use_count(), 2u);
  EXPECT_TRUE(moved.is_same(t));
  EXPECT_EQ(IValue(moved).use_count(), 3u);
  EXPECT_THROW(IValue(1).toTensor(), c10::Error);
}

TEST(IValueTensorTest, UndefinedTensorIsATensorWithoutRefcount) {
  IValue v{at::Tensor()};
  EXPECT_TRUE(v.isTensor());
  EXPECT_FALSE(v.isNone());
  EXPECT_FALSE(v.toTensor().defined());
  EXPECT_EQ(v.use_count(), 0u);
  EXPECT_FALSE(v.isPtrType());
  IValue copy(v); // must not touch the singleton's counts
  EXPECT_TRUE(copy.is(IValue()));
  EXPECT_TRUE(IValue().is(copy));
  EXPECT_TRUE(copy.isSameIdentity(IValue()));
  EXPECT_EQ(print(v), "[ Tensor (undefined) ]");
}

TEST(IValueTensorTest, IdentityAndEquality) {
  at::Tensor a = at::ones({1});
  at::Tensor b = at::ones({1});
  EXPECT_TRUE(IValue(a).is(IValue(a)));
  EXPECT_FALSE(IValue(a).is(IValue(b)));
  EXPECT_TRUE(IValue(a).isSameIdentity(IValue(a)));
  EXPECT_EQ(IValue(a), IValue(b)); // one element each: compared by value
  EXPECT_THROW((void)(IValue(at::ones({2})) == IValue(at::ones({2}))), c10::Error);
  EXPECT_EQ(IValue(a).to<at::Tensor>().use_count(), 2u);
  std::vector<at::Tensor> tensors = IValue(std::vector<at::Tensor>{a, b}).toTensorVector();
  EXPECT_TRUE(tensors[0].is_same(a) && tensors[1].is_same(b));
}

TEST(IValueTensorTest, TensorImplIsItsOwnTarget) {
  // IValue reaches every refcount through the tag-cleared word as an
  // intrusive_ptr_target*: TensorImpl's base must sit at offset 0.
  at::Tensor t = at::zeros({1});
  c10::TensorImpl* impl = t.unsafeGetTensorImpl();
  EXPECT_EQ(static_cast<void*>(static_cast<c10::intrusive_ptr_target*>(impl)), static_cast<void*>(impl));
}

// --- String ---------------------------------------------------------------------

TEST(IValueStringTest, AccessorsAndRefcounts) {
  IValue v(std::string("a string long enough to be heap-allocated"));
  EXPECT_TRUE(v.isString());
  EXPECT_EQ(v.tagKind(), "String");
  EXPECT_EQ(v.toStringRef(), "a string long enough to be heap-allocated");
  EXPECT_EQ(v.toStringView(), "a string long enough to be heap-allocated");
  EXPECT_EQ(&v.toStringRef(), &v.toStringRef());
  EXPECT_EQ(v.use_count(), 1u);
  {
    auto owned = v.toString();
    EXPECT_EQ(v.use_count(), 2u);
    EXPECT_EQ(&owned->string(), &v.toStringRef());
    EXPECT_EQ(owned->string_view().size(), 41u);
    const std::string& s = *owned;
    EXPECT_EQ(s, v.toStringRef());
  }
  EXPECT_EQ(v.use_count(), 1u);
  const std::string* address = &v.toStringRef();
  auto moved = std::move(v).toString();
  EXPECT_TRUE(v.isNone()); // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(moved.use_count(), 1u);
  EXPECT_EQ(&moved->string(), address);
  EXPECT_EQ(IValue("x").to<std::string>(), "x");
  EXPECT_EQ(IValue(c10::string_view("sv")).toStringRef(), "sv");
  EXPECT_EQ(IValue(c10::ivalue::ConstantString::create("cs")).toStringRef(), "cs");
  EXPECT_FALSE(IValue().toOptionalStringRef().has_value());
  const IValue o("o");
  const std::string absent = "<none>";
  EXPECT_EQ(o.toOptionalStringRef().value_or(std::cref(absent)).get(), "o");
  EXPECT_THROW(IValue(1).toStringRef(), c10::Error);
}

// Heap kinds carry their tag in the top 16 bits; a tensor's are zero.
TEST(IValueHeapTest, TagsAreTheTopSixteenBits) {
  namespace L = c10::ivalue_layout;
  EXPECT_EQ(IValue(at::zeros({1})).unsafeRawWord() >> L::kTagShift, 0u);
  EXPECT_EQ(IValue(at::Tensor()).unsafeRawWord() >> L::kTagShift, 0u);
  EXPECT_EQ(IValue("s").unsafeRawWord() >> L::kTagShift, L::kStringTag);
  EXPECT_EQ(IValue(c10::ivalue::Tuple::create(IValue(1))).unsafeRawWord() >> L::kTagShift,
            L::kTupleTag);
  EXPECT_EQ(IValue(c10::List<int64_t>({1})).unsafeRawWord() >> L::kTagShift, L::kListTag);
  EXPECT_EQ(IValue(c10::Dict<std::string, int64_t>()).unsafeRawWord() >> L::kTagShift, L::kDictTag);
  EXPECT_EQ(IValue(int64_t{1} << 60).unsafeRawWord() >> L::kTagShift, L::kOtherHeapTag); // boxed
}

// A null string pointer stays a String (libtorch keeps it too), holds no
// object and is not refcounted; its characters cannot be read.
TEST(IValueStringTest, NullStringIsKeptWithoutAnObject) {
  IValue v(c10::intrusive_ptr<c10::ivalue::ConstantString>{});
  EXPECT_TRUE(v.isString());
  EXPECT_TRUE(v.isPtrType());
  EXPECT_EQ(v.tagKind(), "String");
  EXPECT_EQ(v.internalToPointer(), nullptr);
  EXPECT_FALSE(v.toString());
  EXPECT_THROW(v.toStringRef(), c10::Error);
  EXPECT_EQ(v.use_count(), 1u);
  IValue copy(v);
  EXPECT_TRUE(copy.isString());
  EXPECT_FALSE(std::move(v).toString());
  EXPECT_TRUE(v.isNone()); // NOLINT(bugprone-use-after-move)
  EXPECT_THROW(IValue(1).toString(), c10::Error);
}

TEST(IValueStringTest, LvaluesAreCopiedRvaluesMoved) {
  const std::string text = "a string long enough to be heap-allocated";
  auto copied = c10::ivalue::ConstantString::create(text);
  EXPECT_EQ(copied->string(), text);
  std::string source = text;
  const char* buffer = source.data();
  auto moved = c10::ivalue::ConstantString::create(std::move(source));
  EXPECT_EQ(moved->string().data(), buffer); // the buffer was taken, not copied
  std::string forValue = text;
  buffer = forValue.data();
  IValue v(std::move(forValue));
  EXPECT_EQ(v.toStringRef().data(), buffer);
  EXPECT_EQ(c10::make_intrusive<c10::ivalue::ConstantString>(text)->string(), text);
}

TEST(IValueStringTest, EqualityByValueIdentityByObject) {
  IValue a("ab"), b("ab"), c("ac");
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_FALSE(a.is(b));
  EXPECT_TRUE(a.is(a));
  EXPECT_TRUE(a.isSameIdentity(b)); // libtorch: strings by value
  EXPECT_EQ(print(a), "ab");
}

// --- Tuple ----------------------------------------------------------------------

bool storedInline(const Tuple& t) {
  const auto* begin = reinterpret_cast<const char*>(&t);
  const auto* element = reinterpret_cast<const char*>(t.elements().begin());
  return element >= begin && element < begin + sizeof(Tuple);
}

TEST(IValueTupleTest, CreateOverloads) {
  IValue one(7);
  auto t1 = Tuple::create(IValue(1));
  auto t2 = Tuple::create(IValue(1), IValue("x"));
  auto t3 = Tuple::create(IValue(1), IValue(2.5), IValue("x"));
  auto tl = Tuple::create({IValue(1), IValue(2)});
  auto tv = Tuple::create(std::vector<IValue>{IValue(1), IValue(2), IValue(3), IValue(4)});
  std::vector<IValue> source{IValue(1), IValue(2)};
  auto ta = Tuple::create(c10::ArrayRef<IValue>(source));
  auto te = Tuple::create(TupleElements(IValue(1), IValue(2)));
  auto t5 = Tuple::create(1, 2.5, "x", true, one);
  auto tm = Tuple::create(1, "x");
  auto t0 = Tuple::create(std::vector<IValue>{});
  EXPECT_EQ(t1->size(), 1u);
  EXPECT_EQ(t2->size(), 2u);
  EXPECT_EQ(t3->size(), 3u);
  EXPECT_EQ(tl->size(), 2u);
  EXPECT_EQ(tv->size(), 4u);
  EXPECT_EQ(ta->size(), 2u);
  EXPECT_EQ(te->size(), 2u);
  EXPECT_EQ(t5->size(), 5u);
  EXPECT_EQ(t0->size(), 0u);
  EXPECT_TRUE(t0->elements().empty());
  EXPECT_EQ(t5->elements()[4].toInt(), 7);
  EXPECT_EQ(tm->elements()[1].toStringRef(), "x");
  EXPECT_EQ(*ta, *tl);
  EXPECT_EQ(*te, *tl);
  EXPECT_EQ(print(IValue(t1)), "(1,)");
  EXPECT_EQ(print(IValue(t3)), "(1, 2.5, x)");
  EXPECT_EQ(print(IValue(t0)), "()");
  // Up to three elements share the Tuple's allocation.
  EXPECT_TRUE(storedInline(*t1));
  EXPECT_TRUE(storedInline(*t3));
  EXPECT_TRUE(storedInline(*ta));
  EXPECT_FALSE(storedInline(*tv));
  EXPECT_FALSE(storedInline(*t5));
  EXPECT_LE(sizeof(Tuple), 64u);
}

// Converts to IValue by throwing, to test what a failed conversion leaves.
struct ThrowsOnConversion {
  operator IValue() const { // NOLINT(google-explicit-constructor)
    throw std::runtime_error("conversion failed");
  }
};

TEST(IValueTupleTest, VariadicCreateReleasesEverythingWhenAConversionThrows) {
  at::Tensor t = at::zeros({2});
  IValue s("a string long enough to be heap-allocated");
  EXPECT_THROW(Tuple::create(t, s, 1, ThrowsOnConversion{}, 2.5), std::runtime_error);
  EXPECT_EQ(t.use_count(), 1u);
  EXPECT_EQ(s.use_count(), 1u);
  auto ok = Tuple::create(t, s, 1, true, 2.5);
  EXPECT_EQ(t.use_count(), 2u);
  EXPECT_EQ(s.use_count(), 2u);
  const auto& e = ok->elements();
  ASSERT_EQ(e.size(), 5u);
  EXPECT_TRUE(e[0].toTensor().is_same(t));
  EXPECT_TRUE(e[1].isSameIdentity(s));
  EXPECT_EQ(e[2].toInt(), 1);
  EXPECT_TRUE(e[3].toBool());
  EXPECT_EQ(e[4].toDouble(), 2.5);
}

// Above three elements the variadic create() builds the vector inside the
// Tuple: lvalue arguments are copied, rvalues moved, an empty pack is an
// empty tuple.
TEST(IValueTupleTest, VariadicCreateCopiesLvaluesAndMovesRvalues) {
  at::Tensor kept = at::zeros({2});
  at::Tensor given = at::zeros({3});
  IValue s("a string long enough to be heap-allocated");
  auto* givenImpl = given.unsafeGetTensorImpl();
  auto t = Tuple::create(kept, std::move(given), s, IValue(7));
  EXPECT_EQ(kept.use_count(), 2u);
  EXPECT_FALSE(given.defined()); // NOLINT(bugprone-use-after-move): moved from
  EXPECT_EQ(s.use_count(), 2u);
  const auto& e = t->elements();
  ASSERT_EQ(e.size(), 4u);
  EXPECT_FALSE(storedInline(*t));
  EXPECT_TRUE(e[0].toTensor().is_same(kept));
  EXPECT_EQ(e[1].toTensor().unsafeGetTensorImpl(), givenImpl);
  EXPECT_EQ(e[1].toTensor().use_count(), 1u);
  EXPECT_TRUE(e[2].isSameIdentity(s));
  EXPECT_EQ(e[3].toInt(), 7);
  t.reset();
  EXPECT_EQ(kept.use_count(), 1u);
  EXPECT_EQ(s.use_count(), 1u);
  auto empty = Tuple::create();
  EXPECT_EQ(empty->size(), 0u);
  EXPECT_EQ(print(IValue(empty)), "()");
}

TEST(IValueKindErrorTest, NamesTheExpectedAndTheActualKind) {
  auto message = [](const std::function<void()>& f) -> std::string {
    try {
      f();
    } catch (const c10::Error& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_NE(message([] { (void)IValue(1).toTensor(); }).find("Expected Tensor but got Int"), std::string::npos);
  EXPECT_NE(message([] { (void)IValue(2.5).toStringRef(); }).find("Expected String but got Double"), std::string::npos);
  EXPECT_NE(message([] { (void)IValue("s").toTupleRef(); }).find("Expected Tuple but got String"), std::string::npos);
  EXPECT_NE(message([] { (void)IValue().toIntList(); }).find("Expected IntList but got None"), std::string::npos);
  EXPECT_NE(message([] { (void)IValue(true).toInt(); }).find("Expected Int but got Bool"), std::string::npos);
}

TEST(IValueTupleTest, AccessorsAndRefcounts) {
  IValue v(Tuple::create(IValue(1), IValue("s")));
  EXPECT_TRUE(v.isTuple());
  EXPECT_EQ(v.tagKind(), "Tuple");
  EXPECT_EQ(&v.toTupleRef(), &v.toTupleRef());
  {
    auto owned = v.toTuple();
    EXPECT_EQ(owned.use_count(), 2u);
    EXPECT_EQ(owned.get(), &v.toTupleRef());
  }
  EXPECT_EQ(v.use_count(), 1u);
  auto moved = std::move(v).toTuple();
  EXPECT_TRUE(v.isNone()); // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(moved.use_count(), 1u);
  EXPECT_THROW((void)IValue(1).toTupleRef(), c10::Error);
  EXPECT_THROW(IValue("s").toTuple(), c10::Error);
  IValue std_tuple(std::make_tuple(int64_t{1}, std::string("a"), 2.0));
  EXPECT_EQ(print(std_tuple), "(1, a, 2.)");
}

TEST(IValueTupleTest, ElementsRvalueMovesWithoutCopying) {
  auto big = Tuple::create(std::vector<IValue>{IValue("a"), IValue("b"), IValue("c"), IValue("d")});
  const IValue* data = big->elements().begin();
  TupleElements taken = std::move(*big).elements();
  EXPECT_EQ(taken.begin(), data); // the vector itself moved
  EXPECT_EQ(taken.size(), 4u);
  EXPECT_EQ(taken[0].use_count(), 1u);

  auto small = Tuple::create(IValue("x"), IValue("y"));
  IValue x = small->elements()[0];
  EXPECT_EQ(x.use_count(), 2u);
  TupleElements smallTaken = std::move(*small).elements();
  EXPECT_EQ(x.use_count(), 2u); // moved, not copied
}

TEST(IValueTupleTest, TupleElementsSlowPathsAndAssignment) {
  TupleElements inline3(IValue(1), IValue(2), IValue(3));
  TupleElements vec4(std::vector<IValue>{IValue(1), IValue(2), IValue(3), IValue(4)});
  std::vector<IValue> asVector = inline3; // operator std::vector<IValue>()
  EXPECT_EQ(asVector.size(), 3u);
  EXPECT_EQ(vec4.vec().size(), 4u);
  EXPECT_EQ(inline3.asArrayRef().size(), 3u);
  c10::ArrayRef<IValue> ref = vec4;
  EXPECT_EQ(ref[3].toInt(), 4);
  EXPECT_EQ(inline3.front().toInt(), 1);
  EXPECT_EQ(inline3.back().toInt(), 3);
  EXPECT_THROW((void)inline3.at(3), c10::Error);
  EXPECT_THROW((void)vec4.at(4), c10::Error);

  TupleElements a = inline3; // inline <- inline
  a = vec4;                  // inline <- vector
  EXPECT_EQ(a.size(), 4u);
  a = inline3; // vector <- inline
  EXPECT_EQ(a.size(), 3u);
  TupleElements b(std::move(a));
  EXPECT_EQ(b[2].toInt(), 3);
  b = TupleElements(IValue("one"));
  EXPECT_EQ(b.size(), 1u);
  b.setContents({IValue(9), IValue(8)});
  EXPECT_EQ(b.size(), 2u);
  EXPECT_EQ(b[1].toInt(), 8);
  std::vector<IValue> moved = std::move(vec4).vec();
  EXPECT_EQ(moved.size(), 4u);

  auto t = Tuple::create(IValue(1), IValue(2));
  t->unsafeSetElement(0, IValue("z"));
  t->setElements(std::vector<IValue>{IValue(1), IValue(2), IValue(3), IValue(4), IValue(5)});
  EXPECT_EQ(t->size(), 5u);
  EXPECT_EQ(Tuple::hash(*Tuple::create(IValue(1), IValue("a"))),
            Tuple::hash(*Tuple::create(IValue(1), IValue("a"))));
}

TEST(IValueTupleTest, EqualityAndIdentity) {
  IValue a(Tuple::create(IValue(1), IValue("x")));
  IValue b(Tuple::create(IValue(1), IValue("x")));
  IValue c(Tuple::create(IValue(1), IValue("y")));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_FALSE(a.is(b));
  EXPECT_FALSE(a.isSameIdentity(b));
  EXPECT_TRUE(a.is(IValue(a)));
  EXPECT_NE(a, IValue(Tuple::create(IValue(1))));
  // A tuple holding NaN equals itself by identity only.
  IValue nan(Tuple::create(IValue(std::nan(""))));
  IValue nanCopy(Tuple::create(IValue(std::nan(""))));
  EXPECT_NE(nan, nanCopy);
  EXPECT_NE(nan, nan); // as libtorch: no identity shortcut for tuples
  EXPECT_TRUE(nan.is(nan));
  // A NaN double has no identity: even the same element compares unequal.
  IValue shared = nan.toTupleRef().elements()[0];
  EXPECT_NE(IValue(Tuple::create(shared)), IValue(Tuple::create(shared)));
}

// --- Object ---------------------------------------------------------------------

TEST(IValueObjectTest, NamedSlots) {
  auto cls = c10::ClassType::create("__torch__.Point", {"x", "y"});
  auto obj = c10::ivalue::Object::create(cls);
  obj->setSlot(0, IValue(1));
  obj->setAttr("y", IValue(2.5));
  obj->setAttr("label", IValue("p")); // new attribute, new slot
  IValue v(obj);
  EXPECT_TRUE(v.isObject());
  EXPECT_EQ(v.tagKind(), "Object");
  EXPECT_EQ(v.toObjectRef().getSlot(0).toInt(), 1);
  EXPECT_EQ(v.toObjectRef().getAttr("y").toDouble(), 2.5);
  EXPECT_EQ(v.toObjectRef().slots().size(), 3u);
  EXPECT_EQ(v.toObjectRef().name(), "__torch__.Point");
  EXPECT_THROW(v.toObjectRef().getAttr("z"), c10::Error);
  EXPECT_EQ(v.use_count(), 2u);
  auto copy = v.toObjectRef().copy();
  EXPECT_NE(IValue(copy), v); // objects compare by identity
  EXPECT_EQ(v, IValue(obj));
  EXPECT_EQ(print(v).rfind("<__torch__.Point object at 0x", 0), 0u);
  auto moved = std::move(v).toObject();
  EXPECT_EQ(moved.use_count(), 2u);
}

// --- MaybeOwned<IValue> -----------------------------------------------------------

TEST(IValueMaybeOwnedTest, BorrowTouchesNoRefcount) {
  IValue v("borrowed string");
  {
    auto borrowed = c10::MaybeOwned<IValue>::borrowed(v);
    EXPECT_TRUE(borrowed.unsafeIsBorrowed());
    EXPECT_EQ(v.use_count(), 1u);
    EXPECT_EQ(&borrowed->toStringRef(), &v.toStringRef());
    auto again = borrowed; // a copy of a borrow borrows
    EXPECT_EQ(v.use_count(), 1u);
    IValue copied = *std::move(again);
    EXPECT_EQ(v.use_count(), 2u);
  }
  EXPECT_EQ(v.use_count(), 1u);
  auto owned = c10::MaybeOwned<IValue>::owned(IValue(v));
  EXPECT_EQ(v.use_count(), 2u);
  EXPECT_FALSE(owned.unsafeIsBorrowed());
}

} // namespace
