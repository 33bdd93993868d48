#include "selfplay/shard.h"

#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/atomic_file.h"
#include "core/fault_point.h"
#include "selfplay/byte_io.h"

namespace inchzero {
namespace fs = std::filesystem;
namespace {

// docs/shard-format.md
constexpr char kMagic[8] = {'I', 'Z', 'S', 'H', 'A', 'R', 'D', '\0'};
constexpr size_t kHeaderSize = 16;           // magic, version, reserved
constexpr size_t kFrameHeaderSize = 16;      // tag, compressed size, raw size, crc
constexpr size_t kFooterSize = 12;           // tag, record count, file crc
constexpr uint32_t kRecordTag = 0x43455247;  // "GREC" little-endian
constexpr uint32_t kEndTag = 0x444e4553;     // "SEND" little-endian
constexpr uint32_t kMaxRecordBytes = 1u << 30;

uint32_t crc_update(uint32_t crc, const std::string& bytes) {
  return static_cast<uint32_t>(
      crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

std::string compress(const std::string& raw, int level) {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_compressionLevel, level);
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_checksumFlag, 1);  // zstd's own content check too
  std::string out(ZSTD_compressBound(raw.size()), '\0');
  const size_t n = ZSTD_compress2(ctx, out.data(), out.size(), raw.data(), raw.size());
  ZSTD_freeCCtx(ctx);
  if (ZSTD_isError(n))
    throw GameError(std::string("zstd compression failed: ") + ZSTD_getErrorName(n));
  out.resize(n);
  return out;
}

}  // namespace

// ---------------- ShardFileWriter ----------------

ShardFileWriter::ShardFileWriter(std::string path, int zstd_level)
    : path_(std::move(path)), tmp_path_(path_ + ".tmp"), level_(zstd_level) {
  file_ = std::fopen(tmp_path_.c_str(), "wb");
  if (!file_) throw GameError("cannot write shard '" + path_ + "': " + std::strerror(errno));
  std::string header(kMagic, sizeof(kMagic));
  bytes::put<uint32_t>(header, kRecordVersion);
  bytes::put<uint32_t>(header, 0);
  try {
    write(header);
  } catch (...) {
    // A throwing constructor runs no destructor: the temporary goes here.
    std::fclose(file_);
    std::remove(tmp_path_.c_str());
    throw;
  }
}

ShardFileWriter::~ShardFileWriter() {
  if (!file_) return;
  std::fclose(file_);
  std::remove(tmp_path_.c_str());
}

void ShardFileWriter::write(const std::string& bytes) {
  if (fault_write_fails(path_) ||
      std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    throw GameError("cannot write shard '" + path_ + "': " + std::strerror(errno));
  }
  file_crc_ = crc_update(file_crc_, bytes);
}

void ShardFileWriter::add(const GameRecord& record) {
  if (!file_) throw GameError("internal: shard '" + path_ + "' is already finished");
  const std::string raw = encode_record(record);
  const std::string packed = compress(raw, level_);
  std::string frame;
  bytes::put<uint32_t>(frame, kRecordTag);
  bytes::put<uint32_t>(frame, static_cast<uint32_t>(packed.size()));
  bytes::put<uint32_t>(frame, static_cast<uint32_t>(raw.size()));
  bytes::put<uint32_t>(frame, crc_update(0, packed));
  write(frame);
  write(packed);
  ++records_;
}

void ShardFileWriter::finish(const std::function<std::string()>& another_name) {
  if (!file_) return;
  std::string footer;
  bytes::put<uint32_t>(footer, kEndTag);
  bytes::put<uint32_t>(footer, static_cast<uint32_t>(records_));
  bytes::put<uint32_t>(footer, file_crc_);
  write(footer);
  // Data on disk before the rename, so a crash never leaves a partial file
  // under the final name.
  const bool flushed = std::fflush(file_) == 0 && fsync(fileno(file_)) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!flushed || !closed) {
    const int err = errno;
    std::remove(tmp_path_.c_str());
    throw GameError("cannot finish shard '" + path_ + "': " + std::strerror(err));
  }
  for (;;) {
    bool published = false;
    try {
      published = publish_without_replacing(tmp_path_, path_);
    } catch (const std::runtime_error& e) {
      std::remove(tmp_path_.c_str());
      throw GameError(std::string("cannot finish shard: ") + e.what());
    }
    if (published) break;
    if (!another_name) {
      std::remove(tmp_path_.c_str());
      throw GameError("shard '" + path_ + "' already exists; it is not replaced");
    }
    path_ = another_name();
  }
  fault_point("after_shard_rename");
}

