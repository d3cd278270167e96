// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <torch/csrc/jit/frontend/function_schema_parser.h>

#include "dispatch_test_util.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using c10::SchemaType;
using Kind = SchemaType::Kind;
using torch::jit::parseSchema;

// The default of `a`, or a failure (and None) if it has none.
const c10::IValue& defaultOf(const c10::Argument& a) {
  static const c10::IValue none;
  const c10::optional<c10::IValue>& d = a.default_value();
  if (!d.has_value()) {
    ADD_FAILURE() << "argument '" << a.name() << "' has no default";
    return none;
  }
  return *d;
}

TEST(SchemaParserTest, AddWithDefaultAlpha) {
  const c10::FunctionSchema s = parseSchema("myops::add(Tensor self, Tensor other, Scalar alpha=1) -> Tensor");
  EXPECT_EQ(s.name(), "myops::add");
  EXPECT_EQ(s.overload_name(), "");
  ASSERT_EQ(s.arguments().size(), 3u);
  EXPECT_EQ(s.arguments()[0].name(), "self");
  EXPECT_EQ(s.arguments()[0].type().kind(), Kind::Tensor);
  EXPECT_EQ(s.arguments()[2].type().kind(), Kind::Scalar);
  ASSERT_TRUE(s.arguments()[2].default_value().has_value());
  EXPECT_TRUE(defaultOf(s.arguments()[2]).isInt());
  EXPECT_EQ(defaultOf(s.arguments()[2]).toInt(), 1);
  EXPECT_FALSE(s.arguments()[0].default_value().has_value());
  ASSERT_EQ(s.returns().size(), 1u);
  EXPECT_EQ(s.returns()[0].type().kind(), Kind::Tensor);
  EXPECT_EQ(s.str(), "myops::add(Tensor self, Tensor other, Scalar alpha=1) -> Tensor");
}

TEST(SchemaParserTest, AllTypesOptionalsAndLists) {
  const c10::FunctionSchema s = parseSchema(
      "ns::f.overload(Tensor? a, int b, float c, bool d, str e, int[] f, Tensor[] g, int[2] h, float[]? i, "
      "Tensor?[] j, ScalarType k, Device l, Any m) -> ()");
  EXPECT_EQ(s.overload_name(), "overload");
  const auto& a = s.arguments();
  ASSERT_EQ(a.size(), 13u);
  EXPECT_EQ(a[0].type(), SchemaType::optionalOf(SchemaType::of(Kind::Tensor)));
  EXPECT_EQ(a[1].type().kind(), Kind::Int);
  EXPECT_EQ(a[2].type().kind(), Kind::Float);
  EXPECT_EQ(a[3].type().kind(), Kind::Bool);
  EXPECT_EQ(a[4].type().kind(), Kind::Str);
  EXPECT_EQ(a[5].type(), SchemaType::listOf(SchemaType::of(Kind::Int)));
  EXPECT_EQ(a[6].type(), SchemaType::listOf(SchemaType::of(Kind::Tensor)));
  EXPECT_EQ(a[7].type().fixedSize(), c10::optional<int64_t>(2));
  EXPECT_EQ(a[8].type(), SchemaType::optionalOf(SchemaType::listOf(SchemaType::of(Kind::Float))));
  EXPECT_EQ(a[9].type(), SchemaType::listOf(SchemaType::optionalOf(SchemaType::of(Kind::Tensor))));
  EXPECT_EQ(a[10].type().kind(), Kind::ScalarType);
  EXPECT_EQ(a[11].type().kind(), Kind::Device);
  EXPECT_EQ(a[12].type().kind(), Kind::Any);
  EXPECT_TRUE(s.returns().empty());
  EXPECT_EQ(a[9].type().str(), "Tensor?[]");
  EXPECT_EQ(a[7].type().str(), "int[2]");
}

