// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The parts of PyTorch 2.6's c10 API that code written for 2.6 uses and 1.13
// lacks: intrusive_ptr(nullptr), SymInt/SymFloat/SymBool holding plain values,
// IValue(std::vector<T>&&) and IValue(std::vector<bool>), List::get as a
// const reference, types (TypePtr, List::elementType(), GenericList(type),
// GenericDict(key, value), IValue::type()), isAliasOf, deepcopy with its
// identity memo, optional-tensor lists, OptionalArrayRef, and Tensor's
// TensorBase / const_data_ptr / mutable_data_ptr / expect_contiguous /
// get_device / sym_sizes / sym_numel.
#include <ATen/ATen.h>
#include <ATen/core/Dict.h>
#include <ATen/core/List.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/jit_type.h>
#include <c10/core/SymInt.h>
#include <c10/util/OptionalArrayRef.h>
#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <vector>

namespace {

using c10::IValue;

c10::intrusive_ptr<c10::ivalue::ConstantString> noString() {
  return nullptr; // the implicit conversion 2.x code relies on
}

TEST(PyTorch26Api, IntrusivePtrFromNullptrIsEmpty) {
  c10::intrusive_ptr<c10::ivalue::ConstantString> p(nullptr);
  EXPECT_FALSE(p.defined());
  EXPECT_EQ(p.use_count(), 0u);
  EXPECT_FALSE(noString().defined());
  // With a sentinel NullType, nullptr gives the sentinel, as the default does.
  at::Tensor::ImplPtr t(nullptr);
  EXPECT_FALSE(t.defined());
  EXPECT_EQ(t.get(), c10::UndefinedTensorImpl::singleton());
}

TEST(PyTorch26Api, SymIntHoldsAPlainInteger) {
  c10::SymInt a(7);
  c10::SymInt b = -2;
  EXPECT_FALSE(a.is_heap_allocated());
  EXPECT_FALSE(a.is_symbolic());
  EXPECT_EQ(a.maybe_as_int(), 7);
  EXPECT_EQ(a.expect_int(), 7);
  EXPECT_EQ(a.guard_int(__FILE__, __LINE__), 7);
  EXPECT_EQ(a + b, 5);
  EXPECT_EQ(a * 2, 14);
  EXPECT_EQ(3 - a, -4);
  EXPECT_EQ(a / b, -3); // as int64_t divides
  EXPECT_EQ(a % b, 1);
  EXPECT_TRUE(a > b);
  EXPECT_TRUE(a.sym_gt(b).guard_bool(__FILE__, __LINE__));
  EXPECT_DOUBLE_EQ((a * 0.5).as_float_unchecked(), 3.5);
  EXPECT_EQ(a.max(b), 7);
  c10::SymBool t(true);
  EXPECT_FALSE((~t).as_bool_unchecked());
  EXPECT_TRUE((t | c10::SymBool(false)).expect_true(__FILE__, __LINE__));
  EXPECT_EQ(c10::SymFloat(1.5).maybe_as_float(), 1.5);
}

TEST(PyTorch26Api, SymIntArrayRefViewsTheIntegers) {
  std::vector<int64_t> sizes{2, 3, 4};
  c10::SymIntArrayRef sym = c10::fromIntArrayRefSlow(sizes);
  ASSERT_EQ(sym.size(), 3u);
  EXPECT_EQ(sym[2], 4);
  EXPECT_EQ(C10_AS_INTARRAYREF_SLOW(sym).data(), sizes.data());
  std::vector<c10::SymInt> owned{c10::SymInt(5), c10::SymInt(6)};
  auto asInts = c10::asIntArrayRefSlowOpt(owned);
  ASSERT_TRUE(asInts.has_value());
  if (asInts.has_value()) {
    EXPECT_EQ(asInts->at(1), 6);
  }
}

TEST(PyTorch26Api, SymValuesAreStoredAsNumbers) {
  // As PyTorch: a SymInt without a symbolic node is an Int IValue.
  IValue i(c10::SymInt(5));
  EXPECT_TRUE(i.isInt());
  EXPECT_FALSE(i.isSymInt());
  EXPECT_EQ(i.toSymInt(), 5);
  EXPECT_EQ(IValue(int64_t{1} << 60).toSymInt(), int64_t{1} << 60); // boxed
  EXPECT_EQ(i.to<c10::SymInt>(), 5);
  IValue d(c10::SymFloat(2.5));
  EXPECT_TRUE(d.isDouble());
  EXPECT_FALSE(d.isSymFloat());
  EXPECT_EQ(d.toSymFloat(), 2.5);
  IValue b(c10::SymBool(true));
  EXPECT_TRUE(b.isBool());
  EXPECT_FALSE(b.isSymBool());
  EXPECT_TRUE(b.toSymBool().as_bool_unchecked());
  EXPECT_THROW(IValue(1.0).toSymInt(), c10::Error);
  EXPECT_THROW(IValue(1).toSymFloat(), c10::Error);
  EXPECT_THROW(IValue(1).toSymBool(), c10::Error);
  // A SymInt list decays to an int list, so toIntList() works.
  std::vector<c10::SymInt> syms{c10::SymInt(1), c10::SymInt(2)};
  IValue list(syms);
  ASSERT_TRUE(list.isIntList());
  EXPECT_EQ(list.toIntVector(), (std::vector<int64_t>{1, 2}));
  IValue fromRef{c10::SymIntArrayRef(syms)};
  EXPECT_TRUE(fromRef.isIntList());
}

TEST(PyTorch26Api, VectorConstructors) {
  std::vector<bool> bits{true, false, true};
  IValue b(bits);
  ASSERT_TRUE(b.isBoolList());
  EXPECT_EQ(b.toBoolList().vec(), bits);
  IValue movedBits(std::vector<bool>{false, true});
  EXPECT_EQ(movedBits.toBoolList().get(1), true);

  std::vector<std::string> strings{"a long string that is not in the small buffer", "b"};
  const char* first = strings[0].data();
  IValue s(std::move(strings));
  ASSERT_TRUE(s.isList());
  // Moved, not copied: the element owns the vector's string buffer.
  EXPECT_EQ(s.toListRef()[0].toStringRef().data(), first);

  at::Tensor t = at::ones({2});
  std::vector<at::Tensor> tensors{t};
  IValue tl(std::move(tensors));
  ASSERT_TRUE(tl.isTensorList());
  EXPECT_EQ(t.use_count(), 2u); // t and the list; the vector gave its reference up
}

TEST(PyTorch26Api, ListGetReturnsAConstReferenceWhereStored) {
  c10::List<std::string> strings({"x", "y"});
  static_assert(std::is_same<decltype(strings.get(0)), const std::string&>::value,
                "List<string>::get is a reference into the list");
  EXPECT_EQ(&strings.get(1), &strings.get(1));
  c10::List<at::Tensor> tensors({at::ones({1})});
  static_assert(std::is_same<decltype(tensors.get(0)), const at::Tensor&>::value, "");
  EXPECT_EQ(tensors.get(0).use_count(), 1u); // no copy taken
  c10::List<int64_t> ints({4});
  static_assert(std::is_same<decltype(ints.get(0)), int64_t>::value, "an int is read by value");
  EXPECT_EQ(ints.get(0), 4);
}

TEST(PyTorch26Api, TypesAreInterned) {
  EXPECT_EQ(c10::ListType::create(c10::IntType::get()), c10::ListType::ofInts());
  EXPECT_EQ(c10::ListType::ofInts()->str(), "List[int]");
  auto dict = c10::DictType::create(c10::StringType::get(), c10::TensorType::get());
  EXPECT_EQ(dict->str(), "Dict(str, Tensor)");
  EXPECT_EQ(dict->getValueType(), c10::TensorType::get());
  c10::TypePtr opt = c10::OptionalType::ofTensor();
  EXPECT_EQ(opt->kind(), c10::TypeKind::OptionalType);
  EXPECT_TRUE(c10::NoneType::get()->isSubtypeOf(*opt));
  EXPECT_TRUE(c10::TensorType::get()->isSubtypeOf(opt));
  EXPECT_FALSE(c10::IntType::get()->isSubtypeOf(opt));
  EXPECT_TRUE(c10::IntType::get()->isSubtypeOf(c10::AnyType::get()));
  EXPECT_EQ(opt->expect<c10::OptionalType>()->getElementType(), c10::TensorType::get());
  EXPECT_EQ(opt->cast<c10::ListType>(), nullptr);
  EXPECT_THROW(opt->expect<c10::ListType>(), c10::Error);
  // Interned types carry no count: copies are free, and they live for ever.
  EXPECT_EQ(c10::IntType::get().use_count(), 0);
}

TEST(PyTorch26Api, ListAndDictRecordTheirTypes) {
  c10::List<double> doubles;
  EXPECT_EQ(doubles.elementType(), c10::FloatType::get());
  c10::impl::GenericList generic(c10::IntType::get());
  generic.push_back(IValue(3));
  IValue list(generic);
  EXPECT_TRUE(list.isIntList()); // the type decides, not the C++ element type
  EXPECT_EQ(list.toIntList().get(0), 3);
  EXPECT_EQ(list.type()->str(), "List[int]");
  EXPECT_FALSE(IValue(c10::impl::GenericList(c10::AnyType::get())).isIntList());

  c10::impl::GenericDict dict(c10::StringType::get(), c10::IntType::get());
  dict.insert(IValue("a"), IValue(1));
  IValue d(dict);
  EXPECT_EQ(d.type()->str(), "Dict(str, int)");
  auto typed = d.to<c10::Dict<std::string, int64_t>>();
  EXPECT_EQ(typed.at("a"), 1);
  EXPECT_EQ(typed.keyType(), c10::StringType::get());
  // Same entries but different declared types: not equal.
  c10::impl::GenericDict other(c10::StringType::get(), c10::AnyType::get());
  other.insert(IValue("a"), IValue(1));
  EXPECT_FALSE(dict == other);
}

TEST(PyTorch26Api, IValueType) {
  EXPECT_EQ(IValue().type(), c10::NoneType::get());
  EXPECT_EQ(IValue(1).type(), c10::IntType::get());
  EXPECT_EQ(IValue(int64_t{1} << 60).type(), c10::IntType::get());
  EXPECT_EQ(IValue(1.5).type(), c10::FloatType::get());
  EXPECT_EQ(IValue(true).type(), c10::BoolType::get());
  EXPECT_EQ(IValue("s").type(), c10::StringType::get());
  EXPECT_EQ(IValue(at::ones({1})).type(), c10::TensorType::get());
  EXPECT_EQ(IValue(c10::Device(c10::DeviceType::CPU)).type(), c10::DeviceObjType::get());
  IValue tuple = c10::ivalue::Tuple::create(IValue(1), IValue("x"));
  EXPECT_EQ(tuple.type()->str(), "Tuple[int, str]");
  EXPECT_EQ(tuple.type(), c10::TupleType::create({c10::IntType::get(), c10::StringType::get()}));
  auto cls = c10::ClassType::create("__torch__.Point", {"x"});
  IValue obj(c10::ivalue::Object::create(cls));
  EXPECT_EQ(obj.type(), cls);
  EXPECT_EQ(obj.type()->str(), "__torch__.Point");
  EXPECT_EQ(obj.type()->kind(), c10::TypeKind::ClassType);
}

TEST(PyTorch26Api, IsAliasOf) {
  at::Tensor t = at::ones({4});
  IValue a(t);
  EXPECT_TRUE(a.isAliasOf(IValue(t)));
  EXPECT_TRUE(a.isAliasOf(IValue(t.view({2, 2})))); // same storage
  EXPECT_FALSE(a.isAliasOf(IValue(t.clone())));
  c10::List<int64_t> list({1});
  EXPECT_TRUE(IValue(list).isAliasOf(IValue(list)));
  EXPECT_FALSE(IValue(list).isAliasOf(IValue(list.copy())));
  IValue s("x");
  EXPECT_TRUE(s.isAliasOf(s));
  EXPECT_FALSE(s.isAliasOf(IValue("x")));
  // Numbers alias nothing, not even an equal number.
  EXPECT_FALSE(IValue(1).isAliasOf(IValue(1)));
  IValue big(int64_t{1} << 60);
  EXPECT_FALSE(big.isAliasOf(big));
  EXPECT_FALSE(IValue().isAliasOf(IValue()));
  EXPECT_FALSE(IValue(1).isAliasOf(IValue(1.0)));
}

TEST(PyTorch26Api, HashIdentityIValueMapKeysByIdentity) {
  IValue::HashIdentityIValueMap memo;
  c10::List<int64_t> list({1, 2});
  memo[IValue(list)] = IValue(1);
  memo[IValue(list.copy())] = IValue(2); // equal value, another object
  EXPECT_EQ(memo.size(), 2u);
  EXPECT_EQ(memo.at(IValue(list)).toInt(), 1);
  // Numbers are their value: two boxes of the same large int are one key.
  memo[IValue(int64_t{1} << 60)] = IValue(3);
  memo[IValue(int64_t{1} << 60)] = IValue(4);
  EXPECT_EQ(memo.size(), 3u);
  // An undefined tensor is None under is(), and hashes with it.
  memo[IValue()] = IValue(5);
  EXPECT_EQ(memo.count(IValue(at::Tensor())), 1u);
}

TEST(PyTorch26Api, DeepcopySharesNothingMutable) {
  at::Tensor t = at::ones({2});
  c10::List<at::Tensor> tensors({t, t});
  c10::impl::GenericDict dict(c10::StringType::get(), c10::AnyType::get());
  dict.insert(IValue("tensors"), IValue(tensors));
  dict.insert(IValue("again"), IValue(tensors));
  IValue original(dict);
  IValue copy = original.deepcopy();

  auto copied = copy.toGenericDict();
  EXPECT_EQ(copied.keyType(), c10::StringType::get());
  IValue l1 = copied.at(IValue("tensors"));
  IValue l2 = copied.at(IValue("again"));
  EXPECT_FALSE(l1.isAliasOf(IValue(tensors)));
  EXPECT_TRUE(l1.isAliasOf(l2)); // one list reached twice is copied once
  EXPECT_TRUE(l1.isTensorList());
  at::Tensor c0 = l1.toTensorList().get(0);
  at::Tensor c1 = l1.toTensorList().get(1);
  EXPECT_FALSE(c0.is_alias_of(t));
  EXPECT_TRUE(c0.is_same(c1)); // one tensor reached twice, copied once
  c0.fill_(5);
  EXPECT_EQ(t.sum().item<double>(), 2.0);
  EXPECT_TRUE(original == IValue(dict));

  IValue tuple = c10::ivalue::Tuple::create(IValue(1), IValue("s"), IValue(t));
  IValue tupleCopy = tuple.deepcopy();
  EXPECT_FALSE(tupleCopy.isAliasOf(tuple));
  EXPECT_TRUE(tupleCopy.toTupleRef().elements()[1].isAliasOf(tuple.toTupleRef().elements()[1]))
      << "strings are immutable and shared";

  auto cls = c10::ClassType::create("C", {"list"});
  auto obj = c10::ivalue::Object::create(cls);
  obj->setSlot(0, IValue(c10::List<int64_t>({1})));
  IValue objCopy = IValue(obj).deepcopy();
  EXPECT_NE(&objCopy.toObjectRef(), obj.get());
  EXPECT_FALSE(objCopy.toObjectRef().getSlot(0).isAliasOf(obj->getSlot(0)));
  EXPECT_EQ(objCopy.toObjectRef().type(), cls);
}

TEST(PyTorch26Api, OptionalTensorLists) {
  c10::List<c10::optional<at::Tensor>> list;
  list.push_back(at::ones({1}));
  list.push_back(c10::nullopt);
  IValue v(list);
  ASSERT_TRUE(v.isOptionalTensorList());
  EXPECT_FALSE(v.isTensorList());
  auto vec = v.toOptionalTensorVector();
  ASSERT_EQ(vec.size(), 2u);
  EXPECT_TRUE(vec[0].has_value());
  EXPECT_FALSE(vec[1].has_value());
  EXPECT_EQ(v.toOptionalTensorList().size(), 2u);
  EXPECT_EQ(std::move(v).toOptionalTensorList().size(), 2u);
  EXPECT_THROW(IValue(c10::List<at::Tensor>()).toOptionalTensorVector(), c10::Error);
}

TEST(PyTorch26Api, OptionalArrayRef) {
  std::vector<int64_t> dims{0, 1};
  c10::OptionalIntArrayRef some(dims);
  c10::OptionalIntArrayRef none;
  const int64_t three = 3;
  c10::OptionalIntArrayRef one(three); // a view: the element must outlive it
  EXPECT_TRUE(some.has_value());
  EXPECT_EQ(some->size(), 2u);
  EXPECT_FALSE(none);
  EXPECT_EQ((*one)[0], 3);
  EXPECT_EQ(none.value_or(dims).size(), 2u);
  EXPECT_TRUE(some == c10::OptionalIntArrayRef(dims));
  EXPECT_FALSE(some == none);
  EXPECT_TRUE(IValue(none).isNone());
  IValue list(some);
  ASSERT_TRUE(list.isIntList());
  EXPECT_EQ(list.toIntVector(), dims);
}

void takesBase(const at::TensorBase& base, int64_t expectedNumel) {
  EXPECT_EQ(base.numel(), expectedNumel);
}

TEST(PyTorch26Api, TensorBaseAndTheNewAccessors) {
  at::Tensor t = at::ones({2, 3});
  takesBase(t, 6);
  at::TensorBase base = t;
  at::Tensor back = base; // a Tensor from a TensorBase, implicitly
  EXPECT_TRUE(back.is_same(t));
  static_assert(sizeof(at::Tensor) == sizeof(void*) && sizeof(at::TensorBase) == sizeof(void*), "");

  const float* c = t.const_data_ptr<float>();
  float* m = t.mutable_data_ptr<float>();
  EXPECT_EQ(c, m);
  EXPECT_EQ(t.const_data_ptr(), t.data_ptr());
  m[0] = 2.0F;
  EXPECT_EQ(t.const_data_ptr<float>()[0], 2.0F);
  EXPECT_EQ(t.get_device(), -1);

  c10::SymIntArrayRef sizes = t.sym_sizes();
  ASSERT_EQ(sizes.size(), 2u);
  EXPECT_EQ(sizes[1], 3);
  EXPECT_EQ(t.sym_numel(), 6);
  EXPECT_EQ(t.sym_size(0), 2);
  EXPECT_EQ(t.sym_strides()[0], 3);

  // Contiguous: a borrow (no reference taken); otherwise an owned copy.
  {
    c10::MaybeOwned<at::Tensor> same = t.expect_contiguous();
    EXPECT_TRUE(same->is_same(t));
    EXPECT_EQ(t.use_count(), 3u); // t, base and back: the borrow takes none
  }
  at::Tensor transposed = t.t();
  c10::MaybeOwned<at::Tensor> made = transposed.expect_contiguous();
  EXPECT_FALSE(made->is_same(transposed));
  EXPECT_TRUE(made->is_contiguous());
  EXPECT_TRUE(made->equal(transposed));
  EXPECT_THROW(at::Tensor().const_data_ptr(), c10::Error);

  IValue fromBase(base);
  ASSERT_TRUE(fromBase.isTensor());
  EXPECT_TRUE(fromBase.toTensor().is_same(t));
}

} // namespace
