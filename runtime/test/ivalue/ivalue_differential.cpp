// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Differential test program: built once against libtorch 1.13 and once against
// the reference runtime (compare_outputs.cmake runs both and diffs the output,
// addresses masked). It generates a deterministic set of IValues -- boundary
// and random scalars, strings, typed lists, dicts, nested tuples -- and prints
// for each its kind, predicates, accessor results, printing, copy/move
// behaviour, and for pairs of them ==, is() and isSameIdentity().
#include <ATen/core/Dict.h>
#include <ATen/core/List.h>
#include <ATen/core/ivalue.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using c10::IValue;
using c10::ivalue::Tuple;

std::mt19937_64 rng(20240601);

std::uint64_t next(std::uint64_t bound) {
  return rng() % bound;
}

std::string randomString() {
  static const char kAlphabet[] = "abcxyz \"'\\\n\t01";
  std::string s;
  const auto length = next(12);
  for (std::uint64_t i = 0; i < length; ++i) {
    s += kAlphabet[next(sizeof(kAlphabet) - 1)];
  }
  return s;
}

int64_t randomInt() {
  switch (next(4)) {
    case 0:
      return static_cast<int64_t>(next(200)) - 100;
    case 1:
      return static_cast<int64_t>(rng());
    case 2: {
      // Around the runtime's inline/boxed edge, +-2^50.
      const int64_t edge = int64_t{1} << 50;
      const int64_t delta = static_cast<int64_t>(next(5)) - 2;
      return (next(2) != 0u ? edge : -edge) + delta;
    }
    default:
      return static_cast<int64_t>(rng()) >> next(63);
  }
}

double randomDouble() {
  if (next(3) == 0) {
    return static_cast<double>(static_cast<int64_t>(next(2000)) - 1000) / 8.0;
  }
  for (;;) {
    const std::uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isnan(d)) {
      return d;
    }
  }
}

IValue randomScalar() {
  switch (next(6)) {
    case 0:
      return IValue(randomInt());
    case 1:
      return IValue(randomDouble());
    case 2:
      return IValue(next(2) != 0u);
    case 3:
      return IValue(randomString());
    case 4:
      return IValue();
    default:
      return IValue(c10::Device(c10::kCPU));
  }
}

IValue randomContainer() {
  const auto n = next(5);
  switch (next(6)) {
    case 0: {
      c10::List<int64_t> list;
      for (std::uint64_t i = 0; i < n; ++i) {
        list.push_back(randomInt());
      }
      return IValue(list);
    }
    case 1: {
      c10::List<double> list;
      for (std::uint64_t i = 0; i < n; ++i) {
        list.push_back(randomDouble());
      }
      return IValue(list);
    }
    case 2: {
      c10::List<std::string> list;
      for (std::uint64_t i = 0; i < n; ++i) {
        list.push_back(randomString());
      }
      return IValue(list);
    }
    case 3: {
      c10::Dict<std::string, int64_t> dict;
      for (std::uint64_t i = 0; i < n; ++i) {
        dict.insert(randomString(), randomInt());
      }
      return IValue(dict);
    }
    case 4: {
      c10::Dict<int64_t, double> dict;
      for (std::uint64_t i = 0; i < n; ++i) {
        dict.insert(static_cast<int64_t>(next(6)), randomDouble());
      }
      return IValue(dict);
    }
    default: {
      c10::List<c10::List<int64_t>> nested;
      for (std::uint64_t i = 0; i < n; ++i) {
        nested.push_back(c10::List<int64_t>({randomInt(), static_cast<int64_t>(i)}));
      }
      return IValue(nested);
    }
  }
}

IValue randomValue(int depth) {
  const auto choice = next(depth > 0 ? 4 : 3);
  if (choice == 3) {
    std::vector<IValue> elements;
    const auto n = next(6);
    for (std::uint64_t i = 0; i < n; ++i) {
      elements.push_back(randomValue(depth - 1));
    }
    switch (n) {
      case 1:
        return IValue(Tuple::create(elements[0]));
      case 2:
        return IValue(Tuple::create(elements[0], elements[1]));
      case 3:
        return IValue(Tuple::create({elements[0], elements[1], elements[2]}));
      default:
        return IValue(Tuple::create(elements));
    }
  }
  return choice == 2 ? randomContainer() : randomScalar();
}

