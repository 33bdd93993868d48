// Writing files so that a reader (or a process restarted after kill -9)
// never sees a half-written one: write a temporary file beside the target,
// flush it to disk, then rename it over the target (rename is atomic on POSIX
// file systems).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace inchzero {

// Replace `path` with `content` atomically. Creates missing parent folders.
// Throws std::runtime_error naming the path on any I/O failure (the target is
// then unchanged and no temporary file is left behind).
void write_file_atomically(const std::string& path, const std::string& content);

// A file written in parts and published as write_file_atomically publishes
// one (a file too large to hold in memory: a retrograde solution). write()
// appends to a temporary beside `path`; commit() flushes it to disk and
// renames it over `path`. Destroyed without commit() (an exception on the
// way), the temporary is removed and `path` is unchanged. Each throws
// std::runtime_error naming `path` on an I/O failure.
class AtomicFileWriter {
 public:
  explicit AtomicFileWriter(const std::string& path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
  void write(const void* data, size_t size);
  void commit();

 private:
  [[noreturn]] void fail(int error);
  std::string path_, tmp_;
  int fd_ = -1;
  bool committed_ = false;
};

// Whether `path` can be written later by write_file_atomically: creates its
// missing parent folders, then creates and removes a temporary beside it.
// For commands that write their output after a long job (a match's --json),
// so that a bad path fails at the start, not after hours. Throws
// std::runtime_error naming the path when it cannot be written.
void check_writable(const std::string& path);

// Append one line (a '\n' is added) to `path` and flush it to disk. A crash
// can at worst leave a torn last line, which readers of line files skip.
void append_line_durably(const std::string& path, const std::string& line);

// The whole lines of a file that append_line_durably writes (a journal), in
// order and without their '\n'; none when `path` does not exist. A torn last
// line (a crash while appending) is not returned and is cut off the file, so
// that the next append starts a line of its own. Throws std::runtime_error
// naming the path when it cannot be read or cut.
std::vector<std::string> read_appended_lines(const std::string& path);

// Remove the temporaries write_file_atomically left in `dir` (not its
// sub-folders) when its process died: files named <target>.tmp.<pid>.<n>
// whose pid is not running on this host. For folders that one host writes
// (a folder shared across hosts would need its own lock). Returns the count.
int remove_dead_temporaries(const std::string& dir);

// Give the finished file `tmp` the name `target` without ever replacing a
// file already there (another worker's shard): renameat2(RENAME_NOREPLACE),
// or, where the file system lacks it (NFS, some FUSE), link(tmp, target) then
// unlink(tmp) — both refuse an existing target atomically, in the kernel or
// on the server, so no existence check comes first. Returns false, leaving
// `tmp` in place, when `target` exists; throws std::runtime_error naming the
// target on any other failure.
bool publish_without_replacing(const std::string& tmp, const std::string& target);

// The whole content of the regular file `path` (core/input_file.h); throws
// a std::runtime_error (a GameError) naming it if it is missing, unreadable
// or no regular file: "file '/dev/zero' is a character device, not a
// regular file", at once, without reading it.
std::string read_file(const std::string& path);

}  // namespace inchzero
