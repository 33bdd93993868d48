#include "core/folder_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/game.h"

namespace inchzero {

std::unique_ptr<FolderLock> FolderLock::take(const std::string& dir, const std::string& file,
                                             const std::string& what, const std::string& advice) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw GameError("cannot create '" + dir + "': " + ec.message());
  const std::string path = (std::filesystem::path(dir) / file).string();
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw GameError("cannot open '" + path + "': " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    char holder[32] = {0};
    [[maybe_unused]] ssize_t n = ::pread(fd, holder, sizeof holder - 1, 0);
    ::close(fd);
    if (err != EWOULDBLOCK)
      throw GameError("cannot lock '" + path + "': " + std::strerror(err) +
                      " (the folder's file system must support locks)");
    throw GameError("another inchzero " + what + " (pid " + std::string(holder) + ") is using " +
                    dir + "; stop it first" + advice);
  }
  // The holder's pid, for the message of whoever comes next.
  const std::string pid = std::to_string(::getpid());
  if (::ftruncate(fd, 0) == 0) {
    [[maybe_unused]] ssize_t n = ::pwrite(fd, pid.data(), pid.size(), 0);
  }
  return std::make_unique<FolderLock>(fd);
}

FolderLock::~FolderLock() { ::close(fd_); }

}  // namespace inchzero
