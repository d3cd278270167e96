// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// IValue's immediate kinds (None, Bool, Int, Double, Device) and its layout:
// boundaries of the inline/boxed integer ranges, exact double round-trips,
// the pointer check, copy/move/swap, identity and equality rules.
#include <ATen/core/ivalue.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <utility>
#include <vector>

namespace {

using c10::IValue;
namespace L = c10::ivalue_layout;

static_assert(sizeof(IValue) == 8, "8-byte IValue");

std::uint64_t doubleBits(double d) {
  std::uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  return bits;
}
double bitsDouble(std::uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}
std::string print(const IValue& v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

TEST(IValueScalarTest, NoneIsTheAllOnesWordAndTheDefault) {
  IValue v;
  EXPECT_TRUE(v.isNone());
  EXPECT_EQ(v.unsafeRawWord(), L::kNone);
  EXPECT_EQ(L::kNone, ~std::uint64_t{0});
  EXPECT_EQ(v.tagKind(), "None");
  EXPECT_EQ(v.toNone(), "None");
  EXPECT_FALSE(v.isInt() || v.isDouble() || v.isBool() || v.isTensor() || v.isString() ||
               v.isTuple() || v.isList() || v.isGenericDict() || v.isObject() || v.isDevice());
  EXPECT_EQ(v.use_count(), 1u);
  EXPECT_TRUE(IValue(c10::nullopt).isNone());
  EXPECT_EQ(print(v), "None");
}

TEST(IValueScalarTest, Bool) {
  IValue t(true), f(false);
  EXPECT_TRUE(t.isBool() && f.isBool());
  EXPECT_TRUE(t.toBool());
  EXPECT_FALSE(f.toBool());
  EXPECT_FALSE(t.isInt() || t.isNone() || t.isDouble());
  EXPECT_EQ(print(t), "True");
  EXPECT_EQ(print(f), "False");
  EXPECT_EQ(t.tagKind(), "Bool");
  EXPECT_THROW(IValue(1).toBool(), c10::Error);
  EXPECT_THROW(t.toInt(), c10::Error);
}

TEST(IValueScalarTest, IntBoundariesRoundTripInlineOrBoxed) {
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  struct Case {
    int64_t value;
    bool inlined;
  };
  const Case cases[] = {
      {0, true},
      {1, true},
      {-1, true},
      {L::kInlineIntMin, true},
      {L::kInlineIntMax, true},
      {L::kInlineIntMin - 1, false},
      {L::kInlineIntMax + 1, false},
      {kMin, false},
      {kMax, false},
      {kMin + 1, false},
      {kMax - 1, false},
      {int64_t{1} << 62, false},
      {-(int64_t{1} << 62), false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.value);
    IValue v(c.value);
    EXPECT_TRUE(v.isInt());
    EXPECT_FALSE(v.isDouble() || v.isNone() || v.isBool() || v.isTensor() || v.isTuple());
    EXPECT_EQ(v.toInt(), c.value);
    EXPECT_EQ(v.tagKind(), "Int");
    EXPECT_EQ(v.unsafeRawWord() - L::kIntBase < std::uint64_t{1} << 51, c.inlined);
    EXPECT_EQ(v.isPtrType(), false);
    EXPECT_EQ(v.use_count(), 1u);
    IValue copy(v);
    EXPECT_EQ(copy.toInt(), c.value);
    IValue moved(std::move(copy));
    EXPECT_TRUE(copy.isNone()); // NOLINT(bugprone-use-after-move): moved-from is None
    EXPECT_EQ(moved.toInt(), c.value);
    EXPECT_EQ(moved, v);
    EXPECT_TRUE(moved.is(v));
    EXPECT_TRUE(moved.isSameIdentity(v));
    EXPECT_EQ(print(v), std::to_string(c.value));
    EXPECT_EQ(v.to<int64_t>(), c.value);
  }
  EXPECT_NE(IValue(L::kInlineIntMax), IValue(L::kInlineIntMax + 1));
  EXPECT_EQ(IValue(int32_t{-7}).toInt(), -7);
}

TEST(IValueScalarTest, RandomIntsRoundTrip) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 20000; ++i) {
    const auto value = static_cast<int64_t>(rng()) >> (rng() % 64);
    ASSERT_EQ(IValue(value).toInt(), value);
  }
}

TEST(IValueScalarTest, DoubleSpecialValuesRoundTripBitExactly) {
  const double values[] = {
      0.0,
      -0.0,
      1.0,
      -1.5,
      std::numeric_limits<double>::denorm_min(),
      -std::numeric_limits<double>::denorm_min(),
      std::numeric_limits<double>::min(),
      bitsDouble(0x000FFFFFFFFFFFFFULL), // largest denormal
      std::numeric_limits<double>::max(),
      std::numeric_limits<double>::lowest(),
      std::numeric_limits<double>::infinity(),
      -std::numeric_limits<double>::infinity(),
      std::numeric_limits<double>::epsilon(),
  };
  for (double d : values) {
    SCOPED_TRACE(d);
    IValue v(d);
    EXPECT_TRUE(v.isDouble());
    EXPECT_FALSE(v.isInt() || v.isBool() || v.isNone() || v.isTensor() || v.isDevice());
    EXPECT_EQ(doubleBits(v.toDouble()), doubleBits(d));
    EXPECT_EQ(v.tagKind(), "Double");
  }
  EXPECT_TRUE(std::signbit(IValue(-0.0).toDouble()));
  EXPECT_EQ(IValue(-0.0), IValue(0.0));
}

