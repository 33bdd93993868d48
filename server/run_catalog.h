// The training runs `inchzero serve --run FOLDER` shows: their self-play
// games (the shards, selfplay/shard.h, each game replayed into a PlayedGame
// by selfplay/record_export.h) and their pictures (the learning curve, a
// lab's plots). Everything is looked up again on each request, so a run that
// is still training shows its new shards; a client names a shard by its file
// name and a picture by its number, and only names found in the run's own
// folders are ever opened.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace inchzero {

struct ServedRun {
  std::string name;        // what the page shows (the folder's name)
  std::string shard_dir;   // its self-play shards
  std::string network_id;  // the engine of its newest network (engine_pool.h), or empty
  std::vector<std::string> image_files;  // pictures shown when present (learning_curve.png)
  std::vector<std::string> image_dirs;   // folders whose *.png are shown (a lab's plots/)
};

class RunCatalog {
 public:
  explicit RunCatalog(std::vector<ServedRun> runs) : runs_(std::move(runs)) {}

  // [{"id", "name", "network", "shards": [file names], "images": [{"index", "name"}]}]
  nlohmann::ordered_json list() const;
  // The games of one shard: [{"number" (1 = the first), "plies", "result",
  // "endReason", "network"}]. Throws RequestError: 404 for an unknown run or
  // shard, 400 for a damaged shard (its problem named).
  nlohmann::ordered_json shard_games(size_t run, const std::string& shard) const;
  // Game `number` of a shard, replayed (record_view.h: played_game_json).
  nlohmann::ordered_json game(size_t run, const std::string& shard, int64_t number) const;
  // Picture `index` of the run's list: its bytes and its file name.
  std::pair<std::string, std::string> image(size_t run, size_t index) const;

 private:
  const ServedRun& run(size_t index) const;
  std::string shard_path(const ServedRun& run, const std::string& name) const;
  std::vector<std::string> images(const ServedRun& run) const;

  std::vector<ServedRun> runs_;
};

}  // namespace inchzero
