// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// libFuzzer target: random sequences of intrusive_ptr / weak_intrusive_ptr
// operations over a few objects, checked after every step against a plain
// model of who refers to what.
//
// The model is just the handles: which object each strong slot, weak slot and
// released raw pointer refers to. From it follow the expected counts
// (refcount = strong handles, weakcount = weak handles + 1 while refcount > 0)
// and the expected lifecycle: release_resources() exactly when the last strong
// handle goes while weak ones remain, destruction exactly when the last
// handle of either kind goes. Built with ASan+UBSan, so a double free or a
// use after free is caught even before the model disagrees.

#include <c10/util/intrusive_ptr.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

namespace {

constexpr int kObjects = 3;  // ids 0..2, re-created when they die
constexpr int kSlots = 4;

struct ObjectRecord {
  bool exists = false;
  bool resources_released = false;
  bool destroyed = false;
};

std::array<ObjectRecord, kObjects> records;

class Node : public c10::intrusive_ptr_target {
 public:
  explicit Node(int id) : id(id) {}
  ~Node() override {
    records[id].destroyed = true;
  }
  void release_resources() override {
    records[id].resources_released = true;
  }
  const int id;
};

using Strong = c10::intrusive_ptr<Node>;
using Weak = c10::weak_intrusive_ptr<Node>;

[[noreturn]] void fail(const char* what, int id) {
  std::fprintf(stderr, "intrusive_ptr model mismatch: %s (object %d)\n", what, id);
  std::abort();
}

// Handles; an empty slot is an empty pointer (or nullopt for weak slots, as
// weak_intrusive_ptr has no default constructor).
struct World {
  std::array<Strong, kSlots> strong;
  std::array<std::optional<Weak>, kSlots> weak;
  std::vector<Node*> raw_strong;  // from release(), each carries a reference
  std::vector<Node*> raw_weak;    // from weak release()
  std::array<Node*, kObjects> address{};  // while the object exists

  int strong_refs(int id) const {
    int n = 0;
    for (const Strong& s : strong) {
      n += s && s->id == id;
    }
    for (Node* p : raw_strong) {
      n += p->id == id;
    }
    return n;
  }

  int weak_refs(int id) const {
    int n = 0;
    for (const auto& w : weak) {
      n += w && w->_unsafe_get_target() == address[id] && address[id];
    }
    for (Node* p : raw_weak) {
      n += p == address[id] && address[id];
    }
    return n;
  }
};

// Compares every live object with the model. expired_with_weak[id] says
// whether weak handles remained at the step its last strong handle went.
// Counts are read through probes made from the model's addresses, never by
// dereferencing a weak handle.
void check(World& world, const std::array<int, kObjects>& expired_with_weak) {
  for (int id = 0; id < kObjects; ++id) {
    ObjectRecord& r = records[id];
    if (!r.exists) {
      continue;
    }
    Node* node = world.address[id];
    const int s = world.strong_refs(id);
    const int w = world.weak_refs(id);
    if (s > 0) {
      if (r.destroyed || r.resources_released) {
        fail("owned object was released or destroyed", id);
      }
      if (c10::raw::intrusive_ptr::use_count(node) != static_cast<size_t>(s)) {
        fail("refcount differs from the number of strong handles", id);
      }
      Strong probe = Strong::unsafe_reclaim_from_nonowning(node);
      if (probe.weak_use_count() != static_cast<size_t>(w + 1)) {
        fail("weakcount differs from weak handles + 1", id);
      }
    } else if (w > 0) {
      if (r.destroyed) {
        fail("object destroyed while weak handles remain", id);
      }
      if (!r.resources_released || !expired_with_weak[id]) {
        fail("expired with weak refs but release_resources() not called", id);
      }
      Weak probe = Weak::reclaim_copy(node);  // +1 weak while we look
      if (!probe.expired() || probe.lock()) {
        fail("expired object can still be locked", id);
      }
      if (probe.weak_use_count() != static_cast<size_t>(w + 1)) {
        fail("weakcount of an expired object differs from weak handles", id);
      }
    } else {
      if (!r.destroyed) {
        fail("object with no handles was not destroyed", id);
      }
      if (r.resources_released != (expired_with_weak[id] != 0)) {
        fail("release_resources() called without weak refs at expiry", id);
      }
      r = ObjectRecord{};
      world.address[id] = nullptr;
    }
  }
}

class Driver {
 public:
  Driver(const std::uint8_t* data, size_t size) : data_(data), size_(size) {}