// ---------------- ShardWriter ----------------

ShardWriter::ShardWriter(std::string dir, std::string prefix, int games_per_shard, int zstd_level)
    : dir_(std::move(dir)),
      prefix_(std::move(prefix)),
      games_per_shard_(std::max(1, games_per_shard)),
      level_(zstd_level) {
  std::error_code error;
  fs::create_directories(dir_, error);
  if (error) throw GameError("cannot create directory '" + dir_ + "': " + error.message());
}

ShardWriter::~ShardWriter() {
  try {
    flush();
  } catch (const std::exception&) {
    // A destructor must not throw; the unfinished file is removed by ~ShardFileWriter.
  }
}

std::string ShardWriter::next_path() {
  // The existence checks only skip names known to be taken; what makes a
  // name safe is that finish() never replaces a file.
  for (;; ++next_number_) {
    char name[32];
    std::snprintf(name, sizeof(name), "-%06d", next_number_);
    const std::string path = (fs::path(dir_) / (prefix_ + name + kShardExtension)).string();
    if (!fs::exists(path) && !fs::exists(path + ".tmp")) {
      ++next_number_;
      return path;
    }
  }
}

void ShardWriter::add(const GameRecord& record) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!open_) open_ = std::make_unique<ShardFileWriter>(next_path(), level_);
  open_->add(record);
  ++games_;
  if (open_->records() >= games_per_shard_) flush_locked();
}

void ShardWriter::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  flush_locked();
}

void ShardWriter::flush_locked() {
  if (!open_ || open_->records() == 0) return;
  open_->finish([this] { return next_path(); });
  finished_.push_back(open_->path());
  open_.reset();
}

std::vector<std::string> ShardWriter::finished_files() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return finished_;
}

int64_t ShardWriter::games_written() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return games_;
}

// ---------------- Reading ----------------

std::vector<GameRecord> read_shard(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw GameError(path + ": cannot open");
  const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return read_shard_bytes(data, path);
}

