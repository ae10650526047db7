// Times an operator on its device: warm-up, device synchronisation, repeated samples, median.
// A sample runs the operator n times back to back (n chosen so a sample lasts ~sample_ms) and is
// divided by n: the synchronisation is paid once per sample, not once per call, so it does not
// leak into what is timed. On a GPU with libtorch >= 2.6 the samples are measured with device
// events (like torch.cuda.Event in Python); otherwise with the host clock between synchronisations.
#pragma once

#include <ATen/ATen.h>
#include <c10/core/Event.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

#include "check_spec.hpp"

namespace dualgpu::smoke {

// Waits until everything queued on the device's current stream has finished.
inline void synchronize_device(const at::Device& device) {
  if (device.is_cpu()) return;
  const auto* impl = c10::impl::getDeviceGuardImpl(device.type());
  c10::Event done(device.type());
  done.record(impl->getStream(device));
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 1)
  done.synchronize();
#else
  while (!done.query()) {
  }
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 1)
}

struct Timing {
  double median_us = -1, min_us = -1;
  int calls_per_sample = 0, samples = 0;
  const char* clock = "host";
};

// budget_ms > 0: fewer samples (at least 3, at most `samples`) when `samples` of them would take longer.
inline Timing time_on_device(const std::function<void()>& call, const at::Device& device, int warmups, int samples,
                             double sample_ms, double budget_ms = 0) {
  using clock = std::chrono::steady_clock;
  for (int i = 0; i < warmups; ++i) call();
  synchronize_device(device);
  auto start = clock::now();
  call();
  synchronize_device(device);
  const double one_call_ms = std::chrono::duration<double, std::milli>(clock::now() - start).count();
  Timing t;
  t.calls_per_sample = static_cast<int>(std::clamp(sample_ms / std::max(one_call_ms, 1e-6), 1.0, 1000.0));
  if (budget_ms > 0) {
    const double one_sample_ms = std::max(one_call_ms * t.calls_per_sample, 1e-6);
    samples = static_cast<int>(std::clamp(budget_ms / one_sample_ms, std::min(3.0, double(samples)), double(samples)));
  }
  std::vector<double> per_call_us;
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 6)
  if (!device.is_cpu()) {
    // All samples queued back to back, each between two events, and one synchronisation at the end:
    // the events time each sample on the device, so the host need not wait between them.
    t.clock = "device events";
    const auto* impl = c10::impl::getDeviceGuardImpl(device.type());
    std::vector<c10::Event> events;
    events.reserve(2 * samples);
    for (int s = 0; s < samples; ++s) {
      events.emplace_back(device.type(), c10::EventFlag::BACKEND_DEFAULT);
      events.back().record(impl->getStream(device));
      for (int i = 0; i < t.calls_per_sample; ++i) call();
      events.emplace_back(device.type(), c10::EventFlag::BACKEND_DEFAULT);
      events.back().record(impl->getStream(device));
    }
    events.back().synchronize();
    for (int s = 0; s < samples; ++s)
      per_call_us.push_back(events[2 * s].elapsedTime(events[2 * s + 1]) * 1000.0 / t.calls_per_sample);
  }
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 6)
  if (per_call_us.empty()) {
    for (int s = 0; s < samples; ++s) {
      synchronize_device(device);
      start = clock::now();
      for (int i = 0; i < t.calls_per_sample; ++i) call();
      synchronize_device(device);
      per_call_us.push_back(std::chrono::duration<double, std::micro>(clock::now() - start).count() / t.calls_per_sample);
    }
  }
  std::sort(per_call_us.begin(), per_call_us.end());
  t.samples = static_cast<int>(per_call_us.size());
  t.median_us = per_call_us[per_call_us.size() / 2];
  t.min_us = per_call_us.front();
  return t;
}

}  // namespace dualgpu::smoke
