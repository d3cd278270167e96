// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Differential test program: built once against the reference runtime and
// once against libtorch 1.13 (C10TIDY_TEST_AGAINST_LIBTORCH); each build
// prints one record per (op, shape, dtype) case of a generated set and
// tensor_diff_compare checks that the two outputs agree.
//
// Record: "<tolerance> <case> | <dtype> <sizes> <strides> <offset> | values..."
//   tolerance E    every field must match exactly (integers, views, copies,
//                  element-wise float ops, which are correctly rounded in
//                  both implementations);
//   tolerance U<n> floating-point values within n units in the last place
//                  of the result's dtype -- for reductions and matmul, whose
//                  summation order differs (inputs are drawn from [0.5, 2),
//                  so no cancellation makes a relative bound meaningless),
//                  and for ops libtorch may fuse or rewrite (add with alpha
//                  may use FMA; division by a scalar may multiply by the
//                  reciprocal).
// A case whose op throws prints "<case> | error" on both sides; the messages
// are not compared.
//
// Inputs come from a fixed LCG, so both builds see the same values.

#include <ATen/ATen.h>
#if defined(C10TIDY_TEST_AGAINST_LIBTORCH)
#include <ATen/Parallel.h> // set_num_threads; the runtime declares it in ATen/ATen.h
#endif

