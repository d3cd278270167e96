// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/util/Exception.h>

#include <cstdint>
#include <ostream>

namespace c10 {

// The runtime computes on the CPU only. DeviceType keeps libtorch's numbering
// (CPU = 0) so that allocator registration is indexed the same way; the other
// device types name the dispatch key a kernel is registered for
// (torch::dispatch(c10::kCUDA, f)), there is no device code behind them.
enum class DeviceType : int8_t {
  CPU = 0,
  CUDA = 1,
  FPGA = 7,
  XLA = 9,
  Meta = 14,
  Lazy = 17,
  PrivateUse1 = 19,
};
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
constexpr DeviceType kFPGA = DeviceType::FPGA;
constexpr DeviceType kXLA = DeviceType::XLA;
constexpr DeviceType kMeta = DeviceType::Meta;
constexpr DeviceType kLazy = DeviceType::Lazy;
constexpr DeviceType kPrivateUse1 = DeviceType::PrivateUse1;
constexpr int kCompileTimeMaxDeviceTypes = static_cast<int>(DeviceType::PrivateUse1) + 1;

inline const char* DeviceTypeName(DeviceType t) {
  switch (t) {
    case DeviceType::CPU:
      return "cpu";
    case DeviceType::CUDA:
      return "cuda";
    case DeviceType::FPGA:
      return "fpga";
    case DeviceType::XLA:
      return "xla";
    case DeviceType::Meta:
      return "meta";
    case DeviceType::Lazy:
      return "lazy";
    case DeviceType::PrivateUse1:
      return "privateuseone";
  }
  return "<invalid DeviceType>";
}

inline std::ostream& operator<<(std::ostream& out, DeviceType t) {
  return out << DeviceTypeName(t);
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
  bool is_cuda() const noexcept { return type_ == DeviceType::CUDA; }
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
using c10::kCUDA;
} // namespace at
