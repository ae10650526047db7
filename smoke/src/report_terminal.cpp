#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <map>
#include <sstream>

#include "report.hpp"

namespace dualgpu::smoke {
namespace {

const char* paint(Status s, bool color) {
  if (!color) return "";
  switch (s) {
    case Status::passed: return "\033[32m";
    case Status::failed: return "\033[31m";
    case Status::skipped: return "\033[33m";
  }
  return "";
}
const char* reset(bool color) { return color ? "\033[0m" : ""; }

std::string status_word(const CheckResult& r) {
  if (r.status == Status::passed && warning_count(r) > 0) return "WARN";
  switch (r.status) {
    case Status::passed: return "ok";
    case Status::failed: return "FAIL";
    case Status::skipped: return "skip";
  }
  return "?";
}

std::string error_text(const CheckResult& r) {
  if (r.max_error < 0) return "-";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1e", r.max_error);
  return buffer;
}

}  // namespace

std::string format_time_us(double us) {
  if (us < 0) return "-";
  char buffer[32];
  if (us < 1000) std::snprintf(buffer, sizeof buffer, "%.1f us", us);
  else std::snprintf(buffer, sizeof buffer, "%.2f ms", us / 1000);
  return buffer;
}

std::string format_throughput(const CheckResult& r) {
  if (r.median_us <= 0) return "";
  char buffer[32];
  if (r.flop > 0) std::snprintf(buffer, sizeof buffer, "%.1f TFLOP/s", r.flop / r.median_us / 1e6);
  else if (r.bytes > 0) std::snprintf(buffer, sizeof buffer, "%.0f GB/s", r.bytes / r.median_us / 1e3);
  else return "";
  return buffer;
}

size_t warning_count(const CheckResult& r) {
  size_t n = 0;
  for (const auto& d : r.diagnoses)
    if (d.origin != "error" && d.origin != "result") ++n;
  return n;
}

std::string first_line(const EnvironmentReport& env) {
  std::ostringstream s;
  s << "dualgpu smoke: ";
  if (env.environment_unusable) s << "ENVIRONMENT UNUSABLE: " << env.why_cpu;
  else if (env.gpu_usable) s << "running on " << env.device << " (" << env.platform << ", " << env.gpu_runtime_version << ")";
  else s << "running every check on the CPU: " << env.why_cpu;
  s << " | libtorch " << env.torch_version;
  return s.str();
}

std::string summary_line(const Report& report) {
  size_t passed = 0, failed = 0, skipped = 0, warnings = 0, on_device = 0;
  for (const auto& r : report.results) {
    passed += r.status == Status::passed;
    failed += r.status == Status::failed;
    skipped += r.status == Status::skipped;
    on_device += r.output_device == report.environment.device;
    warnings += warning_count(r);
  }
  std::ostringstream s;
  s << "Summary: " << passed << "/" << report.results.size() << " passed on " << report.environment.device << " ("
    << on_device << " outputs on the device, values checked against float64) | " << failed << " failed | " << skipped
    << " skipped | " << warnings << " warnings | " << std::fixed << std::setprecision(1) << report.wall_seconds << " s";
  return s.str();
}

std::string format_wall(const CheckResult& r) {
  if (r.wall_ms < 0) return "-";
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%.0f ms (in %.0f ref %.0f time %.0f)", r.wall_ms, std::max(r.inputs_ms, 0.0),
                std::max(r.reference_ms, 0.0), std::max(r.timing_ms, 0.0));
  return buffer;
}

void print_progress(std::ostream& out, size_t index, size_t total, const CheckResult& r, bool color, bool verbose) {
  out << "[" << std::setw(3) << index + 1 << "/" << total << "] " << paint(r.status, color) << std::left << std::setw(5)
      << status_word(r) << reset(color) << " " << std::setw(48) << (r.category + "/" + r.name + "/" + r.dtype)
      << std::right << std::setw(11) << format_time_us(r.median_us);
  if (verbose) out << "  wall " << format_wall(r);
  if (r.status != Status::passed) out << "  " << r.failure_category << ": " << r.detail.substr(0, 100);
  out << std::endl;
}

void print_table(std::ostream& out, const Report& report, bool color, bool verbose) {
  out << "\n" << std::left << std::setw(16) << "category" << std::setw(26) << "check" << std::setw(10) << "dtype"
      << std::setw(6) << "status" << std::right << std::setw(12) << "median" << std::setw(16) << "throughput"
      << std::setw(10) << "error";
  if (verbose) out << std::setw(10) << "wall";
  out << "  " << std::left << "backend / reason\n";
  out << std::string(120, '-') << "\n";
  for (const auto& r : report.results) {
    std::string note = r.status == Status::passed ? r.backend : r.failure_category + ": " + r.detail;
    if (r.status == Status::passed && warning_count(r) > 0)
      note += std::string(note.empty() ? "" : "; ") + std::to_string(warning_count(r)) + " warning(s)";
    out << std::left << std::setw(16) << r.category << std::setw(26) << r.name << std::setw(10) << r.dtype
        << paint(r.status, color) << std::setw(6) << status_word(r) << reset(color) << std::right << std::setw(12)
        << format_time_us(r.median_us) << std::setw(16) << format_throughput(r) << std::setw(10) << error_text(r);
    if (verbose) out << std::setw(10) << (r.wall_ms < 0 ? std::string("-") : std::to_string(static_cast<long>(r.wall_ms + 0.5)) + " ms");
    out << "  " << std::left << note.substr(0, 110) << "\n";
  }
}

void print_diagnoses(std::ostream& out, const Report& report, bool color, bool advice) {
  // One block per category, so a warning repeated by twenty checks reads once.
  std::map<std::string, std::pair<Diagnosis, std::vector<std::string>>> by_category;
  auto collect = [&](const Diagnosis& d, const std::string& where) {
    auto& entry = by_category[d.category];
    if (entry.second.empty()) entry.first = d;
    entry.second.push_back(where);
  };
  for (const auto& d : report.environment.diagnoses) collect(d, "environment");
  for (const auto& r : report.results)
    for (const auto& d : r.diagnoses) collect(d, r.category + "/" + r.name + "/" + r.dtype);
  if (by_category.empty()) return;
  out << "\nDiagnosis (" << by_category.size() << " kind(s) of message):\n";
  for (const auto& [category, entry] : by_category) {
    const auto& [d, where] = entry;
    out << "  " << (color ? "\033[1m" : "") << "[" << category << "]" << reset(color) << " " << d.origin << ": "
        << d.message.substr(0, 300) << "\n";
    out << "      seen in " << where.size() << " place(s): " << where.front() << (where.size() > 1 ? ", ..." : "") << "\n";
    if (advice && !d.advice.empty()) out << "      advice: " << d.advice << "\n";
    if (advice && !d.source.empty()) out << "      source: " << d.source << "\n";
  }
}

}  // namespace dualgpu::smoke
