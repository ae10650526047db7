// Captures what is written to file descriptor 2 while it lives. MIOpen, HIPRTC and the HIP runtime
// write their messages with fprintf(stderr) / std::cerr, not through torch, so only a redirection
// of the descriptor itself sees them. A temporary file (not a pipe) takes the text, so a chatty
// library can never block on a full pipe.
#pragma once

#include <cstdio>
#include <string>

namespace dualgpu::smoke {

class StderrCapture {
 public:
  StderrCapture();   // starts capturing; if redirection fails, captures nothing and says so in text()
  ~StderrCapture();  // restores fd 2
  StderrCapture(const StderrCapture&) = delete;
  StderrCapture& operator=(const StderrCapture&) = delete;

  // Stops capturing (idempotent) and returns everything written meanwhile.
  std::string finish();

 private:
  std::FILE* sink_ = nullptr;
  int saved_fd_ = -1;
  std::string text_;
  bool finished_ = false;
};

}  // namespace dualgpu::smoke