#if defined(C10TIDY_TEST_AGAINST_LIBTORCH) && defined(C10TIDY_REFERENCE_RUNTIME)
#error "libtorch build picked up the reference runtime's headers"
#endif
#if !defined(C10TIDY_TEST_AGAINST_LIBTORCH) && !defined(C10TIDY_REFERENCE_RUNTIME)
#error "runtime build picked up libtorch's headers instead of runtime/include"
#endif

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {

using at::ScalarType;

uint64_t g_state = 0x2545F4914F6CDD1DULL;
uint32_t next_u32() {
  g_state = g_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return static_cast<uint32_t>(g_state >> 33);
}

const std::vector<ScalarType> kDtypes = {ScalarType::Float, ScalarType::Double, ScalarType::Long, ScalarType::Int,
                                         ScalarType::Char,  ScalarType::Byte,   ScalarType::Bool};

const char* dtype_name(ScalarType t) {
  switch (t) {
    case ScalarType::Float: return "Float";
    case ScalarType::Double: return "Double";
    case ScalarType::Long: return "Long";
    case ScalarType::Int: return "Int";
    case ScalarType::Short: return "Short";
    case ScalarType::Char: return "Char";
    case ScalarType::Byte: return "Byte";
    case ScalarType::Bool: return "Bool";
    default: return "?";
  }
}

bool is_float(ScalarType t) {
  return t == ScalarType::Float || t == ScalarType::Double;
}

// A contiguous tensor of `shape` with generated values: floats in [0.5, 2)
// with random low mantissa bits, integers in [-20, 20) ([0, 40) for Byte),
// bools at random.
at::Tensor gen(at::IntArrayRef shape, ScalarType dtype) {
  at::Tensor t = at::empty(shape, at::TensorOptions().dtype(dtype));
  const int64_t n = t.numel();
  for (int64_t i = 0; i < n; ++i) {
    const uint32_t r = next_u32();
    switch (dtype) {
      case ScalarType::Float: t.data_ptr<float>()[i] = 0.5f + 1.5f * static_cast<float>(r & 0xffffff) / 16777216.0f; break;
      case ScalarType::Double: t.data_ptr<double>()[i] = 0.5 + 1.5 * static_cast<double>(r) / 4294967296.0; break;
      case ScalarType::Long: t.data_ptr<int64_t>()[i] = static_cast<int64_t>(r % 40) - 20; break;
      case ScalarType::Int: t.data_ptr<int32_t>()[i] = static_cast<int32_t>(r % 40) - 20; break;
      case ScalarType::Char: t.data_ptr<int8_t>()[i] = static_cast<int8_t>(static_cast<int>(r % 40) - 20); break;
      case ScalarType::Byte: t.data_ptr<uint8_t>()[i] = static_cast<uint8_t>(r % 40); break;
      case ScalarType::Bool: t.data_ptr<bool>()[i] = (r & 1) != 0; break;
      default: break;
    }
  }
  return t;
}

std::string join(at::IntArrayRef a) {
  std::string s = "[";
  for (size_t i = 0; i < a.size(); ++i) s += (i ? "," : "") + std::to_string(a[i]);
  return s + "]";
}

void print_values(const at::Tensor& t) {
  at::Tensor c = t.contiguous();
  const int64_t n = c.numel();
  for (int64_t i = 0; i < n; ++i) {
    switch (c.scalar_type()) {
      case ScalarType::Float: std::printf(" %.9g", static_cast<double>(c.data_ptr<float>()[i])); break;
      case ScalarType::Double: std::printf(" %.17g", c.data_ptr<double>()[i]); break;
      case ScalarType::Long: std::printf(" %" PRId64, c.data_ptr<int64_t>()[i]); break;
      case ScalarType::Int: std::printf(" %d", c.data_ptr<int32_t>()[i]); break;
      case ScalarType::Short: std::printf(" %d", c.data_ptr<int16_t>()[i]); break;
      case ScalarType::Char: std::printf(" %d", c.data_ptr<int8_t>()[i]); break;
      case ScalarType::Byte: std::printf(" %d", c.data_ptr<uint8_t>()[i]); break;
      case ScalarType::Bool: std::printf(" %d", c.data_ptr<bool>()[i] ? 1 : 0); break;
      default: std::printf(" ?"); break;
    }
  }
}

// Runs `op` and prints its result. with_layout: also strides and offset
// (for views, where the layout is the point).
void record(const std::string& tol, const std::string& name, bool with_layout, const std::function<at::Tensor()>& op) {
  at::Tensor r;
  try {
    r = op();
  } catch (const std::exception&) {
    std::printf("E %s | error\n", name.c_str());
    return;
  }
  std::printf("%s %s | %s %s %s %s |", is_float(r.scalar_type()) ? tol.c_str() : "E", name.c_str(),
              dtype_name(r.scalar_type()), join(r.sizes()).c_str(), with_layout ? join(r.strides()).c_str() : "-",
              with_layout ? std::to_string(r.storage_offset()).c_str() : "-");
  print_values(r);
  std::printf("\n");
}

std::string case_name(const std::string& op, at::IntArrayRef shape, ScalarType t) {
  return op + join(shape) + dtype_name(t);
}

const std::vector<std::vector<int64_t>> kShapes = {
    {},        {1},          {5},          {0},          {3, 4},          {4, 1},          {1, 4},
    {33},      {7, 9},       {2, 3, 4},    {2, 0, 3},    {3, 1, 5},       {2, 3, 1, 4},    {2, 2, 2, 2, 2},
    {3, 2, 1, 2, 2, 3}};

// Shapes that broadcast with `shape`: some dims set to 1, some leading dims dropped.
std::vector<std::vector<int64_t>> broadcast_partners(const std::vector<int64_t>& shape) {
  std::vector<std::vector<int64_t>> out = {shape};
  if (!shape.empty()) {
    std::vector<int64_t> ones_first = shape;
    ones_first[0] = 1;
    out.push_back(ones_first);
    out.push_back(std::vector<int64_t>(shape.begin() + 1, shape.end())); // drop a leading dim
    std::vector<int64_t> last_one = shape;
    last_one.back() = 1;
    out.push_back(last_one);
  }
  out.push_back({}); // a 0-dim tensor
  return out;
}

void views(const std::vector<int64_t>& shape, ScalarType t) {
  at::Tensor a = gen(shape, t);
  const int64_t nd = static_cast<int64_t>(shape.size());
  for (int64_t d = -nd; d < nd; ++d) {
    const std::string ds = "@" + std::to_string(d);
    const int64_t size = a.size(d);
    record("E", case_name("transpose" + ds, shape, t), true, [&] { return a.transpose(d, 0); });
    record("E", case_name("select" + ds, shape, t), true, [&] { return a.select(d, size / 2); });
    record("E", case_name("select_neg" + ds, shape, t), true, [&] { return a.select(d, -1); });
    record("E", case_name("slice" + ds, shape, t), true, [&] { return a.slice(d, 1, size, 2); });
    record("E", case_name("slice_neg" + ds, shape, t), true, [&] { return a.slice(d, -2); });
    record("E", case_name("narrow" + ds, shape, t), true, [&] { return a.narrow(d, size / 3, size / 2); });
    record("E", case_name("squeeze" + ds, shape, t), true, [&] { return a.squeeze(d); });
    record("E", case_name("unsqueeze" + ds, shape, t), true, [&] { return a.unsqueeze(d); });
    record("E", case_name("transpose_view" + ds, shape, t), true, [&] { return a.transpose(d, -1).view({-1}); });
    record("E", case_name("transpose_reshape" + ds, shape, t), false,
           [&] { return a.transpose(d, -1).reshape({-1}); });
  }
  record("E", case_name("unsqueeze_end", shape, t), true, [&] { return a.unsqueeze(nd); });
  record("E", case_name("squeeze_all", shape, t), true, [&] { return a.squeeze(); });
  std::vector<int64_t> rev;
  for (int64_t d = nd - 1; d >= 0; --d) rev.push_back(d);
  record("E", case_name("permute", shape, t), true, [&] { return a.permute(rev); });
  record("E", case_name("permute_contiguous", shape, t), true, [&] { return a.permute(rev).contiguous(); });
  record("E", case_name("permute_clone", shape, t), true, [&] { return a.permute(rev).clone(); });
  record("E", case_name("view_flat", shape, t), true, [&] { return a.view({-1}); });
  if (t == ScalarType::Float) record("E", case_name("view_bad", shape, t), true, [&] { return a.view({7, -1}); });
  record("E", case_name("reshape_2", shape, t), true, [&] { return a.reshape({-1, 1}); });
  if (shape.size() <= 3) record("E", case_name("t", shape, t), true, [&] { return a.t(); });
  std::vector<int64_t> expanded = shape;
  for (auto& s : expanded) {
    if (s == 1) s = 3;
  }
  expanded.insert(expanded.begin(), 2);
  record("E", case_name("expand", shape, t), true, [&] { return a.expand(expanded); });
  if (t == ScalarType::Float) record("E", case_name("expand_bad", shape, t), true, [&] { return a.expand({4}); });
  record("E", case_name("expand_contiguous", shape, t), true, [&] { return a.expand(expanded).contiguous(); });
}

void conversions(const std::vector<int64_t>& shape, ScalarType t) {
  at::Tensor a = gen(shape, t);
  for (ScalarType to : kDtypes) {
    record("E", case_name(std::string("to_") + dtype_name(to), shape, t), false, [&] { return a.to(to); });
    record("E", case_name(std::string("copy_T_") + dtype_name(to), shape, t), false, [&] {
      std::vector<int64_t> rev(shape.rbegin(), shape.rend());
      at::Tensor dst = at::zeros(rev, at::TensorOptions().dtype(to));
      std::vector<int64_t> perm;
      for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) perm.push_back(d);
      dst.permute(perm).copy_(a); // into a non-contiguous destination
      return dst;
    });
  }
  record("E", case_name("fill_3", shape, t), false, [&] { return a.clone().fill_(3); });
  record("E", case_name("zero_", shape, t), false, [&] { return a.clone().zero_(); });
}

