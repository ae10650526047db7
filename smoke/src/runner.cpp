// Runs each check the same way: inputs once, output device, float64 reference, timing, backend,
// and every warning and stderr line, classified.
#include "runner.hpp"

#include <ATen/ATen.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <regex>
#include <sstream>

#include "blas_backend.hpp"
#include "check_spec.hpp"
#include "conv_backend.hpp"
#include "device_timer.hpp"
#include "reference_compare.hpp"
#include "sdpa_backend.hpp"
#include "stderr_capture.hpp"
#include "warning_capture.hpp"

namespace dualgpu::smoke {
namespace {

std::string dtype_name(at::ScalarType t) {
  switch (t) {
    case at::kHalf: return "float16";
    case at::kBFloat16: return "bfloat16";
    default: return "float32";
  }
}

std::vector<CheckSpec> registered_checks(const Options& o) {
  std::vector<CheckSpec> checks;
  if (o.profile != "llm") {
    add_math_checks(checks);
    add_nn_checks(checks);
  }
  if (o.profile != "default") add_llm_checks(checks);
  return checks;
}

bool dtype_wanted(const Options& o, const std::string& dtype) {
  if (o.dtypes.empty()) return true;
  return std::find(o.dtypes.begin(), o.dtypes.end(), dtype) != o.dtypes.end();
}

// A planned (spec, dtype) pair.
struct Planned {
  const CheckSpec* spec;
  at::ScalarType dtype;
  PlannedCheck names;
};

std::vector<Planned> plan(const std::vector<CheckSpec>& checks, const Options& o, const EnvironmentReport& env) {
  std::vector<Planned> out;
  const std::regex only(o.only.empty() ? ".*" : o.only, std::regex::ECMAScript | std::regex::icase);
  for (const auto& spec : checks)
    for (auto dtype : spec.dtypes) {
      PlannedCheck p{spec.category, spec.name, dtype_name(dtype)};
      if (!dtype_wanted(o, p.dtype)) continue;
      if (std::find(env.dtypes_not_run.begin(), env.dtypes_not_run.end(), p.dtype) != env.dtypes_not_run.end()) continue;
      if (!std::regex_search(p.category + "/" + p.name + "/" + p.dtype, only)) continue;
      out.push_back({&spec, dtype, p});
    }
  return out;
}

// The test hook of --inject KIND:REGEX.
struct Injection {
  std::string kind;
  std::regex which;
  bool applies(const PlannedCheck& p) const {
    return !kind.empty() && std::regex_search(p.category + "/" + p.name + "/" + p.dtype, which);
  }
};

Injection parse_injection(const std::string& text) {
  if (text.empty()) return {};
  const auto colon = text.find(':');
  return {text.substr(0, colon), std::regex(text.substr(colon + 1), std::regex::ECMAScript | std::regex::icase)};
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

void add_lines(std::vector<Diagnosis>& into, const Catalog& catalog, const std::string& origin, const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) into.push_back(catalog.classify(origin, line));
}

double bytes_of(const Tensors& inputs, const at::Tensor& output) {
  double total = static_cast<double>(output.numel() * output.element_size());
  for (const auto& t : inputs) total += static_cast<double>(t.numel() * t.element_size());
  return total;
}

// The last operator's float64 inputs, reused by its other dtypes (same seed, same values).
using InputsCache = std::pair<const CheckSpec*, Tensors>;

// Without an explicit --repeats, timing stops after about this long (at least 3 samples).
constexpr double kTimingBudgetMs = 20.0;

class CheckRun {
 public:
  CheckRun(const Planned& p, const at::Device& device, const EnvironmentReport& env, const Options& o,
           const Catalog& catalog, const Injection& inject, InputsCache& inputs_cache)
      : p_(p), spec_(*p.spec), device_(device), env_(env), options_(o), catalog_(catalog), inject_(inject),
        inputs_cache_(inputs_cache) {
    r_.category = p.names.category;
    r_.name = p.names.name;
    r_.dtype = p.names.dtype;
  }

  CheckResult run() {
    if (!spec_.skip_reason.empty()) return skip("operator-absent", spec_.skip_reason);
    for (const auto& [dtype, why] : env_.unsupported_dtypes)
      if (dtype == r_.dtype) return skip("dtype-unsupported", why);
    StderrCapture stderr_text;
    {
      WarningCapture warnings;
      try {
        body();
      } catch (const c10::Error& e) {
        fail_with_error(e.what_without_backtrace());
      } catch (const std::exception& e) {
        fail_with_error(e.what());
      }
      for (const auto& w : warnings.messages()) r_.diagnoses.push_back(catalog_.classify("torch-warning", w));
    }
    add_lines(r_.diagnoses, catalog_, "stderr", stderr_text.finish());
    return r_;
  }

 private:
  CheckResult skip(const std::string& category, const std::string& why) {
    r_.status = Status::skipped;
    r_.failure_category = category;
    r_.detail = why;
    return r_;
  }

