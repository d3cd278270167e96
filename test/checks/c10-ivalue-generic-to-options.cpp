// IValueClasses lets a fork name its own value class:
// RUN: %check_c10_tidy -check-suffix=FORK %s c10-ivalue-generic-to %t-fork \
// RUN:   -config-options="{IValueClasses: 'c10::IValue;::myfork::Value'}" -- -DFORK
// Without it the fork's class is not matched:
// RUN: %check_c10_tidy -check-suffix=DEFAULT %s c10-ivalue-generic-to %t-default -- -DFORK
//
// A malformed option is a configuration error (non-zero exit), not a crash:
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-ivalue-generic-to', \
// RUN:   CheckOptions: {c10-ivalue-generic-to.IValueClasses: 'c10::IValue;1fork::Value'}}" \
// RUN:   -- -DFORK 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: error: invalid value '1fork::Value' in option 'c10-ivalue-generic-to.IValueClasses': expected a ';'-separated list of qualified class names such as '::c10::IValue'; the check is disabled [clang-tidy-config]

#ifdef FORK
#include <cstdint>
#include <string>
#include <tuple>

namespace myfork {
struct Value {
  template <class T> T to() const;
};
} // namespace myfork

int64_t fork(const myfork::Value &utterance) {
  auto [rate, lang] = utterance.to<std::tuple<int64_t, std::string>>();
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:33: warning: 'to<std::tuple<int64_t, std::string>>()' makes a copy of every element that is only read
  return rate + static_cast<int64_t>(lang.size());
}
#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
