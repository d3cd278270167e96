// REQUIRES: c10-intrusive-ptr
// RUN: %check_c10_tidy %s c10-intrusive-ptr-cycle %t -- \
// RUN:   -I %S/Inputs/intrusive-ptr-cycle -isystem %S/Inputs/intrusive-ptr-cycle/system
//
// Templates are analysed per instantiation; members declared by macros are
// reported at the expansion; cycles through a user header are reported in the
// main file, cycles inside system headers not at all.

#include "user_scene.h"
#include <vendor_cache.h>
#include <c10/util/intrusive_ptr.h>
#include <map>
#include <string>
#include <vector>

// A class template whose instantiations close different cycles: each cycle is
// reported once, at the template's member (the first in the file).
template <class Owner>
struct Handle : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Owner> owner;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: strong intrusive_ptr members form a reference cycle between 'Handle<Device>' and 'Device'
  // CHECK-NOTES: :[[@LINE-2]]:29: warning: strong intrusive_ptr members form a reference cycle between 'Handle<Device>' and 'Device'
  // CHECK-NOTES: :[[@LINE-3]]:29: note: 'Handle<Device>::owner' holds a strong reference to 'Device'
  // CHECK-NOTES: :[[@LINE+14]]:51: note: 'Device::handles' holds a strong reference to 'Handle<Device>'
  // CHECK-MESSAGES: :[[@LINE-5]]:29: warning: strong intrusive_ptr members form a reference cycle between 'Handle<Stream>' and 'Stream'
  // CHECK-NOTES: :[[@LINE-6]]:29: warning: strong intrusive_ptr members form a reference cycle between 'Handle<Stream>' and 'Stream'
  // CHECK-NOTES: :[[@LINE-7]]:29: note: 'Handle<Stream>::owner' holds a strong reference to 'Stream'
  // CHECK-NOTES: :[[@LINE+14]]:61: note: 'Stream::handles' holds a strong reference to 'Handle<Stream>'
};

// Used only through a weak pointer: Handle<Weakly> is instantiated, but the
// back edge is weak, so no cycle.
struct Weakly : c10::intrusive_ptr_target {
  std::vector<c10::weak_intrusive_ptr<Handle<Weakly>>> handles;
};

struct Device : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Handle<Device>>> handles;
};

struct Stream : c10::intrusive_ptr_target {
  std::map<std::string, c10::intrusive_ptr<Handle<Stream>>> handles;
};

c10::intrusive_ptr<Handle<Device>> attach(const c10::intrusive_ptr<Device> &d) {
  auto h = c10::make_intrusive<Handle<Device>>();
  h->owner = d;
  d->handles.push_back(h);
  return h;
}
c10::intrusive_ptr<Handle<Stream>> attach(const c10::intrusive_ptr<Stream> &s) {
  auto h = c10::make_intrusive<Handle<Stream>>();
  s->handles["main"] = h;
  return h;
}
c10::weak_intrusive_ptr<Handle<Weakly>> attach(const c10::intrusive_ptr<Weakly> &) {
  return c10::weak_intrusive_ptr<Handle<Weakly>>(c10::make_intrusive<Handle<Weakly>>());
}

// A refcounted base that is a template parameter: only instantiations are
// refcounted classes.
template <class Base>
struct Tagged : Base {
  c10::intrusive_ptr<struct Registry> registry;
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: strong intrusive_ptr members form a reference cycle between 'Tagged<c10::intrusive_ptr_target>' and 'Registry'
};
struct Registry : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Tagged<c10::intrusive_ptr_target>>> entries;
};
Registry &registry(Tagged<c10::intrusive_ptr_target> &t) { return *t.registry; }

// A member declared by a macro is reported where the macro is used.
#define C10_DECLARE_PARENT(Type) c10::intrusive_ptr<Type> parent_;
struct Graph;
struct Block : c10::intrusive_ptr_target {
  C10_DECLARE_PARENT(Graph)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: strong intrusive_ptr members form a reference cycle between 'Block' and 'Graph'
};
struct Graph : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Block>> blocks;
};

// Scene (in user_scene.h) owns Layers; a Layer owns its Scene. The first
// member of the cycle in the main file is Layer::scene.
struct Layer : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Scene> scene;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: strong intrusive_ptr members form a reference cycle between 'Scene' and 'Layer'
  // CHECK-NOTES: :[[@LINE-2]]:29: warning: strong intrusive_ptr members form a reference cycle between 'Scene' and 'Layer'
  // CHECK-NOTES: user_scene.h:9:42: note: 'Scene::layers' holds a strong reference to 'Layer'
  // CHECK-NOTES: :[[@LINE-4]]:29: note: 'Layer::scene' holds a strong reference to 'Scene'
};

// vendor::Cache and vendor::Entry form a cycle inside a system header; a
// user class that holds a Cache is not part of it, and nothing is reported.
struct UsesVendor : c10::intrusive_ptr_target {
  c10::intrusive_ptr<vendor::Cache> cache;
};
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
