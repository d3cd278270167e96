// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/TensorImpl.h>

namespace c10 {

// The TensorImpl of every undefined tensor: intrusive_ptr<TensorImpl,
// UndefinedTensorImpl> uses its address, not nullptr, as the empty value, so
// `Tensor().dim()` reads this object instead of crashing. Never refcounted
// (intrusive_ptr skips it), never freed. It has no storage, dtype Undefined,
// and libtorch's shape for it: 1-D, size 0.
struct C10_API UndefinedTensorImpl final : public TensorImpl {
 public:
  static constexpr TensorImpl* singleton() noexcept { return &_singleton; }

 private:
  // No dispatch keys: an undefined tensor argument does not steer a call.
  UndefinedTensorImpl()
      : TensorImpl(Storage(), DispatchKeySet(), caffe2::TypeMeta::fromScalarType(ScalarType::Undefined)) {}
  static UndefinedTensorImpl _singleton;
};

} // namespace c10
