// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// DLPack export and import, zero-copy both ways.

#include <ATen/DLConvertor.h>

#include "TensorInternal.h"

#include <memory>
#include <vector>

namespace at {

DLDataType getDLDataType(const Tensor& t) {
  DLDataType dtype;
  dtype.lanes = 1;
  dtype.bits = static_cast<uint8_t>(t.element_size() * 8);
  switch (t.scalar_type()) {
    case ScalarType::Byte:
    // DLPack 0.6 has no boolean code; libtorch 1.13 exports bool as uint8.
    case ScalarType::Bool: dtype.code = kDLUInt; break;
    case ScalarType::Char:
    case ScalarType::Short:
    case ScalarType::Int:
    case ScalarType::Long: dtype.code = kDLInt; break;
    case ScalarType::Float:
    case ScalarType::Double: dtype.code = kDLFloat; break;
    default: TORCH_CHECK(false, "toDLPack: unsupported scalar type ", t.scalar_type());
  }
  return dtype;
}

ScalarType toScalarType(const DLDataType& dtype) {
  TORCH_CHECK(dtype.lanes == 1, "fromDLPack: lanes other than 1 are not supported, got ", int{dtype.lanes});
  switch (dtype.code) {
    case kDLUInt:
      if (dtype.bits == 8) return kByte;
      break;
    case kDLInt:
      switch (dtype.bits) {
        case 8: return kChar;
        case 16: return kShort;
        case 32: return kInt;
        case 64: return kLong;
        default: break;
      }
      break;
    case kDLFloat:
      switch (dtype.bits) {
        case 32: return kFloat;
        case 64: return kDouble;
        default: break;
      }
      break;
    default:
      break;
  }
  TORCH_CHECK(false, "fromDLPack: unsupported DLPack dtype (code ", int{dtype.code}, ", bits ", int{dtype.bits}, ")");
}

namespace {

// The exported tensor's context: the Tensor keeps the storage alive, and the
// vectors own the shape/strides arrays DLTensor points at.
struct ExportContext {
  Tensor handle;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  DLManagedTensor managed;
};

void deleteExport(DLManagedTensor* self) {
  delete static_cast<ExportContext*>(self->manager_ctx);
}

// DataPtr deleter of an imported storage: hands the DLManagedTensor back.
void deleteImport(void* ctx) {
  auto* managed = static_cast<DLManagedTensor*>(ctx);
  if (managed->deleter != nullptr) managed->deleter(managed);
}

} // namespace

DLManagedTensor* toDLPack(const Tensor& src) {
  TORCH_CHECK(src.defined(), "toDLPack: the tensor is undefined");
  auto ctx = std::make_unique<ExportContext>();
  ctx->handle = src;
  ctx->shape = src.sizes().vec();
  ctx->strides = src.strides().vec();
  DLManagedTensor& m = ctx->managed;
  m.manager_ctx = ctx.get();
  m.deleter = &deleteExport;
  m.dl_tensor.data = src.data_ptr();
  m.dl_tensor.device = DLDevice{kDLCPU, 0};
  m.dl_tensor.ndim = static_cast<int>(src.dim());
  m.dl_tensor.dtype = getDLDataType(src);
  m.dl_tensor.shape = ctx->shape.data();
  m.dl_tensor.strides = ctx->strides.data();
  m.dl_tensor.byte_offset = 0;
  return &ctx.release()->managed;
}

Tensor fromDLPack(const DLManagedTensor* src) {
  TORCH_CHECK(src != nullptr, "fromDLPack: null DLManagedTensor");
  const DLTensor& dl = src->dl_tensor;
  TORCH_CHECK(dl.device.device_type == kDLCPU, "fromDLPack: only CPU tensors are supported, got device type ",
              static_cast<int>(dl.device.device_type));
  const ScalarType dtype = toScalarType(dl.dtype);
  TORCH_CHECK(dl.ndim >= 0, "fromDLPack: negative ndim ", dl.ndim);
  TORCH_CHECK(dl.ndim == 0 || dl.shape != nullptr, "fromDLPack: shape is null for ndim ", dl.ndim);
  IntArrayRef sizes(dl.shape, static_cast<size_t>(dl.ndim));
  std::vector<int64_t> strides;
  if (dl.strides != nullptr) {
    strides.assign(dl.strides, dl.strides + dl.ndim);
  } else {
    strides.resize(static_cast<size_t>(dl.ndim));
    int64_t s = 1;
    for (int64_t i = dl.ndim - 1; i >= 0; --i) {
      strides[i] = s;
      s *= std::max<int64_t>(sizes[i], 1);
    }
  }
  // Validate everything before taking ownership: on failure the caller
  // still owns src and its deleter has not run.
  int64_t last = 0;
  bool empty = false;
  for (int64_t i = 0; i < dl.ndim; ++i) {
    TORCH_CHECK(sizes[i] >= 0 && strides[i] >= 0, "fromDLPack: unsupported sizes ", sizes, " / strides ",
                IntArrayRef(strides));
    if (sizes[i] == 0) empty = true;
    int64_t reach = 0;
    TORCH_CHECK(!__builtin_mul_overflow(sizes[i] - 1, strides[i], &reach) && !__builtin_add_overflow(last, reach, &last),
                "fromDLPack: sizes ", sizes, " overflow");
  }
  const size_t nbytes = empty ? 0 : static_cast<size_t>(last + 1) * c10::elementSize(dtype);
  char* data = static_cast<char*>(dl.data);
  TORCH_CHECK(data != nullptr || nbytes == 0, "fromDLPack: data is null for sizes ", sizes);
  if (data != nullptr) data += dl.byte_offset;
  auto* owned = const_cast<DLManagedTensor*>(src);
  c10::DataPtr ptr(data, owned, &deleteImport, Device(kCPU));
  return internal::make_tensor(Storage(Storage::use_byte_size_t(), nbytes, std::move(ptr), nullptr, false), dtype,
                               sizes, strides, 0);
}

} // namespace at
