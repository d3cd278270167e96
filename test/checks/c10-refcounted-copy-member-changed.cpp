// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// REQUIRES: c10-ivalue
//
// A copy out of a member that the same block changes afterwards (the element
// popped or overwritten, the handle reset) is what keeps the value alive: a
// reference would dangle or see the change, so nothing is reported. A member
// the block leaves alone is not reported either: the rest of the class is out
// of the check's sight, so the borrow is not proven.

#include <ATen/core/ivalue.h>
#include <memory>
#include <vector>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;
void use(const IValue &v);
void useTuple(const TuplePtr &t);

struct Reader {
  std::vector<IValue> stack_;
  TuplePtr pending_;

  void popped() {
    IValue top = stack_.back();
    stack_.pop_back();
    use(top);
  }

  void poppedThroughTuple() {
    IValue first = stack_.back().toTupleRef().elements().at(0);
    stack_.pop_back();
    use(first);
  }

  void overwritten() {
    IValue top = stack_.back();
    stack_.back() = IValue();
    use(top);
  }

  void reset() {
    TuplePtr t = pending_;
    pending_.reset();
    useTuple(t);
  }

  void untouched() {
    IValue top = stack_.back();
    // Silent: a member of '*this' is out of the analysis' sight; no proof, no advice.
    use(top);
  }
};

// The same through a pointer captured by a lambda.
struct Pending {
  TuplePtr tuple;
};
void settle(const std::shared_ptr<Pending> &state) {
  auto finish = [state] {
    TuplePtr t = state->tuple;
    state->tuple.reset();
    useTuple(t);
  };
  finish();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
