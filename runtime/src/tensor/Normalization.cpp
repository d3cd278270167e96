// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Batch normalisation: the CPU kernel behind aten::batch_norm.
#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace at {
namespace cpu {
namespace {

template <class T>
void batchNorm(const Tensor& input, Tensor& out, const std::optional<Tensor>& weight,
               const std::optional<Tensor>& bias, const std::optional<Tensor>& running_mean,
               const std::optional<Tensor>& running_var, bool useBatchStats, double momentum, double eps) {
  const int64_t n = input.size(0);
  const int64_t c = input.size(1);
  const int64_t inner = c == 0 ? 0 : input.numel() / (n * c);
  const T* x = input.data_ptr<T>();
  T* y = out.data_ptr<T>();
  // Per-channel parameters read in the input's dtype, whatever they are stored as.
  const auto channelValue = [c](const std::optional<Tensor>& t, double fallback) {
    std::vector<double> values(static_cast<std::size_t>(c), fallback);
    if (t.has_value() && t->defined()) {
      const Tensor d = t->contiguous().to(kDouble);
      TORCH_CHECK(d.numel() == c, "batch_norm: expected a per-channel tensor of ", c, " elements, got ", d.numel());
      for (int64_t i = 0; i < c; ++i) {
        values[static_cast<std::size_t>(i)] = d.data_ptr<double>()[i];
      }
    }
    return values;
  };
  const std::vector<double> gamma = channelValue(weight, 1.0);
  const std::vector<double> beta = channelValue(bias, 0.0);
  const std::vector<double> runMean = channelValue(running_mean, 0.0);
  const std::vector<double> runVar = channelValue(running_var, 1.0);
  std::vector<double> newMean(static_cast<std::size_t>(c));
  std::vector<double> newVar(static_cast<std::size_t>(c));
  const int64_t count = n * inner;
  for (int64_t ch = 0; ch < c; ++ch) {
    double mean = runMean[static_cast<std::size_t>(ch)];
    double var = runVar[static_cast<std::size_t>(ch)];
    if (useBatchStats) {
      double sum = 0;
      for (int64_t b = 0; b < n; ++b) {
        for (int64_t i = 0; i < inner; ++i) {
          sum += static_cast<double>(x[(b * c + ch) * inner + i]);
        }
      }
      mean = count > 0 ? sum / static_cast<double>(count) : 0.0;
      double sq = 0;
      for (int64_t b = 0; b < n; ++b) {
        for (int64_t i = 0; i < inner; ++i) {
          const double d = static_cast<double>(x[(b * c + ch) * inner + i]) - mean;
          sq += d * d;
        }
      }
      var = count > 0 ? sq / static_cast<double>(count) : 0.0;
      newMean[static_cast<std::size_t>(ch)] = mean;
      newVar[static_cast<std::size_t>(ch)] = count > 1 ? sq / static_cast<double>(count - 1) : var;
    }
    const double scale = gamma[static_cast<std::size_t>(ch)] / std::sqrt(var + eps);
    const double shift = beta[static_cast<std::size_t>(ch)] - mean * scale;
    for (int64_t b = 0; b < n; ++b) {
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t at = (b * c + ch) * inner + i;
        y[at] = static_cast<T>(static_cast<double>(x[at]) * scale + shift);
      }
    }
  }
  if (!useBatchStats) {
    return;
  }
  // running = (1 - momentum) * running + momentum * batch, in place.
  const auto update = [&](const std::optional<Tensor>& running, const std::vector<double>& batch,
                          const std::vector<double>& old) {
    if (!running.has_value() || !running->defined()) {
      return;
    }
    Tensor values = at::empty({c}, kDouble);
    for (int64_t i = 0; i < c; ++i) {
      const auto k = static_cast<std::size_t>(i);
      values.data_ptr<double>()[i] = (1 - momentum) * old[k] + momentum * batch[k];
    }
    running->copy_(values);
  };
  update(running_mean, newMean, runMean);
  update(running_var, newVar, runVar);
}

} // namespace

Tensor batch_norm(const Tensor& input, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                  const std::optional<Tensor>& running_mean, const std::optional<Tensor>& running_var, bool training,
                  double momentum, double eps, bool /*cudnn_enabled*/) {
  TORCH_CHECK(input.dim() >= 2, "batch_norm: expected an input of at least 2 dimensions (N, C, ...), got ",
              input.dim());
  const bool haveRunning = running_mean.has_value() && running_mean->defined() && running_var.has_value() &&
                           running_var->defined();
  const Tensor x = input.contiguous();
  Tensor out = at::empty(x.sizes(), x.scalar_type());
  switch (x.scalar_type()) {
    case kFloat:
      batchNorm<float>(x, out, weight, bias, running_mean, running_var, training || !haveRunning, momentum, eps);
      break;
    case kDouble:
      batchNorm<double>(x, out, weight, bias, running_mean, running_var, training || !haveRunning, momentum, eps);
      break;
    default:
      TORCH_CHECK(false, "batch_norm: expected a Float or Double input, got ", x.scalar_type());
  }
  return out;
}

} // namespace cpu
} // namespace at
