// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// libFuzzer target: random IValue trees (ints across the inline/boxed edge,
// arbitrary double bit patterns, strings, tuples, generic lists and dicts,
// tensors from a small pool) in a few slots and a stack, copied, moved,
// swapped, pushed, popped, moved out of (toX() &&), mutated through shared
// list handles and destroyed -- each step checked against a plain model.
//
// The model mirrors what an IValue means, not how it is stored: a value tree
// whose lists are shared_ptrs, so that aliasing (two IValues holding one
// c10::List) is modelled too. After every step each slot must match its model
// exactly, lists shared in the model must be the same object (`is`), and each
// pool tensor's use_count must be 1 + the number of slots and distinct
// containers holding it. ASan/UBSan catch double frees and leaks the model cannot see.

#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using c10::IValue;

struct Model;
using ModelList = std::shared_ptr<std::vector<Model>>;

struct Model {
  enum Kind { None, Bool, Int, Double, String, Tensor, Tuple, List, Dict } kind = None;
  int64_t i = 0; // Int; Bool; tensor pool index (-1: undefined)
  double d = 0;
  std::string s;
  std::vector<Model> elements;                // Tuple; Dict keys and values interleaved
  ModelList list;                             // List (shared, like the ListImpl)
};

constexpr int kSlots = 6;
constexpr int kPool = 3;

struct Input {
  const uint8_t* data;
  size_t size;
  uint8_t byte() {
    if (size == 0) {
      return 0;
    }
    --size;
    return *data++;
  }
  uint64_t word() {
    uint64_t w = 0;
    for (int k = 0; k < 8; ++k) {
      w = (w << 8) | byte();
    }
    return w;
  }
};

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "ivalue model mismatch: %s\n", what);
  std::abort();
}

std::array<at::Tensor, kPool>& pool() {
  static std::array<at::Tensor, kPool> tensors = {at::zeros({1}), at::zeros({2}), at::ones({3})};
  return tensors;
}

int64_t makeInt(Input& in) {
  switch (in.byte() % 4) {
    case 0:
      return static_cast<int8_t>(in.byte());
    case 1: {
      const int64_t edge = int64_t{1} << 50;
      return (in.byte() & 1 ? edge : -edge) + static_cast<int8_t>(in.byte()) % 3;
    }
    default:
      return static_cast<int64_t>(in.word());
  }
}

// Builds a value and its model side by side from the input.
std::pair<IValue, Model> make(Input& in, int depth) {
  Model m;
  const int choice = in.byte() % (depth > 0 ? 9 : 6);
  switch (choice) {
    case 0:
      return {IValue(), m};
    case 1:
      m.kind = Model::Bool;
      m.i = in.byte() & 1;
      return {IValue(m.i != 0), m};
    case 2:
      m.kind = Model::Int;
      m.i = makeInt(in);
      return {IValue(m.i), m};
    case 3: {
      m.kind = Model::Double;
      const uint64_t bits = in.word();
      std::memcpy(&m.d, &bits, sizeof m.d);
      return {IValue(m.d), m};
    }
    case 4: {
      m.kind = Model::String;
      const int n = in.byte() % 24;
      for (int k = 0; k < n; ++k) {
        m.s += static_cast<char>(in.byte());
      }
      return {IValue(m.s), m};
    }
    case 5: {
      m.kind = Model::Tensor;
      m.i = static_cast<int>(in.byte() % (kPool + 1)) - 1;
      return {IValue(m.i < 0 ? at::Tensor() : pool()[m.i]), m};
    }
    case 6: {
      m.kind = Model::Tuple;
      const int n = in.byte() % 6;
      std::vector<IValue> values;
      for (int k = 0; k < n; ++k) {
        auto element = make(in, depth - 1);
        values.push_back(std::move(element.first));
        m.elements.push_back(std::move(element.second));
      }
      auto tuple = n == 2 ? c10::ivalue::Tuple::create(values[0], values[1])
                          : c10::ivalue::Tuple::create(std::move(values));
      return {IValue(std::move(tuple)), m};
    }
    case 7: {
      m.kind = Model::List;
      m.list = std::make_shared<std::vector<Model>>();
      c10::List<IValue> list;
      const int n = in.byte() % 5;
      for (int k = 0; k < n; ++k) {
        auto element = make(in, depth - 1);
        list.push_back(std::move(element.first));
        m.list->push_back(std::move(element.second));
      }
      return {IValue(list), m};
    }
    default: {
      m.kind = Model::Dict;
      c10::Dict<IValue, IValue> dict;
      const int n = in.byte() % 5;
      for (int k = 0; k < n; ++k) {
        Model key;
        key.kind = Model::Int;
        key.i = in.byte() % 4;
        auto value = make(in, depth - 1);
        if (dict.insert(IValue(key.i), std::move(value.first)).second) {
          m.elements.push_back(key);
          m.elements.push_back(std::move(value.second));
        }
      }
      return {IValue(dict), m};
    }
  }
}

