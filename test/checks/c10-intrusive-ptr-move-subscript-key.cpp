// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue
//
// A handle used as the key of a map subscript at its last use. The subscript
// copies the key only when it inserts a new entry; for a key that is already
// there it looks up by reference and copies nothing, so "copied at its last
// use" is not something the check can claim. Other sinks in the same
// function are still reported.

#include <ATen/core/ivalue.h>
#include <map>
#include <unordered_map>
#include <vector>

using c10::IValue;
using ObjectPtr = c10::intrusive_ptr<c10::ivalue::Object>;

struct Cache {
  std::unordered_map<ObjectPtr, ObjectPtr> weakCopies;
  std::map<c10::intrusive_ptr<c10::ivalue::Tuple>, int> counts;
};

// The key was inserted just before: the last subscript finds it.
ObjectPtr lookUpAfterInsert(Cache &cache, const IValue &v) {
  ObjectPtr obj = v.toObject();
  if (!cache.weakCopies.count(obj))
    cache.weakCopies[obj] = obj;
  return cache.weakCopies[obj];
}

// An ordered map's subscript, same rule.
int countOf(Cache &cache, c10::intrusive_ptr<c10::ivalue::Tuple> t) {
  return cache.counts[t]++;
}

// A by-value sink next to the subscript is still a last-use copy.
void keep(std::vector<ObjectPtr> &out, Cache &cache, ObjectPtr obj) {
  cache.counts.clear();
  if (cache.weakCopies[obj])
    out.push_back(obj);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'obj' is copied at its last use; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES: out.push_back(std::move(obj));
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
