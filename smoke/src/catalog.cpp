#include "catalog.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace dualgpu::smoke {
namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  if (!text.empty() && text.back() == separator) parts.emplace_back();
  return parts;
}

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

}  // namespace

void Catalog::load_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read catalog file " + path);
  std::stringstream text;
  text << in.rdbuf();
  load_text(text.str(), path);
}

void Catalog::load_text(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  std::string raw;
  int line_number = 0;
  while (std::getline(in, raw)) {
    ++line_number;
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();
    if (trim(raw).empty() || trim(raw)[0] == '#') continue;
    const auto columns = split(raw, '\t');
    if (columns.size() != 4)
      throw std::runtime_error(name + ":" + std::to_string(line_number) + ": expected 4 TAB-separated columns "
                               "(pattern, category, advice, source), found " + std::to_string(columns.size()));
    CatalogEntry entry;
    entry.pattern_text = columns[0];
    try {
      entry.pattern = std::regex(columns[0], std::regex::ECMAScript | std::regex::icase | std::regex::optimize);
    } catch (const std::regex_error& e) {
      throw std::runtime_error(name + ":" + std::to_string(line_number) + ": bad regular expression '" +
                               columns[0] + "': " + e.what());
    }
    entry.category = trim(columns[1]);
    entry.advice = trim(columns[2]);
    entry.source = trim(columns[3]);
    entry.file = name;
    entry.line = line_number;
    entries_.push_back(std::move(entry));
  }
}

Diagnosis Catalog::classify(const std::string& origin, const std::string& message) const {
  Diagnosis d{origin, trim(message), "unclassified", "", ""};
  for (const auto& entry : entries_) {
    if (std::regex_search(message, entry.pattern)) {
      d.category = entry.category;
      d.advice = entry.advice;
      d.source = entry.source;
      return d;
    }
  }
  d.advice = "Not in the catalog: search the message in the PyTorch / ROCm issue trackers, and add it to a catalog "
             "file (--catalog FILE) once you know the cause.";
  return d;
}

std::vector<std::string> catalog_search_list(const std::vector<std::string>& from_options,
                                             const std::string& builtin_path) {
  std::vector<std::string> files = from_options;
  if (const char* env = std::getenv("DUALGPU_SMOKE_CATALOG")) {
    for (const auto& path : split(env, ':'))
      if (!path.empty()) files.push_back(path);
  }
  files.push_back(builtin_path);
  return files;
}

}  // namespace dualgpu::smoke
