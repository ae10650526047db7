#include <cstdio>
#include <stdexcept>

#include "report.hpp"
#include "report_file.hpp"

namespace dualgpu::smoke {
namespace {

std::string cell(std::string s) {  // a pipe would end the cell
  for (auto& c : s)
    if (c == '|' || c == '\n') c = ' ';
  return s;
}

}  // namespace

void write_markdown(const std::string& path, const Report& report) {
  write_report_file(path, [&](std::ostream& out) {
    out << "# dualgpu smoke report\n\n" << first_line(report.environment) << "\n\n" << summary_line(report) << "\n\n";
    out << "| backend | value |\n|---|---|\n";
    for (const auto& [name, value] : report.environment.backends) out << "| " << cell(name) << " | " << cell(value) << " |\n";
    out << "\n| category | check | dtype | status | median | throughput | error | backend / reason |\n"
           "|---|---|---|---|---:|---:|---:|---|\n";
    for (const auto& r : report.results) {
      char error[32] = "-";
      if (r.max_error >= 0) std::snprintf(error, sizeof error, "%.1e", r.max_error);
      const auto note = r.status == Status::passed ? r.backend : r.failure_category + ": " + r.detail;
      out << "| " << r.category << " | " << r.name << " | " << r.dtype << " | " << to_string(r.status) << " | "
          << format_time_us(r.median_us) << " | " << format_throughput(r) << " | " << error << " | " << cell(note) << " |\n";
    }
    out << "\n## Diagnoses\n\n| where | category | message | advice | source |\n|---|---|---|---|---|\n";
    for (const auto& d : report.environment.diagnoses)
      out << "| environment | " << d.category << " | " << cell(d.message) << " | " << cell(d.advice) << " | " << cell(d.source) << " |\n";
    for (const auto& r : report.results)
      for (const auto& d : r.diagnoses)
        out << "| " << r.category << "/" << r.name << "/" << r.dtype << " | " << d.category << " | " << cell(d.message)
            << " | " << cell(d.advice) << " | " << cell(d.source) << " |\n";
  });
}

}  // namespace dualgpu::smoke
