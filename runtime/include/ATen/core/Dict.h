// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::Dict<Key, Value>: a reference-counted handle on an insertion-ordered
// hash map from IValue to IValue. As for List, the template arguments only
// convert on the way in and out; every Dict shares the DictImpl layout, so the
// GenericDict an IValue holds and a typed Dict are the same object.

#include <ATen/core/ivalue.h>
#include <ATen/core/List.h>
#include <ATen/core/element_type_name.h>

#include <cstddef>
#include <list>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace c10 {
namespace detail {

// Keys hash and compare like Python dict keys: by value, tensors by identity.
struct DictKeyHash {
  size_t operator()(const IValue& ivalue) const {
    return IValue::hash(ivalue);
  }
};

struct DictKeyEqualTo {
  bool operator()(const IValue& lhs, const IValue& rhs) const {
    if (lhs.isTensor() && rhs.isTensor()) {
      return lhs.is(rhs);
    }
    return _fastEqualsForContainer(lhs, rhs);
  }
};

struct DictImpl final : c10::intrusive_ptr_target {
  using entry_type = std::pair<IValue, IValue>;
  // Entries in insertion order; a std::list so that iterators and the index's
  // key pointers stay valid while other entries come and go.
  using entries_type = std::list<entry_type>;
  using iterator = entries_type::iterator;

  DictImpl(TypePtr keyType_, TypePtr valueType_)
      : keyType(std::move(keyType_)), valueType(std::move(valueType_)) {}

  c10::intrusive_ptr<DictImpl> copy() const {
    auto result = c10::make_intrusive<DictImpl>(keyType, valueType);
    for (const auto& entry : entries) {
      result->insert(entry.first, entry.second);
    }
    return result;
  }

  iterator find(const IValue& key) {
    auto it = index.find(&key);
    return it == index.end() ? entries.end() : it->second;
  }

  std::pair<iterator, bool> insert(IValue key, IValue value) {
    auto found = find(key);
    if (found != entries.end()) {
      return {found, false};
    }
    entries.emplace_back(std::move(key), std::move(value));
    auto it = std::prev(entries.end());
    index.emplace(&it->first, it);
    return {it, true};
  }

  void erase(iterator it) {
    index.erase(&it->first);
    entries.erase(it);
  }

  void clear() {
    index.clear();
    entries.clear();
  }

  struct KeyPtrHash {
    size_t operator()(const IValue* key) const {
      return DictKeyHash()(*key);
    }
  };
  struct KeyPtrEqual {
    bool operator()(const IValue* lhs, const IValue* rhs) const {
      return DictKeyEqualTo()(*lhs, *rhs);
    }
  };

  entries_type entries;
  std::unordered_map<const IValue*, iterator, KeyPtrHash, KeyPtrEqual> index;
  TypePtr keyType;
  TypePtr valueType;
};


} // namespace detail

namespace impl {

template <class Key, class Value>
class DictIterator;

// One entry seen through a Dict<Key, Value>: key() and value() convert with
// IValue::to<>(), setValue() stores a new value.
template <class Key, class Value, class Iterator>
class DictEntryRef final {
 public:
  explicit DictEntryRef(Iterator iterator) : iterator_(std::move(iterator)) {}

  decltype(auto) key() const {
    return iterator_->first.template to<Key>();
  }
  decltype(auto) value() const {
    return iterator_->second.template to<Value>();
  }
  template <class Value_>
  void setValue(Value_&& value) const {
    static_assert(std::is_constructible<Value, Value_>::value, "Wrong type for the value argument of setValue()");
    iterator_->second = Value(std::forward<Value_>(value));
  }

 private:
  template <class K, class V>
  friend class DictIterator;
  Iterator iterator_;
};

template <class Key, class Value>
class DictIterator final {
  using Iterator = detail::DictImpl::iterator;

 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = const DictEntryRef<Key, Value, Iterator>;
  using difference_type = std::ptrdiff_t;
  using pointer = value_type*;
  using reference = value_type&;