TEST(SchemaParserTest, Defaults) {
  const c10::FunctionSchema s = parseSchema(
      "ns::g(Tensor x, Tensor? w=None, int n=-3, float eps=1e-05, float one=1, bool flag=True, str mode='mean', "
      "int[] dims=[0, -1], int[2] stride=1, float[] fs=[], Scalar s=2.5, float big=-inf, str q=\"a'b\") -> Tensor");
  const auto& a = s.arguments();
  EXPECT_TRUE(defaultOf(a[1]).isNone());
  EXPECT_EQ(defaultOf(a[2]).toInt(), -3);
  EXPECT_DOUBLE_EQ(defaultOf(a[3]).toDouble(), 1e-05);
  ASSERT_TRUE(defaultOf(a[4]).isDouble()); // int literal for a float argument
  EXPECT_EQ(defaultOf(a[4]).toDouble(), 1.0);
  EXPECT_TRUE(defaultOf(a[5]).toBool());
  EXPECT_EQ(defaultOf(a[6]).toStringRef(), "mean");
  EXPECT_EQ(defaultOf(a[7]).toIntVector(), (std::vector<int64_t>{0, -1}));
  EXPECT_EQ(defaultOf(a[8]).toIntVector(), (std::vector<int64_t>{1, 1}));
  EXPECT_TRUE(defaultOf(a[9]).toListRef().empty());
  EXPECT_EQ(defaultOf(a[10]).toDouble(), 2.5);
  EXPECT_TRUE(std::isinf(defaultOf(a[11]).toDouble()));
  EXPECT_LT(defaultOf(a[11]).toDouble(), 0);
  EXPECT_EQ(defaultOf(a[12]).toStringRef(), "a'b");
}