bool is_bool(ScalarType t) {
  return t == ScalarType::Bool;
}

// Ops that fail for whole classes of inputs (in-place into a type the result
// cannot be cast to, bool subtraction, t() of 3+ dims) run on fewer partner
// shapes: libtorch 1.13 captures a backtrace for every c10::Error, a few
// milliseconds each, and thousands of them would dominate the test's time.
// Each failing class is still covered.
void arithmetic(const std::vector<int64_t>& shape, ScalarType t, ScalarType t2) {
  at::Tensor a = gen(shape, t);
  const auto partners = broadcast_partners(shape);
  for (size_t p = 0; p < partners.size(); ++p) {
    const auto& bshape = partners[p];
    const bool all_cases = p == 0 || p + 1 == partners.size(); // same shape, and 0-dim
    at::Tensor b = gen(bshape, t2);
    const std::string sfx = std::string("/") + join(bshape) + dtype_name(t2);
    record("E", case_name("add" + sfx, shape, t), false, [&] { return a + b; });
    record("E", case_name("radd" + sfx, shape, t), false, [&] { return b + a; });
    if (all_cases || !(is_bool(t) || is_bool(t2))) {
      record("E", case_name("sub" + sfx, shape, t), false, [&] { return a - b; });
    }
    record("E", case_name("mul" + sfx, shape, t), false, [&] { return a * b; });
    record("E", case_name("div" + sfx, shape, t), false, [&] { return a / b; });
    record("U2", case_name("add_alpha2" + sfx, shape, t), false, [&] { return a.add(b, 2); });
    if (all_cases) {
      record("E", case_name("add_" + sfx, shape, t), false, [&] { return a.clone().add_(b); });
      record("E", case_name("mul_" + sfx, shape, t), false, [&] { return a.clone().mul_(b); });
      record("E", case_name("sub_" + sfx, shape, t), false, [&] { return a.clone().sub_(b); });
      record("E", case_name("div_" + sfx, shape, t), false, [&] { return a.clone().div_(b); });
    }
    if (shape.size() <= 2 && bshape.size() <= 2) {
      record("E", case_name("add_T" + sfx, shape, t), false, [&] { return a.t().add(b.t()); });
    }
  }
  record("E", case_name("add_s3", shape, t), false, [&] { return a.add(3); });
  record("E", case_name("mul_s2.5", shape, t), false, [&] { return a.mul(2.5); });
  record("U2", case_name("div_s2", shape, t), false, [&] { return a.div(2); });
  record("U2", case_name("div_s3", shape, t), false, [&] { return a.div(3); });
  if (t2 == t) { // once per dtype: these do not depend on t2
    record("E", case_name("sub_s1", shape, t), false, [&] { return a.sub(1); });
    record("E", case_name("mul_s_", shape, t), false, [&] { return a.clone().mul_(2); });
    record("E", case_name("add_s_f", shape, t), false, [&] { return a.clone().add_(0.5); });
  }
}