  explicit DictIterator(Iterator iterator) : entryRef_(std::move(iterator)) {}

  DictIterator& operator++() {
    entryRef_ = DictEntryRef<Key, Value, Iterator>(std::next(entryRef_.iterator_));
    return *this;
  }
  DictIterator operator++(int) {
    DictIterator copy(*this);
    ++*this;
    return copy;
  }
  reference operator*() const {
    return entryRef_;
  }
  pointer operator->() const {
    return &entryRef_;
  }
  friend bool operator==(const DictIterator& lhs, const DictIterator& rhs) {
    return lhs.get_iterator_() == rhs.get_iterator_();
  }
  friend bool operator!=(const DictIterator& lhs, const DictIterator& rhs) {
    return !(lhs == rhs);
  }

 private:
  template <class K, class V>
  friend class c10::Dict;
  const Iterator& get_iterator_() const {
    return entryRef_.iterator_;
  }
  DictEntryRef<Key, Value, Iterator> entryRef_;
};

template <class Key, class Value>
Dict<Key, Value> toTypedDict(Dict<IValue, IValue> dict);
template <class Key, class Value>
Dict<IValue, IValue> toGenericDict(Dict<Key, Value> dict);

} // namespace impl

template <class Key, class Value>
class Dict final {
  c10::intrusive_ptr<detail::DictImpl> impl_;

  explicit Dict(c10::intrusive_ptr<detail::DictImpl>&& impl) : impl_(std::move(impl)) {}

  friend struct IValue;
  template <class K, class V>
  friend Dict<K, V> impl::toTypedDict(Dict<IValue, IValue>);
  template <class K, class V>
  friend Dict<IValue, IValue> impl::toGenericDict(Dict<K, V>);

  static c10::intrusive_ptr<detail::DictImpl> makeImpl() {
    return c10::make_intrusive<detail::DictImpl>(
        detail::ElementType<Key>::get(), detail::ElementType<Value>::get());
  }

 public:
  using key_type = Key;
  using mapped_type = Value;
  using size_type = size_t;
  using iterator = impl::DictIterator<Key, Value>;

  // An empty dict. (libtorch requires key and value types for the generic
  // Dict; the runtime's generic dict maps Any to Any.)
  explicit Dict() : impl_(makeImpl()) {}
  // An empty generic dict with the given key and value types (GenericDict
  // only, as in PyTorch).
  explicit Dict(TypePtr keyType, TypePtr valueType)
      : impl_(c10::make_intrusive<detail::DictImpl>(std::move(keyType), std::move(valueType))) {
    static_assert(std::is_same<Key, IValue>::value && std::is_same<Value, IValue>::value,
                  "This constructor is only valid for c10::impl::GenericDict.");
    TORCH_CHECK(impl_->keyType != nullptr && impl_->valueType != nullptr,
                "GenericDict: key and value types must not be null");
  }
  ~Dict() = default;
  // As in libtorch 1.13, no move operations: "moving" a Dict copies the
  // handle, and the source still shares the entries.
  Dict(const Dict&) = default;
  Dict& operator=(const Dict&) = default;

  Dict copy() const {
    return Dict(impl_->copy());
  }

  iterator begin() const {
    return iterator(impl_->entries.begin());
  }
  iterator end() const {
    return iterator(impl_->entries.end());
  }
  bool empty() const {
    return impl_->entries.empty();
  }
  size_type size() const {
    return impl_->entries.size();
  }
  void clear() const {
    impl_->clear();
  }

  // Inserts if the key is new; returns the entry and whether it was inserted.
  template <class Key_, class Value_>
  std::pair<iterator, bool> insert(Key_&& key, Value_&& value) const {
    static_assert(std::is_constructible<Key, Key_>::value, "Wrong type for the key argument of Dict::insert");
    static_assert(std::is_constructible<Value, Value_>::value, "Wrong type for the value argument of Dict::insert");
    auto result = impl_->insert(
        IValue(Key(std::forward<Key_>(key))), IValue(Value(std::forward<Value_>(value))));
    return {iterator(result.first), result.second};
  }

