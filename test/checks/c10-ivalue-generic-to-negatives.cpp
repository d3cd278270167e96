// RUN: %check_c10_tidy %s c10-ivalue-generic-to %t
// REQUIRES: c10-ivalue
//
// Conversions that are cheap, needed, or another check's: nothing is
// reported and the file stays unchanged.

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

using c10::IValue;

struct Config {
  std::tuple<int64_t, std::string> meta;
  c10::optional<at::Tensor> bias;
};
void consume(std::tuple<int64_t, std::string>);
void keep(c10::List<int64_t>);
IValue make();

// Accessors in disguise: a value or a reference, nothing to save.
int64_t accessors(const IValue &v) {
  int64_t n = v.to<int64_t>() + v.to<at::Tensor>().dim();
  n += static_cast<int64_t>(v.to<std::string>().size());
  n += v.to<c10::optional<int64_t>>().value_or(0); // an int: copied for free
  n += v.to<c10::optional<double>>().has_value();
  return n;
}

// std::vector is c10-ivalue-vector-copy's; c10::Dict has no borrowing form.
std::size_t otherChecks(const IValue &v, const IValue &d) {
  return v.to<std::vector<int64_t>>().size() + d.to<c10::Dict<std::string, int64_t>>().size();
}

// Rvalue receivers: the conversion consumes the IValue.
std::size_t rvalues(IValue v) {
  std::size_t n = std::get<1>(make().to<std::tuple<int64_t, std::string>>()).size();
  return n + std::get<1>(std::move(v).to<std::tuple<int64_t, std::string>>()).size();
}

// Results the code needs: returned, stored, passed on, modified, moved.
std::tuple<int64_t, std::string> returned(const IValue &v) {
  return v.to<std::tuple<int64_t, std::string>>();
}
std::tuple<int64_t, std::string> returnedLocal(const IValue &v) {
  auto t = v.to<std::tuple<int64_t, std::string>>();
  return t;
}
std::string returnedBinding(const IValue &v) {
  auto [id, name] = v.to<std::tuple<int64_t, std::string>>();
  return name;
}
Config stored(const IValue &meta, const IValue &bias) {
  Config c;
  c.meta = meta.to<std::tuple<int64_t, std::string>>();
  c.bias = bias.to<c10::optional<at::Tensor>>();
  return c;
}
void passedOn(const IValue &v) {
  consume(v.to<std::tuple<int64_t, std::string>>());
  auto dims = v.to<c10::List<int64_t>>();
  keep(dims);
}
int64_t modified(const IValue &v) {
  auto ids = v.to<std::unordered_map<std::string, int64_t>>();
  ids["<pad>"] = 0;
  auto lookup = v.to<std::unordered_map<std::string, int64_t>>();
  int64_t unk = lookup["<unk>"]; // operator[] inserts a missing key
  auto [id, name] = v.to<std::tuple<int64_t, std::string>>();
  name += "!";
  auto moved = v.to<c10::optional<at::Tensor>>();
  at::Tensor t = std::move(*moved);
  return ids.size() + unk + id + static_cast<int64_t>(name.size()) + t.dim();
}

// Borrowing already.
int64_t borrowing(const IValue &v) {
  const auto &elements = v.toTupleRef().elements();
  return elements[0].toInt() + static_cast<int64_t>(v.toListRef().size());
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
