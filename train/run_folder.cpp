#include "train/run_folder.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "core/atomic_file.h"
#include "core/game.h"

namespace inchzero {
namespace fs = std::filesystem;

namespace {

// Highest N of files named <prefix>NNNNNN<suffix> in `dir`, or -1.
int latest_numbered(const std::string& dir, const std::string& prefix, const std::string& suffix) {
  int best = -1;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return best;
  const std::regex pattern(prefix + "([0-9]{6})" +
                           std::regex_replace(suffix, std::regex(R"(\.)"), R"(\.)"));
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::smatch m;
    const std::string name = entry.path().filename().string();
    if (std::regex_match(name, m, pattern)) best = std::max(best, std::stoi(m[1].str()));
  }
  return best;
}

// Whether `name` (ext-<host>-<pid>-NNNNNN.shard.tmp, a worker of a build
// without worker locks) belongs to a worker of this host that is gone.
bool dead_local_worker(const std::string& name) {
  static const std::regex pattern(R"(ext-(.+)-([0-9]+)-[0-9]{6}\.shard\.tmp)");
  std::smatch m;
  if (!std::regex_match(name, m, pattern)) return false;
  char host[64] = "host";
  ::gethostname(host, sizeof host - 1);
  if (m[1].str() != host) return false;
  const long pid = std::stol(m[2].str());
  return pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

// The worker id of an extra worker's shard temporary, or "".
std::string worker_of_temporary(const std::string& name) {
  static const std::regex pattern(R"(ext-(.+)-[0-9]{6}\.shard\.tmp)");
  std::smatch m;
  return std::regex_match(name, m, pattern) ? m[1].str() : std::string();
}

// Take the flock of `path` without waiting: the open fd, -1 when another
// process holds it, or -2 when the file does not exist.
int try_lock(const std::string& path, bool create) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0644);
  if (fd < 0) {
    if (errno == ENOENT && !create) return -2;
    throw GameError("cannot open '" + path + "': " + std::strerror(errno));
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd);
    if (err == EWOULDBLOCK) return -1;
    throw GameError("cannot lock '" + path + "': " + std::strerror(err) +
                    " (the run folder's file system must support locks)");
  }
  return fd;
}

std::string lock_holder(const std::string& path) {
  std::ifstream in(path);
  std::string holder;
  std::getline(in, holder);
  return holder.empty() ? "unknown" : holder;
}

}  // namespace

nlohmann::json RunState::to_json() const {
  return {{"iterations", iterations},
          {"evaluated", evaluated},
          {"active_seconds", active_seconds},
          {"trained_samples", trained_samples}};
}

RunState RunState::from_json(const nlohmann::json& j) {
  RunState s;
  s.iterations = j.value("iterations", 0);
  s.evaluated = j.value("evaluated", -1);
  s.active_seconds = j.value("active_seconds", 0.0);
  s.trained_samples = j.value("trained_samples", int64_t{0});
  return s;
}

RunState RunFolder::read_state() const {
  if (!fs::exists(state_path())) return RunState{};
  const nlohmann::json j = nlohmann::json::parse(read_file(state_path()), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    throw GameError(state_path() + ": not a run state (JSON object); delete it to recount");
  }
  return RunState::from_json(j);
}

void RunFolder::write_state(const RunState& state) const {
  write_file_atomically(state_path(), state.to_json().dump(2) + "\n");
}

nlohmann::json ContinuedFrom::to_json() const {
  return {{"entry", entry},
          {"iteration", iteration},
          {"trained_samples", trained_samples},
          {"games", games}};
}

ContinuedFrom ContinuedFrom::from_json(const nlohmann::json& j, const std::string& what) {
  const auto field = [&](const char* key, auto& value) {
    if (!j.contains(key)) throw GameError(what + ": no '" + key + "'");
    try {
      j.at(key).get_to(value);
    } catch (const nlohmann::json::exception&) {
      throw GameError(what + ": '" + key + "' is not what a continued run records");
    }
  };
  if (!j.is_object()) throw GameError(what + ": not a JSON object");
  ContinuedFrom c;
  field("entry", c.entry);
  field("iteration", c.iteration);
  field("trained_samples", c.trained_samples);
  field("games", c.games);
  if (c.iteration < 0 || c.trained_samples < 0 || c.games < 0)
    throw GameError(what + ": a negative count");
  return c;
}

RunFolder::RunFolder(std::string root) : root_(std::move(root)) {}

std::string RunFolder::continued_path() const {
  return (fs::path(root_) / "continued_from.json").string();
}

ContinuedFrom RunFolder::read_continued() const {
  if (!fs::exists(continued_path())) return ContinuedFrom{};
  const nlohmann::json j = nlohmann::json::parse(read_file(continued_path()), nullptr, false);
  if (j.is_discarded()) throw GameError(continued_path() + ": not JSON");
  return ContinuedFrom::from_json(j, continued_path());
}

