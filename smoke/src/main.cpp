// `dualgpu smoke`: do the common PyTorch operators work, correctly and fast, on this machine's GPU?
// Torch-free: everything that includes torch sits behind environment.hpp and runner.hpp.
#include <algorithm>
#include <chrono>
#include <iostream>

#include "catalog.hpp"
#include "environment.hpp"
#include "options.hpp"
#include "report.hpp"
#include "runner.hpp"

#ifndef DUALGPU_SMOKE_BUILTIN_CATALOG
#error "DUALGPU_SMOKE_BUILTIN_CATALOG must name smoke/catalog.tsv (set by smoke/CMakeLists.txt)"
#endif  // DUALGPU_SMOKE_BUILTIN_CATALOG

namespace smoke = dualgpu::smoke;

namespace {

int finish(smoke::Report& report, const smoke::Options& options) {
  try {
    if (!options.json_path.empty()) smoke::write_json(options.json_path, report);
    if (!options.markdown_path.empty()) smoke::write_markdown(options.markdown_path, report);
  } catch (const std::exception& e) {
    std::cerr << "dualgpu smoke: " << e.what() << "\n";
    return 2;
  }
  return report.exit_status;
}

}  // namespace

int main(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  const auto options = smoke::parse_options(argc, argv);
  smoke::Catalog catalog;
  try {
    for (const auto& file : smoke::catalog_search_list(options.catalogs, DUALGPU_SMOKE_BUILTIN_CATALOG))
      catalog.load_file(file);
  } catch (const std::exception& e) {
    std::cerr << "dualgpu smoke: " << e.what() << "\n";
    return 2;
  }

  smoke::Report report;
  report.environment = smoke::probe_environment(options, catalog);
  std::cout << smoke::first_line(report.environment) << std::endl;
  for (const auto& [name, value] : report.environment.backends) std::cout << "  " << name << ": " << value << "\n";
  if (report.environment.environment_unusable) {
    smoke::print_diagnoses(std::cout, report, options.color, options.show_advice);
    report.exit_status = 2;
    return finish(report, options);
  }
  // A filter that selects nothing is a mistake in the filter, not a pass of "0/0 checks".
  if (!options.only.empty() && smoke::plan_checks(options, report.environment).empty()) {
    std::cerr << "dualgpu smoke: --only '" << options.only
              << "' matches no check: `dualgpu smoke --list` shows the category/name/dtype names it is matched against\n";
    return 2;
  }
  if (options.list_only) {
    for (const auto& c : smoke::plan_checks(options, report.environment))
      std::cout << c.category << "/" << c.name << "/" << c.dtype << "\n";
    return 0;
  }

  auto progress = [&](size_t i, size_t total, const smoke::PlannedCheck&, const smoke::CheckResult* r) {
    if (r != nullptr && options.progress) smoke::print_progress(std::cout, i, total, *r, options.color, options.verbose);
  };
  report.startup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  report.results = smoke::run_checks(options, catalog, report.environment, progress);
  report.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  bool any_failed = false;
  for (const auto& r : report.results) any_failed |= r.status == smoke::Status::failed;
  report.exit_status = any_failed ? 1 : 0;

  smoke::print_table(std::cout, report, options.color, options.verbose);
  if (options.verbose) {
    double slowest_ms = 0, sum_ms = 0;
    std::string slowest;
    for (const auto& r : report.results) {
      sum_ms += std::max(r.wall_ms, 0.0);
      if (r.wall_ms > slowest_ms) slowest_ms = r.wall_ms, slowest = r.category + "/" + r.name + "/" + r.dtype;
    }
    std::cout << "\nwall time: start-up " << report.startup_seconds << " s, checks " << sum_ms / 1000 << " s (slowest "
              << slowest << ": " << slowest_ms << " ms)\n";
  }
  smoke::print_diagnoses(std::cout, report, options.color, options.show_advice);
  std::cout << "\n" << smoke::summary_line(report) << std::endl;
  return finish(report, options);
}