  template <class Key_, class Value_>
  std::pair<iterator, bool> insert_or_assign(Key_&& key, Value_&& value) const {
    static_assert(std::is_constructible<Key, Key_>::value, "Wrong type for the key argument of Dict::insert_or_assign");
    static_assert(std::is_constructible<Value, Value_>::value, "Wrong type for the value argument of Dict::insert_or_assign");
    IValue v(Value(std::forward<Value_>(value)));
    auto result = impl_->insert(IValue(Key(std::forward<Key_>(key))), v);
    if (!result.second) {
      result.first->second = std::move(v);
    }
    return {iterator(result.first), result.second};
  }

  void erase(iterator iter) const {
    impl_->erase(iter.get_iterator_());
  }

  [[nodiscard]] size_t erase(const Key& key) const {
    auto it = impl_->find(IValue(key));
    if (it == impl_->entries.end()) {
      return 0;
    }
    impl_->erase(it);
    return 1;
  }

  Value at(const Key& key) const {
    auto it = impl_->find(IValue(key));
    if (it == impl_->entries.end()) {
      // std::out_of_range, as std::unordered_map::at and libtorch throw.
      throw std::out_of_range("Argument passed to at() was not in the map.");
    }
    return it->second.template to<Value>();
  }

  iterator find(const Key& key) const {
    return iterator(impl_->find(IValue(key)));
  }

  bool contains(const Key& key) const {
    return impl_->find(IValue(key)) != impl_->entries.end();
  }

  void reserve(size_type count) const {
    impl_->index.reserve(count);
  }

  // Same key and value types and the same entries, in any order.
  friend bool operator==(const Dict& lhs, const Dict& rhs) {
    if (lhs.impl_ == rhs.impl_) {
      return true;
    }
    const auto& l = *lhs.impl_;
    auto& r = *rhs.impl_;
    if (l.keyType != r.keyType || l.valueType != r.valueType ||
        l.entries.size() != r.entries.size()) {
      return false;
    }
    for (const auto& entry : l.entries) {
      auto it = r.find(entry.first);
      if (it == r.entries.end() || !_fastEqualsForContainer(it->second, entry.second)) {
        return false;
      }
    }
    return true;
  }
  friend bool operator!=(const Dict& lhs, const Dict& rhs) {
    return !(lhs == rhs);
  }

  TypePtr keyType() const {
    return impl_->keyType;
  }
  TypePtr valueType() const {
    return impl_->valueType;
  }
  void unsafeSetKeyType(TypePtr t) {
    impl_->keyType = std::move(t);
  }
  void unsafeSetValueType(TypePtr t) {
    impl_->valueType = std::move(t);
  }

  bool is(const Dict& rhs) const {
    return impl_ == rhs.impl_;
  }

  size_t use_count() const {
    return impl_.use_count();
  }
};

namespace impl {

template <class Key, class Value>
Dict<Key, Value> toTypedDict(Dict<IValue, IValue> dict) {
  if constexpr (std::is_same<Key, IValue>::value && std::is_same<Value, IValue>::value) {
    return dict;
  } else {
    const TypePtr& keyType = detail::ElementType<Key>::get();
    const TypePtr& valueType = detail::ElementType<Value>::get();
    TORCH_CHECK(
        dict.impl_->keyType == keyType && dict.impl_->valueType == valueType,
        "Tried to cast a Dict<",
        dict.impl_->keyType->str(),
        ", ",
        dict.impl_->valueType->str(),
        "> to a Dict<",
        keyType->str(),
        ", ",
        valueType->str(),
        ">. Key types mismatch.");
    return Dict<Key, Value>(std::move(dict.impl_));
  }
}

template <class Key, class Value>
Dict<IValue, IValue> toGenericDict(Dict<Key, Value> dict) {
  return Dict<IValue, IValue>(std::move(dict.impl_));
}

} // namespace impl

// --- IValue's dict members --------------------------------------------------------

