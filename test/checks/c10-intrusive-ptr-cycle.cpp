// REQUIRES: c10-intrusive-ptr
// RUN: %check_c10_tidy %s c10-intrusive-ptr-cycle %t
//
// Each strongly connected group of refcounted classes is reported once, at its
// first member in the file, with a note per edge and advice (no fix-it).

#include <c10/util/Optional.h>
#include <c10/util/intrusive_ptr.h>
#include <array>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

// The seed's demo: A and B point at each other, neither is ever destroyed.
namespace demo {
class B;
class A : public c10::intrusive_ptr_target {
public:
  c10::intrusive_ptr<B> pointer;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: strong intrusive_ptr members form a reference cycle between 'demo::A' and 'demo::B'; objects on the cycle keep each other alive and are never freed [c10-intrusive-ptr-cycle]
  // CHECK-NOTES: :[[@LINE-2]]:25: warning: strong intrusive_ptr members form a reference cycle
  // CHECK-NOTES: :[[@LINE-3]]:25: note: 'demo::A::pointer' holds a strong reference to 'demo::B'
  // CHECK-NOTES: :[[@LINE+6]]:25: note: 'demo::B::pointer' holds a strong reference to 'demo::A'
  // CHECK-NOTES: :[[@LINE-5]]:25: note: break the cycle with a weak back edge, e.g. declare 'demo::A::pointer' as 'c10::weak_intrusive_ptr<demo::B>', and have 'demo::B' reset its strong members in 'release_resources()': c10 destroys an object only after its last weak reference is gone (no fix-it: weak_intrusive_ptr has no default constructor, so every constructor must initialise it, and it needs 'demo::B' to be a complete type)
};

class B : public c10::intrusive_ptr_target {
public:
  c10::intrusive_ptr<A> pointer;
};
} // namespace demo

// A parent/child graph: the module owns its children, each child its parent.
// The advice names the single back pointer, not the container of children.
namespace nn {
struct Module;
struct Submodule : c10::intrusive_ptr_target {
  explicit Submodule(c10::intrusive_ptr<Module> p) : parent(std::move(p)) {}
  c10::intrusive_ptr<Module> parent;
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: strong intrusive_ptr members form a reference cycle between 'nn::Submodule' and 'nn::Module'
  // CHECK-NOTES: :[[@LINE-2]]:30: warning: strong intrusive_ptr members form a reference cycle
  // CHECK-NOTES: :[[@LINE-3]]:30: note: 'nn::Submodule::parent' holds a strong reference to 'nn::Module'
  // CHECK-NOTES: :[[@LINE+6]]:46: note: 'nn::Module::children' holds a strong reference to 'nn::Submodule'
  // CHECK-NOTES: :[[@LINE-5]]:30: note: break the cycle with a weak back edge, e.g. declare 'nn::Submodule::parent' as 'c10::weak_intrusive_ptr<nn::Module>', and have 'nn::Module' reset its strong members in 'release_resources()'
  std::string name;
};

struct Module : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Submodule>> children;
  std::map<std::string, int> buffers;
};
} // namespace nn

// The observer pattern through a base class: the subject holds observers by
// their base type; a concrete observer holds its subject. An
// intrusive_ptr<Observer> may own a LoggingObserver, so this is a cycle.
namespace events {
struct Observer : c10::intrusive_ptr_target {
  virtual ~Observer() = default;
  virtual void notify(int event) = 0;
};

struct Subject : c10::intrusive_ptr_target {
  std::list<c10::intrusive_ptr<Observer>> observers;
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: strong intrusive_ptr members form a reference cycle between 'events::Observer' and 'events::Subject'
  // CHECK-NOTES: :[[@LINE-2]]:43: warning: strong intrusive_ptr members form a reference cycle
  // CHECK-NOTES: :[[@LINE-3]]:43: note: 'events::Subject::observers' holds a strong reference to 'events::Observer'
  // CHECK-NOTES: :[[@LINE+6]]:31: note: 'events::LoggingObserver::subject' holds a strong reference to 'events::Subject', and an intrusive_ptr<events::Observer> may own a 'events::LoggingObserver'
  // CHECK-NOTES: :[[@LINE+5]]:31: note: break the cycle with a weak back edge, e.g. declare 'events::LoggingObserver::subject' as 'c10::weak_intrusive_ptr<events::Subject>'
};

struct LoggingObserver : Observer {
  void notify(int event) override { last = event; }
  c10::intrusive_ptr<Subject> subject;
  int last = 0;
};
} // namespace events

