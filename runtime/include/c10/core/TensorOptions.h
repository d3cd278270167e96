// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <optional>

namespace c10 {

// What a factory makes: element type (Float unless given, libtorch's default)
// and device (CPU, the only one). Converts implicitly from a ScalarType or a
// Device, so at::zeros({2}, at::kInt) reads as in libtorch.
struct C10_API TensorOptions {
  TensorOptions() = default;
  /* implicit */ TensorOptions(ScalarType dtype) : dtype_(dtype) {}
  /* implicit */ TensorOptions(Device device) : device_(device) {}
  /* implicit */ TensorOptions(DeviceType type) : device_(type) {}

  TensorOptions dtype(std::optional<ScalarType> dtype) const noexcept {
    TensorOptions r = *this;
    r.dtype_ = dtype;
    return r;
  }
  TensorOptions device(Device device) const noexcept {
    TensorOptions r = *this;
    r.device_ = device;
    return r;
  }
  bool has_dtype() const noexcept { return dtype_.has_value(); }
  // The element type a factory uses: the given one or Float.
  ScalarType scalar_type_or_default() const noexcept { return dtype_.value_or(ScalarType::Float); }
  Device device() const noexcept { return device_; }

 private:
  std::optional<ScalarType> dtype_;
  Device device_ = Device(DeviceType::CPU);
};

inline TensorOptions dtype(ScalarType dtype) {
  return TensorOptions().dtype(dtype);
}
template <typename T>
inline TensorOptions dtype() {
  return TensorOptions().dtype(CppTypeToScalarType<T>::value);
}

} // namespace c10

namespace at {
using c10::TensorOptions;
using c10::dtype;
} // namespace at
