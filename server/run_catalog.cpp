#include "server/run_catalog.h"

#include <algorithm>
#include <filesystem>

#include "core/atomic_file.h"
#include "core/records/played_game.h"
#include "selfplay/record_export.h"
#include "selfplay/shard.h"
#include "server/record_view.h"
#include "server/request_error.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

// Pictures bigger than this are not served (a learning curve is ~30 kB).
constexpr uintmax_t kMaxImageBytes = 32u << 20;

std::vector<std::string> shard_names(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return names;
  for (const std::string& path : list_shards({dir})) names.push_back(fs::path(path).filename());
  return names;
}

std::vector<GameRecord> read_games(const std::string& path) {
  try {
    return read_shard(path);
  } catch (const GameError& e) {
    throw RequestError(400, e.what());
  }
}

}  // namespace

const ServedRun& RunCatalog::run(size_t index) const {
  if (index >= runs_.size()) throw RequestError(404, "no run " + std::to_string(index));
  return runs_[index];
}

std::string RunCatalog::shard_path(const ServedRun& r, const std::string& name) const {
  const std::vector<std::string> names = shard_names(r.shard_dir);
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw RequestError(404, "run '" + r.name + "' has no shard '" + name + "'");
  return (fs::path(r.shard_dir) / name).string();
}

std::vector<std::string> RunCatalog::images(const ServedRun& r) const {
  std::vector<std::string> out;
  std::error_code ec;
  for (const std::string& file : r.image_files)
    if (fs::is_regular_file(file, ec)) out.push_back(file);
  for (const std::string& dir : r.image_dirs) {
    std::vector<std::string> pngs;
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (entry.is_regular_file(ec) && entry.path().extension() == ".png")
        pngs.push_back(entry.path().string());
    std::sort(pngs.begin(), pngs.end());
    out.insert(out.end(), pngs.begin(), pngs.end());
  }
  return out;
}

nlohmann::ordered_json RunCatalog::list() const {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (size_t i = 0; i < runs_.size(); ++i) {
    const ServedRun& r = runs_[i];
    nlohmann::ordered_json pictures = nlohmann::ordered_json::array();
    const std::vector<std::string> files = images(r);
    for (size_t k = 0; k < files.size(); ++k)
      pictures.push_back({{"index", k}, {"name", fs::path(files[k]).filename().string()}});
    out.push_back({{"id", i},
                   {"name", r.name},
                   {"network", r.network_id.empty() ? nlohmann::ordered_json(nullptr)
                                                    : nlohmann::ordered_json(r.network_id)},
                   {"shards", shard_names(r.shard_dir)},
                   {"images", std::move(pictures)}});
  }
  return out;
}

nlohmann::ordered_json RunCatalog::shard_games(size_t index, const std::string& shard) const {
  const std::vector<GameRecord> games = read_games(shard_path(run(index), shard));
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (size_t i = 0; i < games.size(); ++i) {
    const GameRecord& g = games[i];
    out.push_back({{"number", i + 1},
                   {"plies", g.plies},
                   {"result", result_text(g.winner, g.end_reason)},
                   {"endReason", g.end_reason},
                   {"network", g.network}});
  }
  return out;
}

nlohmann::ordered_json RunCatalog::game(size_t index, const std::string& shard,
                                        int64_t number) const {
  const std::string path = shard_path(run(index), shard);
  const std::vector<GameRecord> games = read_games(path);
  if (number < 1 || number > static_cast<int64_t>(games.size()))
    throw RequestError(404, "shard '" + shard + "' has " + std::to_string(games.size()) +
                                " games, no game " + std::to_string(number));
  try {
    return played_game_json(played_game_from_record(games[number - 1], shard, number));
  } catch (const GameError& e) {
    throw RequestError(400, "game " + std::to_string(number) + " of " + shard + ": " + e.what());
  }
}

std::pair<std::string, std::string> RunCatalog::image(size_t index, size_t picture) const {
  const ServedRun& r = run(index);
  const std::vector<std::string> files = images(r);
  if (picture >= files.size())
    throw RequestError(404, "run '" + r.name + "' has no picture " + std::to_string(picture));
  std::error_code ec;
  if (fs::file_size(files[picture], ec) > kMaxImageBytes)
    throw RequestError(413, "picture " + std::to_string(picture) + " is too large to serve");
  try {
    return {read_file(files[picture]), fs::path(files[picture]).filename().string()};
  } catch (const std::runtime_error& e) {
    throw RequestError(404, e.what());
  }
}

}  // namespace inchzero