// Three types, every edge inside nested containers: a map value, a pair in a
// vector, a tuple in an optional. Reported at the first member of the three.
namespace ir {
struct Node;
struct Value;
struct Graph : c10::intrusive_ptr_target {
  std::unordered_map<std::string, c10::intrusive_ptr<Node>> nodes;
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: strong intrusive_ptr members form a reference cycle between 'ir::Graph', 'ir::Node' and 'ir::Value'
  // CHECK-NOTES: :[[@LINE-2]]:61: warning: strong intrusive_ptr members form a reference cycle
  // CHECK-NOTES: :[[@LINE-3]]:61: note: 'ir::Graph::nodes' holds a strong reference to 'ir::Node'
  // CHECK-NOTES: :[[@LINE+6]]:58: note: 'ir::Node::outputs' holds a strong reference to 'ir::Value'
  // CHECK-NOTES: :[[@LINE+9]]:61: note: 'ir::Value::owner' holds a strong reference to 'ir::Graph'
  // CHECK-NOTES: :[[@LINE+8]]:61: note: break the cycle with a weak back edge, e.g. declare 'ir::Value::owner' as 'c10::weak_intrusive_ptr<ir::Graph>'
};

struct Node : c10::intrusive_ptr_target {
  std::vector<std::pair<int, c10::intrusive_ptr<Value>>> outputs;
};

struct Value : c10::intrusive_ptr_target {
  std::optional<std::tuple<int, c10::intrusive_ptr<Graph>>> owner;
};
} // namespace ir

// Map keys, std::array, C arrays, deque and c10::optional are owners too; a
// nested deque<vector<...>> is still a container edge.
namespace holders {
struct Right;
struct Left : c10::intrusive_ptr_target {
  std::map<c10::intrusive_ptr<Right>, int> byKey;
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: strong intrusive_ptr members form a reference cycle between 'holders::Left' and 'holders::Right'
  // CHECK-NOTES: :[[@LINE-2]]:44: warning: strong intrusive_ptr members form a reference cycle
  // CHECK-NOTES: :[[@LINE-3]]:44: note: 'holders::Left::byKey' holds a strong reference to 'holders::Right'
  // CHECK-NOTES: :[[@LINE+5]]:44: note: 'holders::Left::pair' holds a strong reference to 'holders::Right'
  // CHECK-NOTES: :[[@LINE+5]]:29: note: 'holders::Left::fixed' holds a strong reference to 'holders::Right'
  // CHECK-NOTES: :[[@LINE+7]]:68: note: 'holders::Right::lefts' holds a strong reference to 'holders::Left'
  // Every edge is a container: the advice is about weak elements.
  // CHECK-NOTES: :[[@LINE-8]]:44: note: break the cycle with weak back references, e.g. hold 'c10::weak_intrusive_ptr<holders::Right>' in 'holders::Left::byKey', and have 'holders::Right' reset its strong members in 'release_resources()': c10 destroys an object only after its last weak reference is gone (no fix-it: every access must then lock() an element and handle one that has expired)
  std::array<c10::intrusive_ptr<Right>, 2> pair;
  c10::intrusive_ptr<Right> fixed[3];
};
struct Right : c10::intrusive_ptr_target {
  std::deque<std::vector<c10::optional<c10::intrusive_ptr<Left>>>> lefts;
};
} // namespace holders

// Members inherited from a base class, and references held inside a member
// of plain struct type, belong to the object too.
namespace inherit {
struct Peer;
struct WithPeer : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Peer> peer;
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: strong intrusive_ptr members form a reference cycle between 'inherit::Session' and 'inherit::Peer'
  // CHECK-NOTES: :[[@LINE-2]]:28: warning: strong intrusive_ptr members form a reference cycle
  // CHECK-NOTES: :[[@LINE-3]]:28: note: 'inherit::Session' inherits 'inherit::WithPeer::peer', a strong reference to 'inherit::Peer'
  // CHECK-NOTES: :[[@LINE+11]]:9: note: 'inherit::Peer::links' holds a strong reference to 'inherit::Session'
  // CHECK-NOTES: :[[@LINE-5]]:28: note: break the cycle with a weak back edge, e.g. declare 'inherit::WithPeer::peer' as 'c10::weak_intrusive_ptr<inherit::Peer>'
};
struct Session : WithPeer {
  int id = 0;
};
struct Links {
  c10::intrusive_ptr<Session> session;
  int weight = 0;
};
struct Peer : c10::intrusive_ptr_target {
  Links links;
};
} // namespace inherit

// Unrelated refcounted classes next to a cycle are not part of it.
namespace mixed {
struct Tensorish : c10::intrusive_ptr_target {
  std::vector<float> data;
};
struct Y;
struct X : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Tensorish> cache;
  c10::intrusive_ptr<Y> y;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: strong intrusive_ptr members form a reference cycle between 'mixed::X' and 'mixed::Y'
  // CHECK-NOTES: :[[@LINE-2]]:25: warning: strong intrusive_ptr members form a reference cycle
  // CHECK-NOTES: :[[@LINE-3]]:25: note: 'mixed::X::y' holds a strong reference to 'mixed::Y'
  // CHECK-NOTES: :[[@LINE+5]]:25: note: 'mixed::Y::x' holds a strong reference to 'mixed::X'
  // CHECK-NOTES-NOT: Tensorish
};
struct Y : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Tensorish> cache;
  c10::intrusive_ptr<X> x;
};
} // namespace mixed

// The objects the check warns about really leak: nothing frees them.
int leak() {
  auto a = c10::make_intrusive<demo::A>();
  auto b = c10::make_intrusive<demo::B>();
  a->pointer = b;
  b->pointer = a;
  return static_cast<int>(a.use_count() + b.use_count());
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