void reductions(const std::vector<int64_t>& shape, ScalarType t) {
  at::Tensor a = gen(shape, t);
  record("U16", case_name("sum", shape, t), false, [&] { return a.sum(); });
  record("U16", case_name("mean", shape, t), false, [&] { return a.mean(); });
  if (shape.size() <= 2) record("U16", case_name("sum_T", shape, t), false, [&] { return a.t().sum(); });
  const int64_t nd = static_cast<int64_t>(shape.size());
  for (int64_t d = -nd; d < nd; ++d) {
    const std::string ds = "@" + std::to_string(d);
    record("U16", case_name("sum" + ds, shape, t), false, [&] { return a.sum(at::IntArrayRef{d}); });
    record("U16", case_name("sum_keep" + ds, shape, t), false, [&] { return a.sum(at::IntArrayRef{d}, true); });
    if (is_float(t) || d == 0) { // mean of an integral tensor fails: once per shape is enough
      record("U16", case_name("mean" + ds, shape, t), false, [&] { return a.mean(at::IntArrayRef{d}); });
      record("U16", case_name("mean_keep" + ds, shape, t), false, [&] { return a.mean(at::IntArrayRef{d}, true); });
    }
  }
  if (nd >= 2) {
    record("U16", case_name("sum01", shape, t), false, [&] { return a.sum(at::IntArrayRef{0, 1}); });
    if (t == ScalarType::Float) {
      record("U16", case_name("sum_dup", shape, t), false, [&] { return a.sum(at::IntArrayRef{0, 0}); });
    }
  }
}

void matmuls() {
  const std::vector<std::vector<int64_t>> dims = {{1, 1, 1}, {2, 3, 4}, {5, 1, 3}, {7, 16, 9}, {0, 3, 2},
                                                  {3, 0, 2}, {16, 33, 8}};
  for (ScalarType t : {ScalarType::Float, ScalarType::Double}) {
    for (const auto& d : dims) {
      at::Tensor a = gen({d[0], d[1]}, t);
      at::Tensor b = gen({d[1], d[2]}, t);
      const std::string name = case_name("matmul", {d[0], d[1], d[2]}, t);
      record("U16", name, false, [&] { return a.matmul(b); });
      record("U16", name + "_T", false, [&] { return b.t().matmul(a.t()); });
      record("E", name + "_bad", false, [&] { return a.matmul(a); });
    }
  }
}

} // namespace

int main() {
  at::set_num_threads(1);
  for (const auto& shape : kShapes) {
    for (ScalarType t : kDtypes) {
      views(shape, t);
      conversions(shape, t);
      reductions(shape, t);
    }
  }
  // Every ordered dtype pair on a few shapes, all dtypes on the rest.
  for (const auto& shape : kShapes) {
    if (shape.size() <= 2) {
      for (ScalarType t : kDtypes) {
        for (ScalarType t2 : kDtypes) arithmetic(shape, t, t2);
      }
    } else {
      for (size_t i = 0; i < kDtypes.size(); ++i) arithmetic(shape, kDtypes[i], kDtypes[(i + 3) % kDtypes.size()]);
    }
  }
  matmuls();
  return 0;
}