std::string RunFolder::config_path() const { return (fs::path(root_) / "config.yaml").string(); }
std::string RunFolder::state_path() const { return (fs::path(root_) / "run_state.json").string(); }
std::string RunFolder::metrics_path() const { return (fs::path(root_) / "metrics.jsonl").string(); }
std::string RunFolder::shard_dir() const { return (fs::path(root_) / "shards").string(); }
std::string RunFolder::network_dir() const { return (fs::path(root_) / "networks").string(); }
std::string RunFolder::checkpoint_dir() const { return (fs::path(root_) / "checkpoints").string(); }
std::string RunFolder::evaluation_dir() const { return (fs::path(root_) / "evaluations").string(); }
std::string RunFolder::worker_dir() const { return (fs::path(root_) / "workers").string(); }
std::string RunFolder::shard_index_path() const {
  return (fs::path(root_) / "shard_index.jsonl").string();
}
std::string RunFolder::network_path(int iteration) const {
  return (fs::path(network_dir()) / fmt::format("net-{:06d}.pt", iteration)).string();
}
std::string RunFolder::checkpoint_path(int iteration) const {
  return (fs::path(checkpoint_dir()) / fmt::format("ckpt-{:06d}.pt", iteration)).string();
}
std::string RunFolder::evaluation_path(int iteration) const {
  return (fs::path(evaluation_dir()) / fmt::format("iter-{:06d}.json", iteration)).string();
}
std::string RunFolder::selfplay_stats_path(int iteration) const {
  return (fs::path(root_) / "selfplay" / fmt::format("iter-{:06d}.json", iteration)).string();
}
std::string RunFolder::shard_prefix(int iteration) { return fmt::format("it{:06d}", iteration); }

bool RunFolder::has_run() const { return fs::is_regular_file(config_path()); }

void RunFolder::create() const {
  for (const std::string& dir : {shard_dir(), network_dir(), checkpoint_dir(), evaluation_dir()}) {
    fs::create_directories(dir);
  }
}

int RunFolder::latest_network() const { return latest_numbered(network_dir(), "net-", ".pt"); }
int RunFolder::latest_checkpoint() const {
  return latest_numbered(checkpoint_dir(), "ckpt-", ".pt");
}

std::unique_ptr<RunFolder::Lock> RunFolder::lock() const {
  return FolderLock::take(root_, "run.lock", "run",
                          " (extra self-play workers join with `inchzero selfplay --run`)");
}

std::unique_ptr<RunFolder::Lock> RunFolder::worker_lock(const std::string& id) const {
  std::error_code ec;
  fs::create_directories(worker_dir(), ec);
  if (ec) throw GameError("cannot create '" + worker_dir() + "': " + ec.message());
  const std::string path = (fs::path(worker_dir()) / (id + ".lock")).string();
  const int fd = try_lock(path, /*create=*/true);
  if (fd < 0) {
    throw GameError("worker id '" + id + "' is in use by a live worker (" + lock_holder(path) +
                    ", " + path + "); give each worker its own --worker-id");
  }
  char host[64] = "host";
  ::gethostname(host, sizeof host - 1);
  const std::string holder = std::string(host) + " pid " + std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) == 0) {
    [[maybe_unused]] ssize_t n = ::pwrite(fd, holder.data(), holder.size(), 0);
  }
  return std::make_unique<Lock>(fd);
}

int RunFolder::remove_worker_temporaries(const std::string& id) const {
  int removed = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(shard_dir(), ec)) {
    if (worker_of_temporary(entry.path().filename().string()) != id) continue;
    if (fs::remove(entry.path(), ec)) ++removed;
  }
  return removed;
}

void RunFolder::prune_checkpoints(int keep) const {
  const int latest = latest_checkpoint();
  for (int i = latest - keep; i >= 0; --i) {
    std::error_code ec;
    fs::remove(checkpoint_path(i), ec);
  }
}

int RunFolder::remove_stale_temporaries() const {
  int removed = 0;
  std::error_code ec;
  if (!fs::is_directory(root_, ec)) return 0;
  for (const auto& entry : fs::recursive_directory_iterator(root_, ec)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || name.find(".tmp") == std::string::npos) continue;
    // Extra self-play workers ("ext-<host>-<pid>-…") may be writing right now:
    // only those of a dead process on this host are removed (another host's
    // pids cannot be checked here, so its temporaries stay).
    if (name.rfind("ext-", 0) == 0) {
      const std::string id = worker_of_temporary(name);
      const std::string lock_path = (fs::path(worker_dir()) / (id + ".lock")).string();
      const int fd = id.empty() ? -2 : try_lock(lock_path, /*create=*/false);
      if (fd == -1) continue;                              // the worker is alive
      if (fd == -2 && !dead_local_worker(name)) continue;  // no lock: an older worker
      fs::remove(entry.path(), ec);
      if (fd >= 0) ::close(fd);
      ++removed;
      continue;
    }
    fs::remove(entry.path(), ec);
    ++removed;
  }
  return removed;
}

std::vector<IterationRecord> RunFolder::read_metrics() const {
  std::vector<IterationRecord> records;
  std::ifstream in(metrics_path());
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    const nlohmann::json record = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (record.is_discarded()) continue;
    records.push_back(
        IterationRecord::from_json(record, metrics_path() + ":" + std::to_string(number)));
  }
  return records;
}

void RunFolder::append_metrics(const IterationRecord& record) const {
  // After a crash mid-append the file may end in a torn line: start a new
  // line so that this record stays readable.
  std::string prefix;
  std::ifstream in(metrics_path(), std::ios::binary | std::ios::ate);
  if (in && in.tellg() > 0) {
    in.seekg(-1, std::ios::end);
    if (in.get() != '\n') prefix = "\n";
  }
  append_line_durably(metrics_path(), prefix + record.to_json().dump());
}

}  // namespace inchzero
