// Shard files: many GameRecords in one file, each record compressed (zstd)
// and checksummed (CRC-32), the whole file checksummed in a footer; written
// under a temporary name and renamed when complete. docs/shard-format.md
// describes the bytes; scripts/read_shards.py reads them with numpy.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "selfplay/game_record.h"

namespace inchzero {

constexpr char kShardExtension[] = ".shard";

// Writes one shard file: open, add records, finish. The file appears under its
// final name only in finish(); until then it is `path + ".tmp"`.
class ShardFileWriter {
 public:
  // Create `path + ".tmp"`; throws GameError if it cannot be created.
  explicit ShardFileWriter(std::string path, int zstd_level = 3);
  ~ShardFileWriter();  // an unfinished file is removed
  ShardFileWriter(const ShardFileWriter&) = delete;
  ShardFileWriter& operator=(const ShardFileWriter&) = delete;

  // Append one compressed, checksummed record. Throws GameError on a write failure.
  void add(const GameRecord& record);
  // Write the footer, flush to disk and give the file its final name without
  // ever replacing an existing file (publish_without_replacing). When that
  // name is taken (another process published it first), `another_name`, if
  // given, supplies the next name to try; without it finish() throws.
  void finish(const std::function<std::string()>& another_name = {});
  int64_t records() const { return records_; }
  const std::string& path() const { return path_; }

 private:
  void write(const std::string& bytes);

  std::string path_, tmp_path_;
  int level_;
  std::FILE* file_ = nullptr;
  uint32_t file_crc_ = 0;
  int64_t records_ = 0;
};

// Writes records into a directory as a series of shards of `games_per_shard`
// games each, named <prefix>-<NNNNNN>.shard (the first unused numbers), so
// that a reader only ever sees complete shards. Thread-safe. A name another
// process took in the meantime is never overwritten: the shard takes the
// next number (ShardFileWriter::finish). The temporaries are
// <name>.shard.tmp, so one prefix must have one writing process (the run
// holds run.lock; a self-play worker its worker lock).
class ShardWriter {
 public:
  ShardWriter(std::string dir, std::string prefix, int games_per_shard, int zstd_level = 3);
  ~ShardWriter();  // finishes the open shard
  // Add one game; a shard is finished (renamed into place) every games_per_shard games.
  void add(const GameRecord& record);
  // Finish the open shard now, if it holds any game.
  void flush();
  // Final paths of the shards finished so far.
  std::vector<std::string> finished_files() const;
  int64_t games_written() const;

 private:
  void flush_locked();
  std::string next_path();

  std::string dir_, prefix_;
  int games_per_shard_, level_;
  int next_number_ = 0;
  mutable std::mutex mutex_;
  std::unique_ptr<ShardFileWriter> open_;
  std::vector<std::string> finished_;
  int64_t games_ = 0;
};

// Read every record of a shard. Throws GameError("<path>: <what is wrong>")
// for a missing, truncated or corrupted file (bad magic or version, a record
// whose checksum or sizes do not match, a missing or inconsistent footer).
std::vector<GameRecord> read_shard(const std::string& path);
// read_shard for a shard's bytes; `name` stands for the path in messages.
std::vector<GameRecord> read_shard_bytes(const std::string& data, const std::string& name);

struct ShardCheck {
  std::string path;
  bool ok = false;
  int64_t games = 0;
  std::string error;  // when !ok: what read_shard reported
};
// read_shard without throwing.
ShardCheck verify_shard(const std::string& path);

// Expand files and directories (their *.shard files, sorted) into shard paths.
// Throws GameError for a path that does not exist.
std::vector<std::string> list_shards(const std::vector<std::string>& files_or_dirs);

// Load every shard under `files_or_dirs`, skipping bad files: their checks
// land in `bad` and every good file still loads.
struct LoadedShards {
  std::vector<GameRecord> games;
  std::vector<ShardCheck> bad;
};
LoadedShards load_shards(const std::vector<std::string>& files_or_dirs);

}  // namespace inchzero