void check(const IValue& v, const Model& m) {
  switch (m.kind) {
    case Model::None:
      if (!v.isNone() || v.unsafeRawWord() != c10::ivalue_layout::kNone) fail("None");
      return;
    case Model::Bool:
      if (!v.isBool() || v.toBool() != (m.i != 0) || v.isInt()) fail("Bool");
      return;
    case Model::Int:
      if (!v.isInt() || v.toInt() != m.i || v.isDouble() || v.isPtrType()) fail("Int");
      return;
    case Model::Double: {
      if (!v.isDouble() || v.isInt()) fail("Double kind");
      const double got = v.toDouble();
      if (std::isnan(m.d) ? !std::isnan(got) : std::memcmp(&got, &m.d, sizeof got) != 0) fail("Double bits");
      return;
    }
    case Model::String:
      if (!v.isString() || v.toStringRef() != m.s) fail("String");
      return;
    case Model::Tensor:
      if (!v.isTensor()) fail("Tensor kind");
      if (m.i < 0 ? v.toTensor().defined() : !v.toTensor().is_same(pool()[m.i])) fail("Tensor identity");
      return;
    case Model::Tuple: {
      if (!v.isTuple()) fail("Tuple kind");
      const auto& elements = v.toTupleRef().elements();
      if (elements.size() != m.elements.size()) fail("Tuple size");
      for (size_t k = 0; k < elements.size(); ++k) check(elements[k], m.elements[k]);
      return;
    }
    case Model::List: {
      if (!v.isList()) fail("List kind");
      const auto list = v.toListRef();
      if (list.size() != m.list->size()) fail("List size");
      for (size_t k = 0; k < list.size(); ++k) check(list[k], (*m.list)[k]);
      return;
    }
    case Model::Dict: {
      if (!v.isGenericDict()) fail("Dict kind");
      const auto dict = v.toGenericDict();
      if (dict.size() * 2 != m.elements.size()) fail("Dict size");
      size_t k = 0;
      for (const auto& entry : dict) {
        check(entry.key(), m.elements[k]);
        check(entry.value(), m.elements[k + 1]);
        k += 2;
      }
      return;
    }
  }
}

// References to pool tensors held by the IValues, counting each heap
// container once however many IValues share it (copying a Tuple, List or Dict
// IValue shares the object, so a tensor inside is still held once).
void countTensorRefs(const IValue& v, std::array<size_t, kPool>& counts, std::set<const void*>& seen) {
  if (v.isTensor()) {
    for (int t = 0; t < kPool; ++t) {
      counts[t] += v.toTensor().is_same(pool()[t]) ? 1 : 0;
    }
  } else if (v.isTuple()) {
    if (seen.insert(&v.toTupleRef()).second) {
      for (const IValue& e : v.toTupleRef().elements()) countTensorRefs(e, counts, seen);
    }
  } else if (v.isList()) {
    const auto list = v.toListRef();
    if (!list.empty() && seen.insert(list.data()).second) {
      for (const IValue& e : list) countTensorRefs(e, counts, seen);
    }
  } else if (v.isGenericDict()) {
    const auto dict = v.toGenericDict();
    if (!dict.empty() && seen.insert(&(*dict.begin()).key()).second) {
      for (const auto& entry : dict) {
        countTensorRefs(entry.key(), counts, seen);
        countTensorRefs(entry.value(), counts, seen);
      }
    }
  }
}