TEST(IValueScalarTest, EveryNonNaNBitPatternRoundTrips) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200000; ++i) {
    std::uint64_t bits = rng();
    // Bias towards the exponent extremes, where the offset arithmetic wraps.
    if (i % 4 == 1) {
      bits |= 0x7FF0000000000000ULL;
    } else if (i % 4 == 2) {
      bits &= 0x800FFFFFFFFFFFFFULL;
    }
    const double d = bitsDouble(bits);
    if (std::isnan(d)) {
      continue;
    }
    IValue v(d);
    ASSERT_TRUE(v.isDouble()) << std::hex << bits;
    ASSERT_EQ(doubleBits(v.toDouble()), bits) << std::hex << bits;
  }
}

TEST(IValueScalarTest, NaNStaysNaNWhateverItsPayload) {
  const std::uint64_t nans[] = {
      0x7FF8000000000000ULL, 0xFFF8000000000000ULL, 0x7FF0000000000001ULL,
      0xFFFFFFFFFFFFFFFFULL, 0x7FFFFFFFFFFFFFFFULL, 0xFFF0000000000001ULL,
  };
  for (std::uint64_t bits : nans) {
    SCOPED_TRACE(bits);
    IValue v(bitsDouble(bits));
    EXPECT_TRUE(v.isDouble());
    EXPECT_FALSE(v.isInt());
    EXPECT_TRUE(std::isnan(v.toDouble()));
    EXPECT_NE(v, v); // NaN != NaN, as in libtorch
    EXPECT_FALSE(v.is(v));
    EXPECT_EQ(print(v), "nan");
  }
}

TEST(IValueScalarTest, DoublePrintingFollowsLibtorch) {
  EXPECT_EQ(print(IValue(1.0)), "1.");
  EXPECT_EQ(print(IValue(-0.0)), "0.");
  EXPECT_EQ(print(IValue(1.5)), "1.5");
  EXPECT_EQ(print(IValue(0.1)), "0.10000000000000001");
  EXPECT_EQ(print(IValue(1e20)), "1e+20");
  EXPECT_EQ(print(IValue(-9223372036854775808.0)), "-9223372036854775808.");
  EXPECT_EQ(print(IValue(std::numeric_limits<double>::infinity())), "inf");
  EXPECT_EQ(print(IValue(std::numeric_limits<double>::denorm_min())), "4.9406564584124654e-324");
}

TEST(IValueScalarTest, IntAndDoubleAreDifferentKinds) {
  EXPECT_NE(IValue(1), IValue(1.0));
  EXPECT_NE(IValue(1), IValue(true));
  EXPECT_THROW(IValue(1).toDouble(), c10::Error);
  EXPECT_THROW(IValue(1.0).toInt(), c10::Error);
  EXPECT_EQ(IValue(2.5).to<double>(), 2.5);
  EXPECT_EQ(IValue(2.5).to<float>(), 2.5f);
}

TEST(IValueScalarTest, Device) {
  IValue cpu{c10::Device(c10::kCPU)};
  IValue cpu0{c10::Device(c10::kCPU, 0)};
  EXPECT_TRUE(cpu.isDevice());
  EXPECT_FALSE(cpu.isInt() || cpu.isDouble() || cpu.isTensor() || cpu.isNone());
  EXPECT_EQ(cpu.toDevice(), c10::Device(c10::kCPU));
  EXPECT_EQ(cpu0.toDevice().index(), 0);
  EXPECT_EQ(cpu.toDevice().index(), -1);
  EXPECT_EQ(print(cpu), "cpu");
  EXPECT_EQ(print(cpu0), "cpu:0");
  EXPECT_EQ(cpu.tagKind(), "Device");
  EXPECT_NE(cpu, cpu0);
  EXPECT_TRUE(cpu.is(IValue(c10::Device(c10::kCPU))));
  EXPECT_FALSE(cpu.isSameIdentity(IValue(c10::Device(c10::kCPU)))); // libtorch: not a pointer
}

