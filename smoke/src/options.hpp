// Command-line options of `dualgpu smoke`. Torch-free.
#pragma once

#include <string>
#include <vector>

namespace dualgpu::smoke {

struct Options {
  std::string device = "auto";        // auto | cpu | cuda
  std::string profile = "default";    // default | llm | all
  std::string only;                   // regular expression on "category/name/dtype"
  std::vector<std::string> dtypes;    // empty: every dtype the device supports
  std::vector<std::string> catalogs;  // extra catalog files, read before the built-in one
  std::string json_path;
  std::string markdown_path;
  std::string inject;                 // KIND:REGEX, KIND in exception|wrong-result|warning|stderr (tests)
  int repeats = 7;                    // timed samples per check (at most, unless given: see repeats_given)
  bool repeats_given = false;         // --repeats given: exactly that many; else stop after ~20 ms (>= 3 samples)
  bool verbose = false;               // a wall-time column per check
  double sample_ms = -1;              // target duration of one timed sample; -1: device default
  bool list_only = false;
  bool progress = true;
  bool color = true;
  bool show_advice = true;
};

// Parses argv; on --help prints usage and exits 0, on a bad option prints why and exits 2.
Options parse_options(int argc, char** argv);

}  // namespace dualgpu::smoke
