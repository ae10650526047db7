#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "report.hpp"
#include "report_file.hpp"

namespace dualgpu::smoke {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string number(double v) {
  if (!std::isfinite(v) || v < 0) return "null";  // negative means "not measured"
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", v);
  return buffer;
}

std::string diagnoses(const std::vector<Diagnosis>& list) {
  std::string out = "[";
  for (size_t i = 0; i < list.size(); ++i) {
    const auto& d = list[i];
    out += std::string(i ? ", " : "") + "{\"origin\": " + quoted(d.origin) + ", \"category\": " + quoted(d.category) +
           ", \"message\": " + quoted(d.message) + ", \"advice\": " + quoted(d.advice) + ", \"source\": " +
           quoted(d.source) + "}";
  }
  return out + "]";
}

}  // namespace

void write_json(const std::string& path, const Report& report) {
  write_report_file(path, [&](std::ostream& out) {
    const auto& env = report.environment;
    out << "{\n  \"summary\": " << quoted(summary_line(report)) << ",\n  \"exit_status\": " << report.exit_status
        << ",\n  \"wall_seconds\": " << number(report.wall_seconds)
        << ",\n  \"startup_seconds\": " << number(report.startup_seconds) << ",\n  \"environment\": {\"device\": "
        << quoted(env.device) << ", \"platform\": " << quoted(env.platform) << ", \"torch\": " << quoted(env.torch_version)
        << ", \"gpu_runtime\": " << quoted(env.gpu_runtime_version) << ", \"unusable\": "
        << (env.environment_unusable ? "true" : "false") << ", \"why_cpu\": " << quoted(env.why_cpu) << ", \"backends\": {";
    for (size_t i = 0; i < env.backends.size(); ++i)
      out << (i ? ", " : "") << quoted(env.backends[i].first) << ": " << quoted(env.backends[i].second);
    out << "}, \"diagnoses\": " << diagnoses(env.diagnoses) << "},\n  \"checks\": [\n";
    for (size_t i = 0; i < report.results.size(); ++i) {
      const auto& r = report.results[i];
      out << "    {\"category\": " << quoted(r.category) << ", \"name\": " << quoted(r.name) << ", \"dtype\": "
          << quoted(r.dtype) << ", \"status\": " << quoted(to_string(r.status)) << ", \"failure_category\": "
          << quoted(r.failure_category) << ", \"detail\": " << quoted(r.detail) << ", \"shape\": " << quoted(r.shape)
          << ", \"output_device\": " << quoted(r.output_device) << ", \"backend\": " << quoted(r.backend)
          << ", \"max_error\": " << number(r.max_error) << ", \"tolerance\": " << number(r.tolerance)
          << ", \"median_us\": " << number(r.median_us) << ", \"min_us\": " << number(r.min_us)
          << ", \"timed_runs\": " << r.timed_runs << ", \"flop\": " << number(r.flop) << ", \"bytes\": " << number(r.bytes)
          << ", \"reference_covers\": " << quoted(r.reference_covers) << ", \"wall_ms\": " << number(r.wall_ms)
          << ", \"inputs_ms\": " << number(r.inputs_ms) << ", \"reference_ms\": " << number(r.reference_ms)
          << ", \"timing_ms\": " << number(r.timing_ms)
          << ", \"diagnoses\": " << diagnoses(r.diagnoses) << "}" << (i + 1 < report.results.size() ? "," : "") << "\n";
    }
    out << "  ]\n}\n";
  });
}

}  // namespace dualgpu::smoke