TEST(SchemaParserTest, ReturnsAliasesKwargOnlyAndRoundTrip) {
  const c10::FunctionSchema s =
      parseSchema("ns::topk(Tensor self, int k, *, bool largest=True) -> (Tensor values, Tensor indices)");
  EXPECT_FALSE(s.arguments()[1].kwarg_only());
  EXPECT_TRUE(s.arguments()[2].kwarg_only());
  ASSERT_EQ(s.returns().size(), 2u);
  EXPECT_EQ(s.returns()[1].name(), "indices");
  const c10::FunctionSchema inplace = parseSchema("ns::add_(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  EXPECT_EQ(inplace.arguments()[0].alias(), "a!");
  EXPECT_TRUE(inplace.arguments()[0].is_write());
  EXPECT_EQ(inplace.returns()[0].alias(), "a!");
  const c10::FunctionSchema pair = parseSchema("ns::two(Tensor a) -> (Tensor, Tensor)");
  EXPECT_EQ(pair.returns().size(), 2u);
  for (const char* text : {
           "ns::topk(Tensor self, int k, *, bool largest=True) -> (Tensor values, Tensor indices)",
           "ns::add_(Tensor(a!) self, Tensor other) -> Tensor(a!)",
           "ns::two(Tensor a) -> (Tensor, Tensor)",
           "ns::none() -> ()",
           "ns::d(float eps=1e-05, float x=2., str m='it\\'s', int[2] s=[1, 1], Tensor? w=None) -> Tensor",
       }) {
    const c10::FunctionSchema first = parseSchema(text);
    const c10::FunctionSchema again = parseSchema(first.str());
    EXPECT_EQ(first, again) << text << " printed as " << first.str();
  }
}

TEST(SchemaParserTest, ParseName) {
  const c10::OperatorName n = torch::jit::parseName("myops::add.Tensor");
  EXPECT_EQ(n.name, "myops::add");
  EXPECT_EQ(n.overload_name, "Tensor");
  // No namespace: a library's def() adds its own, as in libtorch.
  EXPECT_EQ(torch::jit::parseName("add").name, "add");
  expectErrorWith([] { torch::jit::parseName("myops::add.default"); },
                  {"default is not a legal overload name for aten operators"});
}

// Each malformed schema names the column (1-based) and what was expected.
TEST(SchemaParserTest, ErrorsNameColumnAndExpectation) {
  struct Case {
    const char* schema;
    const char* column;
    const char* expected;
  };
  const Case cases[] = {
      {"myops::(Tensor a) -> Tensor", "column 8", "expected the operator name after '::'"},
      {"myops::add(Tensor self, 1) -> Tensor", "column 25", "expected a type"},
      {"myops::add(Tensor self, Tensr other) -> Tensor", "column 25", "but found 'Tensr'"},
      {"myops::add(Tensor self Tensor other) -> Tensor", "column 24", "expected ',' or ')'"},
      {"myops::add(Tensor self, Tensor other)", "column 38", "expected '->'"},
      {"myops::add(Tensor self) -> ", "column 28", "expected a type"},
      {"myops::add(Tensor self, Scalar alpha=) -> Tensor", "column 38", "expected a number"},
      {"myops::add(Tensor self, int n=1.5) -> Tensor", "column 31", "expected an integer"},
      {"myops::add(Tensor self, Tensor other=None) -> Tensor", "column 38", "Tensor?"},
      {"myops::add(Tensor self, bool b=1) -> Tensor", "column 32", "True or False"},
      {"myops::add(Tensor self, str s='abc) -> Tensor", "column 31", "closing quote"},
      {"myops::add(Tensor self, int[] d=[1, 2) -> Tensor", "column 38", "',' or ']'"},
      {"myops::add(Tensor self, int a=1, int b) -> Tensor", "column 38", "a default value for 'b'"},
      {"myops::add(Tensor self, Tensor self) -> Tensor", "column 32", "a new argument name"},
      {"myops::add(Tensor self) -> Tensor extra junk", "column 41", "the end of the schema"},
      {"myops::add(int(a) self) -> Tensor", "column 15", "alias annotations are for Tensor"},
      {"myops::add(Tensor self, int n=99999999999999999999) -> Tensor", "column 31", "range of int64"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.schema);
    expectErrorWith([&] { parseSchema(c.schema); }, {"schema parse error", c.column, c.expected, c.schema});
  }
}

TEST(SchemaParserTest, ErrorMessagePointsAtTheColumn) {
  try {
    parseSchema("myops::add(Tensor self, 1) -> Tensor");
    FAIL() << "expected a parse error";
  } catch (const c10::Error& e) {
    const std::string& m = e.msg();
    const size_t line = m.find("\n  myops::add");
    ASSERT_NE(line, std::string::npos) << m;
    const size_t caretLine = m.find('\n', line + 1);
    ASSERT_NE(caretLine, std::string::npos);
    // "  " + 24 spaces, then the caret under the '1' at column 25.
    EXPECT_EQ(m.substr(caretLine + 1), std::string(2 + 24, ' ') + "^");
  }
}

TEST(SchemaTypeTest, MatchesValues) {
  const SchemaType optTensor = SchemaType::optionalOf(SchemaType::of(Kind::Tensor));
  EXPECT_TRUE(optTensor.matches(c10::IValue()));
  EXPECT_TRUE(optTensor.matches(c10::IValue(at::Tensor())));
  EXPECT_FALSE(optTensor.matches(c10::IValue(1)));
  const SchemaType scalar = SchemaType::of(Kind::Scalar);
  EXPECT_TRUE(scalar.matches(c10::IValue(1)));
  EXPECT_TRUE(scalar.matches(c10::IValue(1.5)));
  EXPECT_TRUE(scalar.matches(c10::IValue(true)));
  EXPECT_FALSE(scalar.matches(c10::IValue("s")));
  const SchemaType ints = SchemaType::listOf(SchemaType::of(Kind::Int));
  EXPECT_TRUE(ints.matches(c10::IValue(std::vector<int64_t>{1, 2})));
  EXPECT_FALSE(ints.matches(c10::IValue(std::vector<double>{1.0})));
  EXPECT_FALSE(ints.matches(c10::IValue(1)));
  EXPECT_FALSE(SchemaType::of(Kind::Float).matches(c10::IValue(1))); // no implicit int -> float
}

} // namespace
