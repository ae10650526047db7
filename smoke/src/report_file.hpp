// Writing a report file so that it is whole or absent: a report that cannot be written is an error,
// never a silent exit 0 with the report lost (a full disk, /dev/full, a read-only folder).
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace dualgpu::smoke {

// Calls write(stream) and puts the text at path. A regular file (or a new one) is written beside its
// final name and renamed into place once complete, so a reader never sees half a report; a device or
// pipe (/dev/stdout, a FIFO) is written directly. Throws std::runtime_error naming the path and why.
void write_report_file(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace dualgpu::smoke
