// Report writers: the terminal table and summary, JSON, Markdown. Torch-free.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "check_result.hpp"

namespace dualgpu::smoke {

struct Report {
  EnvironmentReport environment;
  std::vector<CheckResult> results;
  double wall_seconds = 0;
  double startup_seconds = -1;  // until the checks start: libtorch, the GPU's first kernel, the probes
  int exit_status = 0;
};

// "Summary: 70/72 passed on cuda:0 | 1 failed | 1 skipped | 2 warnings"
std::string summary_line(const Report& report);
std::string first_line(const EnvironmentReport& env);

// verbose: a column with each check's wall time (inputs + reference + timed runs).
void print_progress(std::ostream& out, size_t index, size_t total, const CheckResult& r, bool color, bool verbose = false);
void print_table(std::ostream& out, const Report& report, bool color, bool verbose = false);
void print_diagnoses(std::ostream& out, const Report& report, bool color, bool advice);

void write_json(const std::string& path, const Report& report);
void write_markdown(const std::string& path, const Report& report);

// Shared by the writers.
std::string format_time_us(double us);
std::string format_throughput(const CheckResult& r);  // "312 TFLOP/s" or "3.1 TB/s", empty when unknown
size_t warning_count(const CheckResult& r);

}  // namespace dualgpu::smoke
