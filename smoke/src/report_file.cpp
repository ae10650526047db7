#include "report_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace dualgpu::smoke {

namespace {

[[noreturn]] void fail(const std::string& path, int error) {
  throw std::runtime_error("cannot write the report " + path + ": " + std::strerror(error) +
                           " (choose a writable path with free space)");
}

void write_stream(const std::string& path, const std::function<void(std::ostream&)>& write) {
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) fail(path, errno ? errno : EACCES);
  write(out);
  out.flush();
  out.close();
  if (!out) fail(path, errno ? errno : EIO);
}

}  // namespace

void write_report_file(const std::string& path, const std::function<void(std::ostream&)>& write) {
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    write_stream(path, write);  // a device or a pipe: there is no "beside it" to stage in
    return;
  }
  const std::string staging = path + ".partial-" + std::to_string(getpid());
  try {
    write_stream(staging, write);
  } catch (...) {
    std::remove(staging.c_str());
    throw;
  }
  if (std::rename(staging.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(staging.c_str());
    fail(path, error);
  }
}

}  // namespace dualgpu::smoke