inline IValue::IValue(c10::Dict<IValue, IValue> v)
    : bits_(adopt(std::move(v.impl_), ivalue_layout::kDictTag)) {}

template <class K, class V, std::enable_if_t<!std::is_same<K, IValue>::value || !std::is_same<V, IValue>::value, std::nullptr_t>>
// By value, as libtorch 1.13 declares it.
inline IValue::IValue(c10::Dict<K, V> v) // NOLINT(performance-unnecessary-value-param)
    : IValue(impl::toGenericDict(std::move(v))) {}

template <class K, class V>
inline IValue::IValue(std::unordered_map<K, V> v) // NOLINT(performance-unnecessary-value-param)
    : IValue([&v] {
        c10::Dict<K, V> dict;
        dict.reserve(v.size());
        for (auto& entry : v) {
          dict.insert(entry.first, std::move(entry.second));
        }
        return dict;
      }()) {}

inline c10::Dict<IValue, IValue> IValue::toGenericDict() && {
  if (C10_UNLIKELY(!isGenericDict())) {
    detail::ivalueWrongKind("GenericDict", *this);
  }
  return c10::Dict<IValue, IValue>(moveHeap<detail::DictImpl, ivalue_layout::kDictTag>());
}
inline c10::Dict<IValue, IValue> IValue::toGenericDict() const& {
  if (C10_UNLIKELY(!isGenericDict())) {
    detail::ivalueWrongKind("GenericDict", *this);
  }
  return c10::Dict<IValue, IValue>(copyHeap<detail::DictImpl, ivalue_layout::kDictTag>());
}

namespace detail {

inline bool genericDictEquals(const IValue& lhs, const IValue& rhs) {
  return lhs.toGenericDict() == rhs.toGenericDict();
}

inline void printGenericDict(std::ostream& out, const IValue& v) {
  const auto dict = v.toGenericDict();
  out << "{";
  bool first = true;
  for (const auto& entry : dict) {
    if (!first) {
      out << ", ";
    }
    first = false;
    out << entry.key() << ": " << entry.value();
  }
  out << "}";
}

template <class K, class V>
struct IValueTo<c10::Dict<K, V>> {
  static c10::Dict<K, V> move(IValue&& v) {
    return impl::toTypedDict<K, V>(std::move(v).toGenericDict());
  }
  static c10::Dict<K, V> ref(const IValue& v) {
    return impl::toTypedDict<K, V>(v.toGenericDict());
  }
};

// std::unordered_map<K, V>: every entry's key and value converted by to<K>()
// and to<V>() into a fresh map (libtorch: generic_to for std::unordered_map,
// deprecated there in favour of c10::Dict). As in libtorch, the dict's own
// key and value types are not checked, only each entry's conversion.
template <class K, class V>
struct IValueTo<std::unordered_map<K, V>> {
  static std::unordered_map<K, V> move(IValue&& v) {
    return ref(v);
  }
  static std::unordered_map<K, V> ref(const IValue& v) {
    std::unordered_map<K, V> result;
    const c10::Dict<IValue, IValue> dict = v.toGenericDict();
    result.reserve(dict.size());
    for (const auto& entry : dict) {
      result[entry.key().template to<K>()] = entry.value().template to<V>();
    }
    return result;
  }
};

} // namespace detail

namespace detail {
inline TypePtr dictType(const IValue& v) {
  const impl::GenericDict dict = v.toGenericDict();
  return DictType::create(dict.keyType(), dict.valueType());
}
inline IValue deepcopyDict(
    const IValue& v, IValue::HashIdentityIValueMap& memo, c10::optional<at::Device> device) {
  const impl::GenericDict source = v.toGenericDict();
  impl::GenericDict copy(source.keyType(), source.valueType());
  copy.reserve(source.size());
  for (const auto& entry : source) {
    copy.insert(entry.key().deepcopy(memo, device), entry.value().deepcopy(memo, device));
  }
  return IValue(copy);
}
} // namespace detail

} // namespace c10