// The one permitted difference: the runtime keeps NaN a NaN but not its sign
// or payload, so libtorch's "-nan" is printed "nan" here.
std::string show(const IValue& v) {
  std::ostringstream out;
  out << v;
  std::string s = out.str();
  for (auto at = s.find("-nan"); at != std::string::npos; at = s.find("-nan", at)) {
    s.erase(at, 1);
  }
  return s;
}

std::string hexDouble(double d) {
  if (std::isnan(d)) {
    return "nan"; // the sign and payload of a NaN may be canonicalised
  }
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", d);
  return buffer;
}

// Runs `f` and prints its result, or "throws" for a c10::Error ("throws std"
// for another exception).
template <class F>
std::string attempt(F f) {
  try {
    return f();
  } catch (const c10::Error&) {
    return "throws";
  } catch (const std::exception&) {
    return "throws std";
  }
}

void describe(const IValue& v) {
  std::cout << v.tagKind() << " | " << show(v) << "\n";
  std::cout << "  is: None=" << v.isNone() << " Bool=" << v.isBool() << " Int=" << v.isInt()
            << " Double=" << v.isDouble() << " String=" << v.isString() << " Tuple=" << v.isTuple()
            << " List=" << v.isList() << " Dict=" << v.isGenericDict() << " Tensor=" << v.isTensor()
            << " Device=" << v.isDevice() << " Object=" << v.isObject() << " IntList=" << v.isIntList()
            << " DoubleList=" << v.isDoubleList() << " BoolList=" << v.isBoolList()
            << " TensorList=" << v.isTensorList() << " PtrType=" << v.isPtrType() << "\n";
  std::cout << "  toInt=" << attempt([&] { return std::to_string(v.toInt()); })
            << " toDouble=" << attempt([&] { return hexDouble(v.toDouble()); })
            << " toBool=" << attempt([&] { return std::to_string(v.toBool()); })
            << " toStringRef=" << attempt([&] { return "'" + v.toStringRef() + "'"; })
            << " toStringView=" << attempt([&] { return std::string(v.toStringView()); })
            << " toTupleRef=" << attempt([&] { return std::to_string(v.toTupleRef().elements().size()); })
            << " toListRef=" << attempt([&] { return std::to_string(v.toListRef().size()); })
            << " toGenericDict=" << attempt([&] { return std::to_string(v.toGenericDict().size()); })
            << " toDevice=" << attempt([&] { return show(IValue(v.toDevice())); })
            << " toTensor=" << attempt([&] { return std::to_string(v.toTensor().defined()); })
            << " toNone=" << attempt([&] { return v.toNone(); }) << "\n";
  std::cout << "  toIntVector=" << attempt([&] { return std::to_string(v.toIntVector().size()); })
            << " toDoubleVector=" << attempt([&] {
                 std::string s;
                 for (double d : v.toDoubleVector()) {
                   s += hexDouble(d) + ",";
                 }
                 return s;
               })
            << " toDimVector=" << attempt([&] { return std::to_string(v.toDimVector().size()); })
            << " toTensorVector=" << attempt([&] { return std::to_string(v.toTensorVector().size()); })
            << "\n";

  // Copy, move and the refcounts they leave.
  const size_t before = v.use_count();
  IValue copy = v;
  const size_t during = v.use_count();
  IValue moved = std::move(copy);
  std::cout << "  use_count " << before << " -> " << during << " -> " << v.use_count()
            << "; moved-from None=" << copy.isNone() // NOLINT(bugprone-use-after-move)
            << "; copy == original " << attempt([&] { return std::to_string(moved == v); })
            << " is " << moved.is(v) << " same " << moved.isSameIdentity(v) << "\n";
  if (v.isTuple()) {
    const auto& elements = v.toTupleRef().elements();
    std::vector<IValue> asVector = elements;
    IValue rebuilt(Tuple::create(elements.asArrayRef()));
    std::cout << "  tuple: size " << elements.size() << " vec " << asVector.size() << " rebuilt == "
              << attempt([&] { return std::to_string(rebuilt == v); }) << " printed " << show(rebuilt)
              << "\n";
  }
}

