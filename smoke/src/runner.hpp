// Runs the registered checks on the chosen device. Torch-free interface, so main.cpp stays light.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "check_result.hpp"
#include "options.hpp"

namespace dualgpu::smoke {

struct PlannedCheck {  // for --list and for the progress counter
  std::string category, name, dtype;
};

std::vector<PlannedCheck> plan_checks(const Options& options, const EnvironmentReport& env);

// Called before (result == nullptr) and after each check, for progress output.
using Progress = std::function<void(size_t index, size_t total, const PlannedCheck&, const CheckResult*)>;

std::vector<CheckResult> run_checks(const Options& options, const Catalog& catalog, const EnvironmentReport& env,
                                    const Progress& progress);

}  // namespace dualgpu::smoke
