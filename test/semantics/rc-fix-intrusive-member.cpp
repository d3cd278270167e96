// expect: fix — an intrusive_ptr member of a local config read through the copy only
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>
#include <string>
#include <vector>

struct Vocab : c10::intrusive_ptr_target {
  std::vector<std::string> words;
};

struct Config {
  c10::intrusive_ptr<Vocab> vocab;
  int64_t limit = 3;
};

static std::string first_words(const Config& cfg) {
  c10::intrusive_ptr<Vocab> v = cfg.vocab;
  std::string joined;
  for (size_t i = 0; i < v->words.size() && static_cast<int64_t>(i) < cfg.limit; ++i) {
    joined += v->words[i] + "|";
  }
  return joined;
}

int main() {
  Config cfg;
  cfg.vocab = c10::make_intrusive<Vocab>();
  cfg.vocab->words = {"alpha", "beta", "gamma", "delta"};
  std::cout << first_words(cfg) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