// Every kind answers only its own question, at the edges of its range:
// the kind tests read the top 16 bits (tensors and heap tags) or compare
// ranges, and none of them may claim a neighbour's word.
TEST(IValueScalarTest, KindsAreDisjointAtTheEdgesOfTheirRanges) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<std::pair<IValue, const char*>> values = {
      {IValue(), "None"},
      {IValue(true), "Bool"},
      {IValue(false), "Bool"},
      {IValue(L::kInlineIntMin), "Int"},
      {IValue(L::kInlineIntMax), "Int"},
      {IValue(int64_t{0}), "Int"},
      {IValue(int64_t{-1}), "Int"},
      {IValue(0.0), "Double"},
      {IValue(-0.0), "Double"},
      {IValue(inf), "Double"},
      {IValue(-inf), "Double"},
      {IValue(std::numeric_limits<double>::quiet_NaN()), "Double"},
      {IValue(std::numeric_limits<double>::denorm_min()), "Double"},
      {IValue(-std::numeric_limits<double>::max()), "Double"},
      {IValue(c10::Device(c10::kCPU)), "Device"},
      {IValue(c10::Device(c10::kCPU, 0)), "Device"},
      {IValue(c10::Device(c10::DeviceType::PrivateUse1)), "Device"},
      {IValue(c10::intrusive_ptr<c10::ivalue::ConstantString>()), "String"},
  };
  for (const auto& [v, kind] : values) {
    SCOPED_TRACE(kind);
    SCOPED_TRACE(v.unsafeRawWord());
    EXPECT_EQ(v.tagKind(), kind);
    const int claims = v.isNone() + v.isBool() + v.isInt() + v.isDouble() + v.isDevice() +
        v.isString() + v.isTensor() + v.isTuple() + v.isList() + v.isGenericDict() + v.isObject();
    EXPECT_EQ(claims, 1);
    EXPECT_GT(v.unsafeRawWord() >> L::kTagShift, L::kLastHeapTag); // never refcounted
    IValue copy(v); // copying and destroying an immediate touches no refcount
  }
  EXPECT_EQ(IValue(c10::Device(c10::DeviceType::PrivateUse1)).toDevice(),
            c10::Device(c10::DeviceType::PrivateUse1));
}

TEST(IValueScalarTest, ScalarTypeIsStoredAsInt) {
  IValue v{c10::ScalarType::Double};
  EXPECT_TRUE(v.isInt());
  EXPECT_EQ(v.toScalarType(), c10::ScalarType::Double);
  EXPECT_EQ(v.toInt(), 7);
}

TEST(IValueScalarTest, PointerCheckRejectsWhatTheEncodingCannotHold) {
  EXPECT_TRUE(IValue::isStorablePointer(0x1000));
  EXPECT_TRUE(IValue::isStorablePointer(0x00007FFFFFFFFFF8ULL));
  EXPECT_TRUE(IValue::isStorablePointer(0x0000FFFFFFFFFFF8ULL));
  EXPECT_FALSE(IValue::isStorablePointer(0));
  EXPECT_FALSE(IValue::isStorablePointer(0x0FF8)); // the immediate page
  EXPECT_FALSE(IValue::isStorablePointer(0x1004)); // misaligned
  EXPECT_FALSE(IValue::isStorablePointer(0x0001000000000000ULL)); // 2^48
  EXPECT_FALSE(IValue::isStorablePointer(0xFFFF800000000000ULL)); // kernel half
}

TEST(IValueScalarTest, AssignmentAndSwapAcrossKinds) {
  IValue a(1), b("text"), c(2.5);
  a = b;
  EXPECT_EQ(a.toStringRef(), "text");
  EXPECT_EQ(b.use_count(), 2u);
  a = std::move(c);
  EXPECT_TRUE(c.isNone()); // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(b.use_count(), 1u);
  a.swap(b);
  EXPECT_TRUE(a.isString());
  EXPECT_EQ(b.toDouble(), 2.5);
  IValue& self = a;
  a = self;
  a = std::move(self);
  EXPECT_EQ(a.toStringRef(), "text");
  EXPECT_EQ(a.use_count(), 1u);
}

TEST(IValueScalarTest, OptionalAndTo) {
  EXPECT_TRUE(IValue(c10::optional<int64_t>()).isNone());
  EXPECT_EQ(IValue(c10::optional<int64_t>(5)).toInt(), 5);
  EXPECT_EQ(IValue(5).toOptional<int64_t>(), c10::optional<int64_t>(5));
  EXPECT_FALSE(IValue().toOptional<int64_t>().has_value());
  EXPECT_EQ(IValue(true).to<bool>(), true);
  EXPECT_EQ(IValue(c10::Device(c10::kCPU)).to<c10::Device>(), c10::Device(c10::kCPU));
}

TEST(IValueScalarTest, HashFollowsEquality) {
  EXPECT_EQ(IValue::hash(IValue(3)), IValue::hash(IValue(3)));
  EXPECT_EQ(IValue::hash(IValue("ab")), IValue::hash(IValue(std::string("ab"))));
  EXPECT_EQ(IValue(int64_t{1} << 60).hash().toInt(), IValue(int64_t{1} << 60).hash().toInt());
  EXPECT_THROW(IValue::hash(IValue(c10::List<int64_t>({1}))), c10::Error);
}

} // namespace