struct World {
  std::array<IValue, kSlots> values;
  std::array<Model, kSlots> models;
  std::vector<IValue> stack;
  std::vector<Model> stackModels;

  void checkAll() {
    std::array<size_t, kPool> counts{};
    std::set<const void*> seen;
    for (int k = 0; k < kSlots; ++k) {
      check(values[k], models[k]);
      countTensorRefs(values[k], counts, seen);
      for (int j = 0; j < kSlots; ++j) {
        if (models[k].kind == Model::List && models[j].kind == Model::List &&
            (models[k].list == models[j].list) != values[k].is(values[j])) {
          fail("list aliasing");
        }
      }
    }
    for (size_t k = 0; k < stack.size(); ++k) {
      check(stack[k], stackModels[k]);
      countTensorRefs(stack[k], counts, seen);
    }
    for (int t = 0; t < kPool; ++t) {
      if (pool()[t].use_count() != 1 + counts[t]) fail("tensor use_count");
    }
  }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Input in{data, size};
  {
    World w;
    for (int step = 0; step < 64 && in.size > 0; ++step) {
      const int op = in.byte() % 10;
      const int a = in.byte() % kSlots;
      const int b = in.byte() % kSlots;
      switch (op) {
        case 0: {
          auto made = make(in, 3);
          w.values[a] = std::move(made.first);
          w.models[a] = std::move(made.second);
          break;
        }
        case 1:
          w.values[b] = w.values[a];
          w.models[b] = w.models[a];
          break;
        case 2:
          w.values[b] = std::move(w.values[a]); // a == b: self-move keeps the value
          if (a != b) {
            w.models[b] = std::move(w.models[a]);
            w.models[a] = Model();
          }
          break;
        case 3:
          w.values[a].swap(w.values[b]);
          std::swap(w.models[a], w.models[b]);
          break;
        case 4:
          w.stack.push_back(w.values[a]);
          w.stackModels.push_back(w.models[a]);
          break;
        case 5:
          if (!w.stack.empty()) {
            w.values[a] = std::move(w.stack.back());
            w.models[a] = std::move(w.stackModels.back());
            w.stack.pop_back();
            w.stackModels.pop_back();
          }
          break;
        case 6: {
          // Move out through the && accessor and back in.
          IValue& v = w.values[a];
          const auto before = v.unsafeRawWord();
          if (v.isTuple()) {
            auto t = std::move(v).toTuple();
            if (!v.isNone()) fail("toTuple() && left a value");
            v = IValue(std::move(t));
          } else if (v.isString()) {
            auto s = std::move(v).toString();
            v = IValue(std::move(s));
          } else if (v.isList()) {
            auto l = std::move(v).toList();
            v = IValue(std::move(l));
          } else if (v.isTensor()) {
            auto t = std::move(v).toTensor();
            v = IValue(std::move(t));
          } else if (v.isGenericDict()) {
            auto d = std::move(v).toGenericDict();
            v = IValue(std::move(d));
          }
          if (v.unsafeRawWord() != before) fail("moved-out value came back different");
          break;
        }
        case 7:
          // Mutate a list through a handle: every alias sees it.
          if (w.values[a].isList()) {
            auto made = make(in, 1);
            w.values[a].toList().push_back(std::move(made.first));
            w.models[a].list->push_back(std::move(made.second));
          }
          break;
        case 8:
          w.values[a] = IValue();
          w.models[a] = Model();
          break;
        default: {
          // Copy through a MaybeOwned borrow and print; neither may disturb counts.
          auto borrowed = c10::MaybeOwned<IValue>::borrowed(w.values[a]);
          std::ostringstream sink;
          sink << *borrowed;
          w.values[b] = *borrowed;
          w.models[b] = w.models[a];
          break;
        }
      }
      w.checkAll();
    }
  }
  for (const auto& t : pool()) {
    if (t.use_count() != 1) fail("tensor reference leaked or lost");
  }
  return 0;
}