void compareAll(const std::vector<IValue>& values) {
  std::cout << "pairs (==, is, isSameIdentity; E = throws):\n";
  for (size_t i = 0; i < values.size(); ++i) {
    std::string row;
    for (size_t j = 0; j < values.size(); ++j) {
      row += attempt([&] { return std::string(values[i] == values[j] ? "1" : "0"); });
      row += values[i].is(values[j]) ? "1" : "0";
      row += values[i].isSameIdentity(values[j]) ? "1 " : "0 ";
    }
    std::cout << i << ": " << row << "\n";
  }
}

void dictOperations() {
  c10::Dict<std::string, int64_t> dict;
  for (int round = 0; round < 200; ++round) {
    const std::string key(1, static_cast<char>('a' + next(8)));
    switch (next(4)) {
      case 0:
        std::cout << "insert " << key << " " << dict.insert(key, round).second;
        break;
      case 1:
        std::cout << "insert_or_assign " << key << " " << dict.insert_or_assign(key, round).second;
        break;
      case 2:
        std::cout << "erase " << key << " " << dict.erase(key);
        break;
      default:
        std::cout << "at " << key << " " << attempt([&] { return std::to_string(dict.at(key)); });
        break;
    }
    std::cout << " -> " << show(IValue(dict)) << "\n";
  }
}

void listOperations() {
  c10::List<int64_t> list;
  for (int round = 0; round < 100; ++round) {
    switch (next(5)) {
      case 0:
      case 1:
        list.push_back(randomInt());
        break;
      case 2:
        if (!list.empty()) {
          list.pop_back();
        }
        break;
      case 3:
        if (!list.empty()) {
          list.set(next(list.size()), randomInt());
        }
        break;
      default:
        list.insert(list.begin(), round);
        break;
    }
    std::cout << "list " << show(IValue(list)) << "\n";
  }
}

} // namespace

int main() {
  std::vector<IValue> fixed = {
      IValue(),
      IValue(true),
      IValue(false),
      IValue(int64_t{0}),
      IValue(std::numeric_limits<int64_t>::min()),
      IValue(std::numeric_limits<int64_t>::max()),
      IValue((int64_t{1} << 50) - 1),
      IValue(int64_t{1} << 50),
      IValue(-(int64_t{1} << 50)),
      IValue(-(int64_t{1} << 50) - 1),
      IValue(0.0),
      IValue(-0.0),
      IValue(1.0),
      IValue(std::numeric_limits<double>::quiet_NaN()),
      IValue(-std::numeric_limits<double>::quiet_NaN()),
      IValue(std::numeric_limits<double>::infinity()),
      IValue(-std::numeric_limits<double>::infinity()),
      IValue(std::numeric_limits<double>::denorm_min()),
      IValue(-std::numeric_limits<double>::denorm_min()),
      IValue(std::numeric_limits<double>::max()),
      IValue(std::numeric_limits<double>::lowest()),
      IValue(1e20),
      IValue(-9223372036854775808.0),
      IValue(""),
      IValue("abc"),
      IValue(std::string("abc")),
      IValue(c10::Device(c10::kCPU)),
      IValue(c10::Device(c10::kCPU, 0)),
      IValue(at::Tensor()),
      IValue(Tuple::create(std::vector<IValue>{})),
      IValue(Tuple::create(IValue(1))),
      IValue(Tuple::create(IValue(1))),
      IValue(Tuple::create(IValue(std::numeric_limits<double>::quiet_NaN()))),
      IValue(c10::List<int64_t>()),
      IValue(c10::List<double>()),
      IValue(c10::List<int64_t>({1, 2})),
      IValue(c10::List<int64_t>({1, 2})),
      IValue(c10::List<double>({std::numeric_limits<double>::quiet_NaN()})),
      IValue(c10::Dict<std::string, int64_t>()),
      IValue(c10::Dict<int64_t, double>()),
  };
  fixed.push_back(fixed.back());
  fixed.push_back(fixed[fixed.size() - 9]);
  std::vector<IValue> generated;
  for (int i = 0; i < 400; ++i) {
    generated.push_back(randomValue(3));
  }
  for (const IValue& v : fixed) {
    describe(v);
  }
  for (const IValue& v : generated) {
    describe(v);
  }
  compareAll(fixed);
  std::vector<IValue> sample(generated.begin(), generated.begin() + 60);
  compareAll(sample);
  dictOperations();
  listOperations();
  std::cout << "done\n";
  return 0;
}
