// The catalog of known messages (smoke/catalog.tsv plus the user's files) and the classifier
// that matches errors, torch warnings and stderr lines against it. Data, not a chain of ifs.
#pragma once

#include <regex>
#include <string>
#include <vector>

#include "check_result.hpp"

namespace dualgpu::smoke {

struct CatalogEntry {
  std::string pattern_text;
  std::regex pattern;
  std::string category;
  std::string advice;
  std::string source;
  std::string file;  // where the entry was read from, for error messages
  int line = 0;
};

class Catalog {
 public:
  // Reads one TSV file (pattern, category, advice, source) and appends its entries.
  // Throws std::runtime_error naming the file and line for a malformed entry.
  void load_file(const std::string& path);
  // Same, from text already in memory (tests).
  void load_text(const std::string& text, const std::string& name);

  // The first entry whose pattern occurs in `message`; category "unclassified" when none does.
  Diagnosis classify(const std::string& origin, const std::string& message) const;

  const std::vector<CatalogEntry>& entries() const { return entries_; }

 private:
  std::vector<CatalogEntry> entries_;
};

// Files to read, in priority order: --catalog files, then $DUALGPU_SMOKE_CATALOG (':'-separated),
// then the built-in catalog shipped with the program.
std::vector<std::string> catalog_search_list(const std::vector<std::string>& from_options,
                                             const std::string& builtin_path);

}  // namespace dualgpu::smoke
