#include "core/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/game.h"
#include "core/quoted_text.h"

namespace inchzero {
namespace {

// What a file that is not regular is, as a message says it.
std::string kind_problem(mode_t mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "is a directory";
  const char* kind = S_ISFIFO(mode)   ? "a FIFO"
                     : S_ISCHR(mode)  ? "a character device"
                     : S_ISBLK(mode)  ? "a block device"
                     : S_ISSOCK(mode) ? "a socket"
                                      : "a special file";
  return std::string("is ") + kind + ", not a regular file";
}

std::string errno_problem(int error) {
  return error == ENOENT ? "does not exist"
                         : std::string("cannot be read: ") + std::strerror(error);
}

}  // namespace

std::string input_file_problem(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return errno_problem(errno);
  return kind_problem(st.st_mode);
}

std::string read_input_file(const std::string& path, const std::string& what) {
  const auto refuse = [&](const std::string& problem) {
    return GameError(what + " '" + quoted_excerpt(path, 200) + "' " + problem);
  };
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw refuse(errno_problem(errno));
  struct stat st {};
  std::string problem = ::fstat(fd, &st) != 0 ? errno_problem(errno) : kind_problem(st.st_mode);
  std::string text;
  if (problem.empty()) {
    text.reserve(static_cast<size_t>(st.st_size));
    char buffer[1 << 16];
    for (;;) {
      const ssize_t n = ::read(fd, buffer, sizeof buffer);
      if (n > 0) {
        text.append(buffer, static_cast<size_t>(n));
      } else if (n == 0) {
        break;
      } else if (errno != EINTR) {
        problem = errno_problem(errno);
        break;
      }
    }
  }
  ::close(fd);
  if (!problem.empty()) throw refuse(problem);
  return text;
}

}  // namespace inchzero
