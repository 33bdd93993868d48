// An exclusive lock on an output folder, so that two inchzero processes never
// write one folder at once (two ladders appending to one games.jsonl, two
// labs filling one cell, two runs training one network). It is a flock on a
// file in the folder: the kernel drops it when its process dies, kill -9
// included, so a stale lock file never blocks a resume.
#pragma once

#include <memory>
#include <string>

namespace inchzero {

class FolderLock {
 public:
  // Take the lock of `dir`/`file` (both created when missing) without
  // waiting, and write this process's pid into the file for the next
  // comer's message. Throws GameError when another process holds it:
  // "another inchzero <what> (pid P) is using <dir>; stop it first<advice>".
  // Throws GameError naming the file when it cannot be opened or locked.
  static std::unique_ptr<FolderLock> take(const std::string& dir, const std::string& file,
                                          const std::string& what, const std::string& advice = "");
  // Adopt `fd`, an open file on which this process holds a flock; the
  // destructor closes it, which releases the lock.
  explicit FolderLock(int fd) : fd_(fd) {}
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  int fd_;
};

}  // namespace inchzero
