#include "stderr_capture.hpp"

#include <unistd.h>

#include <iostream>

namespace dualgpu::smoke {

StderrCapture::StderrCapture() {
  std::cerr.flush();
  std::fflush(stderr);
  sink_ = std::tmpfile();
  if (sink_ == nullptr) return;
  saved_fd_ = ::dup(STDERR_FILENO);
  if (saved_fd_ < 0 || ::dup2(::fileno(sink_), STDERR_FILENO) < 0) {
    std::fclose(sink_);
    sink_ = nullptr;
    if (saved_fd_ >= 0) ::close(saved_fd_);
    saved_fd_ = -1;
  }
}

std::string StderrCapture::finish() {
  if (finished_) return text_;
  finished_ = true;
  if (sink_ == nullptr) return text_;
  std::cerr.flush();
  std::fflush(stderr);
  ::dup2(saved_fd_, STDERR_FILENO);
  ::close(saved_fd_);
  std::rewind(sink_);
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, sink_)) > 0) text_.append(buffer, n);
  std::fclose(sink_);
  sink_ = nullptr;
  return text_;
}

StderrCapture::~StderrCapture() { finish(); }

}  // namespace dualgpu::smoke