  void run() {
    while (pos_ < size_) {
      step(next() % 12);
      snapshot_expiries();
      check(world_, expired_with_weak_);
    }
    // Drop everything; every object must then be gone.
    for (Strong& s : world_.strong) {
      s.reset();
    }
    for (Node* p : world_.raw_strong) {
      c10::raw::intrusive_ptr::decref(p);
    }
    world_.raw_strong.clear();
    snapshot_expiries();
    for (auto& w : world_.weak) {
      w.reset();
    }
    for (Node* p : world_.raw_weak) {
      c10::raw::weak_intrusive_ptr::decref(p);
    }
    world_.raw_weak.clear();
    check(world_, expired_with_weak_);
    for (int id = 0; id < kObjects; ++id) {
      if (records[id].exists) {
        fail("object outlived every handle", id);
      }
    }
  }

 private:
  std::uint8_t next() {
    return pos_ < size_ ? data_[pos_++] : 0;
  }
  int slot() {
    return next() % kSlots;
  }

  // An object's strong count can only drop to zero inside step(); what
  // release_resources() must have done depends on the weak handles at that
  // moment, which step() cannot change in the same operation. So compare the
  // strong handles before and after.
  void snapshot_expiries() {
    for (int id = 0; id < kObjects; ++id) {
      if (!records[id].exists) {
        continue;
      }
      const int s = world_.strong_refs(id);
      if (had_strong_[id] && s == 0) {
        expired_with_weak_[id] = world_.weak_refs(id) > 0 ? 1 : 0;
      }
      had_strong_[id] = s > 0;
    }
  }

  void step(int op) {
    switch (op) {
      case 0: {  // make_intrusive into a slot
        const int id = next() % kObjects;
        if (records[id].exists) {
          break;
        }
        records[id] = ObjectRecord{};
        records[id].exists = true;
        expired_with_weak_[id] = 0;
        const int s = slot();
        world_.strong[s] = c10::make_intrusive<Node>(id);
        world_.address[id] = world_.strong[s].get();
        break;
      }
      case 1: {  // copy assignment
        const int from = slot();
        world_.strong[slot()] = world_.strong[from];
        break;
      }
      case 2: {  // move assignment
        const int from = slot();
        const int to = slot();
        world_.strong[to] = std::move(world_.strong[from]);
        break;
      }
      case 3:  // reset
        world_.strong[slot()].reset();
        break;
      case 4: {  // weak from strong
        const int from = slot();
        world_.weak[slot()].emplace(world_.strong[from]);
        break;
      }
      case 5: {  // weak copy
        const int from = slot();
        const int to = slot();
        if (world_.weak[from] && from != to) {
          world_.weak[to].emplace(*world_.weak[from]);
        }
        break;
      }
      case 6:  // weak reset
        world_.weak[slot()].reset();
        break;
      case 7: {  // lock
        const int from = slot();
        const int to = slot();
        if (world_.weak[from]) {
          world_.strong[to] = world_.weak[from]->lock();
        }
        break;
      }
      case 8: {  // release / reclaim a strong reference
        const int s = slot();
        if (next() % 2 == 0 && world_.strong[s]) {
          world_.raw_strong.push_back(world_.strong[s].release());
        } else if (!world_.raw_strong.empty()) {
          world_.strong[s] = Strong::reclaim(world_.raw_strong.back());
          world_.raw_strong.pop_back();
        }
        break;
      }
      case 9: {  // release / reclaim a weak reference
        const int w = slot();
        if (next() % 2 == 0 && world_.weak[w]) {
          Node* p = world_.weak[w]->release();
          world_.weak[w].reset();
          if (p) {
            world_.raw_weak.push_back(p);
          }
        } else if (!world_.raw_weak.empty()) {
          world_.weak[w].emplace(Weak::reclaim(world_.raw_weak.back()));
          world_.raw_weak.pop_back();
        }
        break;
      }
      case 10: {  // reclaim_copy from a released strong pointer
        if (!world_.raw_strong.empty()) {
          world_.strong[slot()] = Strong::reclaim_copy(
              world_.raw_strong[next() % world_.raw_strong.size()]);
        }
        break;
      }
      case 11: {  // swap
        const int a = slot();
        world_.strong[a].swap(world_.strong[slot()]);
        break;
      }
    }
  }

  const std::uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  World world_;
  std::array<bool, kObjects> had_strong_{};
  std::array<int, kObjects> expired_with_weak_{};
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  records = {};
  Driver(data, size).run();
  return 0;
}
