#include "options.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <sstream>

namespace dualgpu::smoke {
namespace {

// smoke/usage.txt, embedded at build time (smoke/CMakeLists.txt): `dualgpu smoke --help` prints the
// same file without building this program.
const char* const kUsage =
#include "smoke_usage.inc"
    ;

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "dualgpu smoke: " << message << "\n(run `dualgpu smoke --help` for the options)\n";
  std::exit(2);
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, ','))
    if (!part.empty()) parts.push_back(part);
  return parts;
}

}  // namespace

Options parse_options(int argc, char** argv) {
  Options o;
  o.color = ::isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    // Missing, empty and forgotten values (`--json --markdown r.md`) are usage errors: `--json ""`
    // would otherwise write nothing, silently, and `--json --markdown` a file named "--markdown".
    auto value = [&]() -> std::string {
      if (i + 1 >= argc || argv[i + 1][0] == '\0') usage_error(arg + " needs a value");
      const std::string next = argv[i + 1];
      if (next.rfind("--", 0) == 0) usage_error(arg + " needs a value (got '" + next + "'; a file of that name: ./" + next + ")");
      return argv[++i];
    };
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      std::exit(0);
    } else if (arg == "--device") {
      o.device = value();
      if (o.device != "auto" && o.device != "cpu" && o.device != "cuda")
        usage_error("--device must be auto, cpu or cuda, not '" + o.device + "'");
    } else if (arg == "--profile") {
      o.profile = value();
      if (o.profile != "default" && o.profile != "llm" && o.profile != "all")
        usage_error("--profile must be default, llm or all, not '" + o.profile + "'");
    } else if (arg == "--only") {
      o.only = value();
    } else if (arg == "--dtype") {
      o.dtypes = split_commas(value());
      if (o.dtypes.empty()) usage_error("--dtype names no dtype: give float32, float16 and/or bfloat16");
      for (const auto& d : o.dtypes)
        if (d != "float32" && d != "float16" && d != "bfloat16")
          usage_error("--dtype takes float32, float16, bfloat16; not '" + d + "'");
    } else if (arg == "--repeats") {
      o.repeats = std::atoi(value().c_str());
      if (o.repeats < 1) usage_error("--repeats must be at least 1");
      o.repeats_given = true;
    } else if (arg == "--sample-ms") {
      o.sample_ms = std::atof(value().c_str());
      if (o.sample_ms <= 0) usage_error("--sample-ms must be positive");
    } else if (arg == "--json") {
      o.json_path = value();
    } else if (arg == "--markdown") {
      o.markdown_path = value();
    } else if (arg == "--catalog") {
      o.catalogs.push_back(value());
    } else if (arg == "--inject") {
      o.inject = value();
      if (o.inject.find(':') == std::string::npos) usage_error("--inject takes KIND:REGEX");
    } else if (arg == "--list") {
      o.list_only = true;
    } else if (arg == "--verbose" || arg == "-v") {
      o.verbose = true;
    } else if (arg == "--no-progress") {
      o.progress = false;
    } else if (arg == "--no-color") {
      o.color = false;
    } else if (arg == "--no-advice") {
      o.show_advice = false;
    } else {
      usage_error("unknown option '" + arg + "'");
    }
  }
  return o;
}

}  // namespace dualgpu::smoke
