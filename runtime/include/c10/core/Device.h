// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/util/Exception.h>

#include <cstdint>
#include <ostream>

namespace c10 {

// The runtime computes on the CPU only. DeviceType keeps libtorch's numbering
// (CPU = 0) so that allocator registration is indexed the same way.
enum class DeviceType : int8_t {
  CPU = 0,
};
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr int kCompileTimeMaxDeviceTypes = 1;

inline std::ostream& operator<<(std::ostream& out, DeviceType) {
  return out << "cpu";
}

using DeviceIndex = int8_t;

class Device final {
 public:
  /* implicit */ Device(DeviceType type, DeviceIndex index = -1)
      : type_(type), index_(index) {
    TORCH_CHECK(index == -1 || index == 0, "CPU device index must be -1 or 0, got ", int{index});
  }
  DeviceType type() const noexcept { return type_; }
  DeviceIndex index() const noexcept { return index_; }
  bool has_index() const noexcept { return index_ != -1; }
  bool is_cpu() const noexcept { return type_ == DeviceType::CPU; }
  bool operator==(const Device& o) const noexcept { return type_ == o.type_ && index_ == o.index_; }
  bool operator!=(const Device& o) const noexcept { return !(*this == o); }

 private:
  DeviceType type_;
  DeviceIndex index_;
};

inline std::ostream& operator<<(std::ostream& out, const Device& d) {
  out << d.type();
  if (d.has_index()) out << ":" << int{d.index()};
  return out;
}

} // namespace c10

namespace at {
using c10::Device;
using c10::DeviceType;
using c10::kCPU;
} // namespace at