  void fail_with_error(const std::string& message) {
    auto d = catalog_.classify("error", message);
    // A CPU kernel missing for bfloat16 in an old libtorch is a fact about the build, not a broken machine.
    if (device_.is_cpu() && d.category == "dtype-not-implemented") {
      skip(d.category, first_line(message));
    } else {
      r_.status = Status::failed;
      r_.failure_category = d.category;
      r_.detail = first_line(message);
    }
    r_.diagnoses.push_back(std::move(d));
  }

  using Clock = std::chrono::steady_clock;
  static double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

  void body() {
    auto phase = Clock::now();
    // The float64 inputs depend only on the operator (seeded by its name): the dtypes of one operator share them.
    if (inputs_cache_.first != &spec_) {
      inputs_cache_ = {nullptr, {}};  // free the previous operator's inputs first
      at::manual_seed(std::hash<std::string>{}(r_.category + "/" + r_.name) & 0xffffffff);
      const CheckContext ctx{!device_.is_cpu()};
      input_device() = device_;
      inputs_cache_ = {&spec_, spec_.make_inputs(ctx)};
    }
    const Tensors& made = inputs_cache_.second;

    // The sample the float64 reference recomputes (row-independent operators; empty: everything).
    const auto& sample = spec_.sample;
    std::vector<int64_t> picked;
    if (!sample.inputs.empty() && !spec_.compare_view) {
      const auto& [first, dim] = sample.inputs.front();
      picked = sample_indices(made.at(first).size(dim), sample.budget);
      std::ostringstream covers;
      if (!picked.empty()) covers << picked.size() << "/" << made.at(first).size(dim) << " of output dim " << sample.output_dim;
      r_.reference_covers = covers.str();
    }
    if (r_.reference_covers.empty()) r_.reference_covers = spec_.compare_view ? "a slice" : "all";
    const auto index = picked.empty() ? at::Tensor() : at::tensor(picked, at::kLong);
    auto sampled_dim = [&](size_t i) -> int64_t {
      if (picked.empty()) return -1;
      for (const auto& [which, dim] : sample.inputs)
        if (which == i) return dim;
      return -1;
    };

    Tensors device_inputs, reference_inputs;
    for (const auto& t : made) {
      const size_t i = device_inputs.size();
      const bool keep32 = std::find(spec_.keep_float32.begin(), spec_.keep_float32.end(), i) != spec_.keep_float32.end();
      const auto dim = sampled_dim(i);
      // Only the sampled indices of a sampled input travel back to the CPU for the reference.
      auto for_reference = [&](const at::Tensor& x) {
        return (dim >= 0 ? x.index_select(dim, index.to(x.device())) : x).to(at::kCPU);
      };
      if (at::isFloatingType(t.scalar_type())) {
        auto rounded = t.to(device_, keep32 ? at::kFloat : p_.dtype);  // what the device computes with...
        reference_inputs.push_back(for_reference(rounded).to(at::kDouble));  // ...is exactly what the reference sees
        device_inputs.push_back(rounded);
      } else {
        reference_inputs.push_back(for_reference(t));
        device_inputs.push_back(t.to(device_));
      }
    }
    std::ostringstream shapes;
    for (const auto& t : device_inputs) shapes << (shapes.tellp() > 0 ? " " : "") << t.sizes();
    r_.shape = shapes.str();

    const bool inject_here = inject_.applies(p_.names);
    auto call = [&]() -> at::Tensor {
      if (inject_here && inject_.kind == "exception")
        throw std::runtime_error("HIP error: invalid device function (injected by --inject)");
      if (inject_here && inject_.kind == "warning") TORCH_WARN("Memory efficient kernel not used because: injected by --inject");
      if (inject_here && inject_.kind == "stderr")
        std::fprintf(stderr, "MIOpen(HIP): Warning [SQLiteBase] Missing system database file: gfx1030_40.kdb Performance may degrade (injected)\n");
      return spec_.op(device_inputs);
    };

    auto output = call();
    synchronize_device(device_);
    r_.inputs_ms = ms_since(phase);  // includes the first call (kernel load, cuDNN/cuBLAS handles)
    phase = Clock::now();
    r_.output_device = output.device().str();
    if (output.device() != device_) {
      r_.status = Status::failed;
      r_.failure_category = "output-not-on-device";
      r_.detail = "output on " + r_.output_device + ", expected " + device_.str();
      return;
    }

    describe_backend(device_inputs);

    auto reference = (spec_.reference ? spec_.reference : spec_.op)(reference_inputs);
    auto compared = spec_.compare_view ? spec_.compare_view(output)
                                       : (picked.empty() ? output : output.index_select(sample.output_dim, index.to(device_)));
    if (inject_here && inject_.kind == "wrong-result") compared = compared * 1.5;
    r_.tolerance = tolerance_for(p_.dtype) * spec_.tolerance_scale;
    const bool tf32 = !device_.is_cpu() && p_.dtype == at::kFloat &&
                      ((spec_.may_use_tf32 && env_.tf32_convolutions) ||
                       (spec_.backend == CheckSpec::Backend::blas && env_.tf32_matmul));
    if (tf32) r_.tolerance = std::max(r_.tolerance, kTf32Tolerance);
    const bool cpu_bf16_sums = device_.is_cpu() && p_.dtype == at::kBFloat16 &&
                               (spec_.backend == CheckSpec::Backend::blas || spec_.backend == CheckSpec::Backend::conv);
    if (cpu_bf16_sums) r_.tolerance = std::max(r_.tolerance, kCpuBf16SumTolerance);
    auto comparison = compare_with_reference(compared, reference, r_.tolerance);
    // Outside the sample, the output must at least be finite (the inputs are, and so is every sampled operator).
    if (comparison.ok && !picked.empty() && at::isfinite(output).all().item<bool>() == false) {
      comparison.ok = false;
      comparison.why = "NaN or Inf in the output outside the rows the reference recomputed";
    }
    r_.max_error = comparison.error;
    r_.reference_ms = ms_since(phase);
    phase = Clock::now();
    if (!comparison.ok) {
      r_.status = Status::failed;
      r_.failure_category = "wrong-result";
      r_.detail = comparison.why;
      r_.diagnoses.push_back({"result", comparison.why, "wrong-result",
                              "The operator returned wrong numbers on this device: rerun this check alone "
                              "(--only), try with cuDNN/MIOpen disabled, and report it with the shapes and dtype.",
                              "dualgpu smoke"});
      return;
    }

    const auto timing = time_on_device([&] { call(); }, device_, /*warmups=*/2, options_.repeats,
                                       options_.sample_ms > 0 ? options_.sample_ms : (device_.is_cpu() ? 1.0 : 2.0),
                                       options_.repeats_given ? 0.0 : kTimingBudgetMs);
    r_.timing_ms = ms_since(phase);
    r_.median_us = timing.median_us;
    r_.min_us = timing.min_us;
    r_.timed_runs = timing.samples * timing.calls_per_sample;
    r_.flop = spec_.flop ? spec_.flop(device_inputs) : 0;
    r_.bytes = bytes_of(device_inputs, output);
    r_.status = Status::passed;
    r_.detail = std::string("timed with ") + timing.clock + (tf32 ? "; fp32 may run as TF32" : "");
  }

