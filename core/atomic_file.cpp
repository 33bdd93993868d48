#include "core/atomic_file.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <regex>
#include <stdexcept>

#include "core/fault_point.h"
#include "core/input_file.h"

namespace inchzero {
namespace {

[[noreturn]] void io_error(const std::string& what, const std::string& path) {
  throw std::runtime_error(what + " '" + path + "': " + std::strerror(errno));
}

// Write all of `data` to `fd`, retrying short writes.
bool write_all(int fd, const char* data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

AtomicFileWriter::AtomicFileWriter(const std::string& path) : path_(path) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  if (target.has_parent_path()) fs::create_directories(target.parent_path());
  // A unique temporary name per process and call, in the same folder (rename
  // does not cross file systems).
  static std::atomic<unsigned> counter{0};
  tmp_ = path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter.fetch_add(1));
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) io_error("cannot write", path);
  if (fault_write_fails(path)) fail(errno);  // ENOSPC, as on a full disk
}

AtomicFileWriter::~AtomicFileWriter() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(tmp_.c_str());
}

void AtomicFileWriter::fail(int error) {
  ::close(fd_);
  fd_ = -1;
  ::unlink(tmp_.c_str());
  errno = error;
  io_error("cannot write", path_);
}

void AtomicFileWriter::write(const void* data, size_t size) {
  if (!write_all(fd_, static_cast<const char*>(data), size)) fail(errno);
}

void AtomicFileWriter::commit() {
  if (::fsync(fd_) != 0) fail(errno);
  // close() can be where a full disk shows (NFS, quotas): checked too.
  const int closed = ::close(fd_);
  fd_ = -1;
  if (closed != 0) {
    const int saved = errno;
    ::unlink(tmp_.c_str());
    errno = saved;
    io_error("cannot write", path_);
  }
  fault_point("before_rename");  // leaves a temporary for the next start to remove
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp_.c_str());
    errno = err;
    io_error("cannot rename into", path_);
  }
  committed_ = true;
}

void write_file_atomically(const std::string& path, const std::string& content) {
  AtomicFileWriter file(path);
  file.write(content.data(), content.size());
  file.commit();
}

void check_writable(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::error_code error;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), error);
  if (error) throw std::runtime_error("cannot write '" + path + "': " + error.message());
  if (fs::is_directory(target, error))
    throw std::runtime_error("cannot write '" + path + "': it is a folder");
  const std::string probe = path + ".tmp." + std::to_string(::getpid()) + ".probe";
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) io_error("cannot write", path);
  ::close(fd);
  ::unlink(probe.c_str());
}

void append_line_durably(const std::string& path, const std::string& line) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  if (target.has_parent_path()) fs::create_directories(target.parent_path());
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) io_error("cannot open", path);
  const std::string data = line + "\n";
  bool ok =
      !fault_write_fails(path) && write_all(fd, data.data(), data.size()) && ::fdatasync(fd) == 0;
  int saved = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (!ok) {
    errno = saved;
    io_error("cannot append to", path);
  }
}

bool publish_without_replacing(const std::string& tmp, const std::string& target) {
  if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) == 0) {
    return true;
  }
  if (errno == EEXIST) return false;
  // EINVAL/ENOSYS/ENOTSUP: the file system cannot honour the flag.
  if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) io_error("cannot publish", target);
  if (::link(tmp.c_str(), target.c_str()) != 0) {
    if (errno == EEXIST) return false;
    io_error("cannot publish", target);
  }
  // The file now has both names; a crash here leaves the temporary name,
  // which the next start removes like any other temporary.
  if (::unlink(tmp.c_str()) != 0) io_error("cannot remove the temporary of", target);
  return true;
}

int remove_dead_temporaries(const std::string& dir) {
  namespace fs = std::filesystem;
  static const std::regex pattern(R"(.+\.tmp\.([0-9]+)\.[0-9]+)");
  int removed = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::smatch m;
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file(ec) || !std::regex_match(name, m, pattern)) continue;
    const long pid = std::stol(m[1].str());
    if (pid == ::getpid() || ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
    if (fs::remove(entry.path(), ec)) ++removed;
  }
  return removed;
}

std::vector<std::string> read_appended_lines(const std::string& path) {
  std::vector<std::string> lines;
  if (!std::filesystem::exists(path)) return lines;
  const std::string text = read_file(path);
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  // Keep every whole line; the torn rest goes.
  if (start < text.size()) write_file_atomically(path, text.substr(0, start));
  return lines;
}

std::string read_file(const std::string& path) { return read_input_file(path, "file"); }

}  // namespace inchzero