std::vector<GameRecord> read_shard_bytes(const std::string& data, const std::string& path) {
  const auto fail = [&path](const std::string& what) { return GameError(path + ": " + what); };

  // 1. Header.
  if (data.size() < kHeaderSize) {
    throw fail("not a shard: " + std::to_string(data.size()) + " bytes, shorter than the header");
  }
  if (std::memcmp(data.data(), kMagic, sizeof(kMagic)) != 0) throw fail("not a shard (bad magic)");
  bytes::Reader header(data.data() + sizeof(kMagic), kHeaderSize - sizeof(kMagic), path);
  const auto version = header.get<uint32_t>("version");
  if (version < kOldestRecordVersion || version > kRecordVersion) {
    throw fail("unsupported shard version " + std::to_string(version) + " (this build reads " +
               std::to_string(kOldestRecordVersion) + " to " + std::to_string(kRecordVersion) +
               ")");
  }
  // 2. Record frames until the footer tag.
  std::vector<GameRecord> records;
  size_t offset = kHeaderSize;
  for (;;) {
    const std::string where =
        "record " + std::to_string(records.size()) + " at byte " + std::to_string(offset);
    if (data.size() - offset < 4) {
      throw fail("truncated: file ends at byte " + std::to_string(data.size()) + " before " +
                 where + " or the end marker (" + std::to_string(records.size()) +
                 " records complete)");
    }
    bytes::Reader frame(data.data() + offset, data.size() - offset, path + ": " + where);
    const auto tag = frame.get<uint32_t>("tag");
    if (tag == kEndTag) break;
    if (tag != kRecordTag) throw fail(where + ": bad record marker (corrupted)");
    if (frame.remaining() < kFrameHeaderSize - 4) {
      throw fail("truncated inside the header of " + where);
    }
    const auto packed_size = frame.get<uint32_t>("compressed size");
    const auto raw_size = frame.get<uint32_t>("raw size");
    const auto crc = frame.get<uint32_t>("checksum");
    if (raw_size > kMaxRecordBytes) throw fail(where + ": implausible size (corrupted)");
    if (frame.remaining() < packed_size) {
      throw fail("truncated inside " + where + ": needs " + std::to_string(packed_size) +
                 " bytes, file has " + std::to_string(frame.remaining()) + " left");
    }
    const std::string packed = frame.get_bytes(packed_size, "payload");
    if (crc_update(0, packed) != crc) throw fail(where + ": checksum mismatch (corrupted)");
    std::string raw(raw_size, '\0');
    const size_t n = ZSTD_decompress(raw.data(), raw.size(), packed.data(), packed.size());
    if (ZSTD_isError(n) || n != raw_size) {
      throw fail(where + ": cannot decompress (" +
                 (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "size mismatch") + ")");
    }
    try {
      records.push_back(decode_record(raw, version));
    } catch (const GameError& e) {
      throw fail(where + ": " + e.what());
    }
    offset += kFrameHeaderSize + packed_size;
  }
  // 3. Footer: record count and the checksum of everything before it.
  if (data.size() - offset != kFooterSize) {
    throw fail(data.size() - offset < kFooterSize ? "truncated inside the end marker"
                                                  : "unexpected bytes after the end marker");
  }
  bytes::Reader footer(data.data() + offset + 4, kFooterSize - 4, path);
  const auto count = footer.get<uint32_t>("record count");
  const auto file_crc = footer.get<uint32_t>("file checksum");
  if (count != records.size()) {
    throw fail("end marker counts " + std::to_string(count) + " records, file has " +
               std::to_string(records.size()));
  }
  if (crc_update(0, data.substr(0, offset)) != file_crc) {
    throw fail("file checksum mismatch (corrupted)");
  }
  return records;
}

ShardCheck verify_shard(const std::string& path) {
  ShardCheck check;
  check.path = path;
  try {
    check.games = static_cast<int64_t>(read_shard(path).size());
    check.ok = true;
  } catch (const GameError& e) {
    check.error = e.what();
  }
  return check;
}

std::vector<std::string> list_shards(const std::vector<std::string>& files_or_dirs) {
  std::vector<std::string> paths;
  for (const auto& item : files_or_dirs) {
    if (fs::is_directory(item)) {
      std::vector<std::string> found;
      for (const auto& entry : fs::directory_iterator(item)) {
        if (entry.is_regular_file() && entry.path().extension() == kShardExtension) {
          found.push_back(entry.path().string());
        }
      }
      std::sort(found.begin(), found.end());
      paths.insert(paths.end(), found.begin(), found.end());
    } else if (fs::exists(item)) {
      paths.push_back(item);
    } else {
      throw GameError(item + ": no such file or directory");
    }
  }
  return paths;
}

LoadedShards load_shards(const std::vector<std::string>& files_or_dirs) {
  LoadedShards loaded;
  for (const auto& path : list_shards(files_or_dirs)) {
    try {
      auto records = read_shard(path);
      std::move(records.begin(), records.end(), std::back_inserter(loaded.games));
    } catch (const GameError& e) {
      loaded.bad.push_back({path, false, 0, e.what()});
    }
  }
  return loaded;
}

}  // namespace inchzero