  void describe_backend(const Tensors& in) {
    switch (spec_.backend) {
      case CheckSpec::Backend::blas:
        r_.backend = device_.is_cpu() ? "cpu-blas" : env_.gpu_blas;
        break;
      case CheckSpec::Backend::conv:
        r_.backend = conv_backend_for(in[0], in[1], spec_.conv);
        break;
      case CheckSpec::Backend::sdpa: {
        const auto b = probe_sdpa_backends(in[0], in[1], in[2], in.size() > 3 ? in[3] : at::Tensor(), spec_.sdpa_causal);
        r_.backend = b.chosen;
        // A GPU falling back to the math path is slow for long sequences: never a silent pass.
        if (!device_.is_cpu() && b.chosen == "math") {
          std::string why;
          for (const auto& [name, reason] : b.refused) why += (why.empty() ? "" : "; ") + name + ": " + reason;
          auto d = catalog_.classify("backend", "scaled_dot_product_attention fell back to the math path: " + why);
          if (d.category == "unclassified") d.category = "sdpa-backend-unavailable";
          r_.diagnoses.push_back(std::move(d));
        }
        break;
      }
      case CheckSpec::Backend::none:
        break;
    }
  }

  const Planned& p_;
  const CheckSpec& spec_;
  at::Device device_;
  const EnvironmentReport& env_;
  const Options& options_;
  const Catalog& catalog_;
  const Injection& inject_;
  InputsCache& inputs_cache_;
  CheckResult r_;
};

}  // namespace

std::vector<PlannedCheck> plan_checks(const Options& options, const EnvironmentReport& env) {
  const auto checks = registered_checks(options);
  std::vector<PlannedCheck> names;
  for (const auto& p : plan(checks, options, env)) names.push_back(p.names);
  return names;
}

std::vector<CheckResult> run_checks(const Options& options, const Catalog& catalog, const EnvironmentReport& env,
                                    const Progress& progress) {
  const auto checks = registered_checks(options);
  const auto planned = plan(checks, options, env);
  const auto inject = parse_injection(options.inject);
  const at::Device device(env.device);
  std::vector<CheckResult> results;
  InputsCache inputs_cache{nullptr, {}};
  for (size_t i = 0; i < planned.size(); ++i) {
    if (progress) progress(i, planned.size(), planned[i].names, nullptr);
    const auto started = std::chrono::steady_clock::now();
    results.push_back(CheckRun(planned[i], device, env, options, catalog, inject, inputs_cache).run());
    results.back().wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    if (progress) progress(i, planned.size(), planned[i].names, &results.back());
  }
  return results;
}

}  // namespace dualgpu::smoke
