// Reading a file the user named. `--rules /dev/zero` read for 5.5 s before
// failing, and a FIFO blocked for ever: an input is a regular file, and
// anything else (a device, a FIFO, a socket, a folder) is refused at once,
// by name, before a byte is read.
#pragma once

#include <string>

namespace inchzero {

// The whole content of the regular file `path`. Throws GameError
// "<what> '<path>' <reason>": "does not exist", "is a directory", "is a FIFO,
// not a regular file", "is a character device, not a regular file", or the
// system's reason it cannot be read. Opens without blocking, so a FIFO with
// no writer is refused, not waited on.
std::string read_input_file(const std::string& path, const std::string& what);

// Why `path` is not a readable regular file ("is a FIFO, not a regular
// file", ...), or "" when it is one. Checks without opening for reading.
std::string input_file_problem(const std::string& path);

}  // namespace inchzero
