// Collects the warnings torch raises (TORCH_WARN) while it lives, instead of printing them.
// The handler interface changed in 2.0: 1.13 passes (location, message, verbatim) and keeps the
// setter in namespace c10::Warning; 2.x passes a c10::Warning object and has c10::WarningUtils.
#pragma once

#include <c10/util/Exception.h>

#include <string>
#include <vector>

#include "check_spec.hpp"  // DUALGPU_SMOKE_TORCH_AT_LEAST

namespace dualgpu::smoke {

class WarningCapture : public c10::WarningHandler {
 public:
  WarningCapture() : previous_(get()) { set(this); }
  ~WarningCapture() override { set(previous_); }
  WarningCapture(const WarningCapture&) = delete;
  WarningCapture& operator=(const WarningCapture&) = delete;

#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)
  void process(const c10::Warning& warning) override { messages_.push_back(warning.msg()); }
#else
  void process(const c10::SourceLocation&, const std::string& msg, const bool) override { messages_.push_back(msg); }
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)

  const std::vector<std::string>& messages() const { return messages_; }

 private:
#if DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)
  static c10::WarningHandler* get() { return c10::WarningUtils::get_warning_handler(); }
  static void set(c10::WarningHandler* h) { c10::WarningUtils::set_warning_handler(h); }
#else
  static c10::WarningHandler* get() { return c10::Warning::get_warning_handler(); }
  static void set(c10::WarningHandler* h) { c10::Warning::set_warning_handler(h); }
#endif  // DUALGPU_SMOKE_TORCH_AT_LEAST(2, 0)

  c10::WarningHandler* previous_;
  std::vector<std::string> messages_;
};

}  // namespace dualgpu::smoke
