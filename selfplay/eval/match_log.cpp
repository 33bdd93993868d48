#include "selfplay/eval/match_log.h"

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"

namespace inchzero {
namespace {

// Keeps one game's moves on its own thread; hands them to the log at its end.
class MoveRecorder : public GameObserver {
 public:
  using Done = std::function<void(int index, std::string opening, std::vector<std::string> moves)>;
  MoveRecorder(int index, Done done) : index_(index), done_(std::move(done)) {}
  void start(const State& state) override { opening_ = state.to_position(); }
  void after_move(const State& before, const Move& move, const State&) override {
    moves_.push_back(before.move_to_string(move));
  }
  void finish(const State&) override { done_(index_, std::move(opening_), std::move(moves_)); }

 private:
  int index_;
  Done done_;
  std::string opening_;
  std::vector<std::string> moves_;
};

}  // namespace

GameObserverFactory MatchGameLog::observer_factory() {
  return [this](int index) -> std::unique_ptr<GameObserver> {
    return std::make_unique<MoveRecorder>(
        index, [this](int i, std::string opening, std::vector<std::string> moves) {
          std::lock_guard<std::mutex> lock(mutex_);
          games_[i] = Moves{std::move(opening), std::move(moves)};
        });
  };
}

std::vector<nlohmann::json> MatchGameLog::lines(const MatchResult& result) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<nlohmann::json> out;
  for (const MatchGame& g : result.games) {
    auto it = games_.find(g.index);
    if (it == games_.end())
      throw GameError("match log: game " + std::to_string(g.index) + " was not observed");
    const std::string& first = g.p0_colour == 0 ? result.p0 : result.p1;
    const std::string& second = g.p0_colour == 0 ? result.p1 : result.p0;
    out.push_back({{"index", g.index},
                   {"p0_colour", g.p0_colour},
                   {"players", {first, second}},
                   {"result", g.result},
                   {"end_reason", g.end_reason},
                   {"plies", g.plies},
                   {"final_points", {g.final_points[0], g.final_points[1]}},
                   {"opening", it->second.opening},
                   {"moves", it->second.moves}});
  }
  return out;
}

void MatchGameLog::write(const std::string& path, const MatchResult& result) const {
  std::string text;
  for (const nlohmann::json& line : lines(result)) text += line.dump() + "\n";
  write_file_atomically(path, text);
}

}  // namespace inchzero
