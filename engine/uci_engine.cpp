#include "engine/uci_engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "core/registry.h"
#include "engine/position_analysis.h"
#include "engine/uci_command.h"

namespace inchzero {

namespace {

using Clock = std::chrono::steady_clock;

// Centipawns from an expected score (a logistic scale: 0.5 -> 0, 0.64 -> 100,
// 0.91 -> 400), so that GUIs draw a sensible curve; the wdl field carries the
// probabilities themselves.
int centipawns(double expected_score) {
  const double s = std::clamp(expected_score, 0.0005, 0.9995);
  return static_cast<int>(std::lround(400.0 * std::log10(s / (1.0 - s))));
}

// The UCI variant a game plays: of the variants of its game, the one whose
// rule file sets the most options away from their defaults, all of them as
// the game has them (a network trained on FIDE chess with a ply cap still
// plays "chess").
std::string variant_of(const Game& game) {
  std::string best = game.name();
  int best_matches = -1;
  for (const UciVariant& v : uci_variants()) {
    if (v.game != game.name()) continue;
    const auto reference = load_game(v.game, v.rules);
    const auto& schema = find_game(v.game).schema();
    const auto defaults = schema.defaults();
    int matches = 0;
    bool fits = true;
    for (const OptionSpec& spec : schema.specs()) {
      const int64_t value = reference->options().get_int(spec.name);
      if (value == defaults.get_int(spec.name)) continue;
      if (game.options().get_int(spec.name) != value) fits = false;
      ++matches;
    }
    if (fits && matches > best_matches) {
      best = v.name;
      best_matches = matches;
    }
  }
  return best;
}

// The rules a UCI session plays: `rules` without a ply cap. Under UCI the GUI
// referees the game; a cap that bounded self-play games (say 80 plies) would
// make the engine answer "bestmove (none)" in a position with legal moves.
std::shared_ptr<const Game> without_ply_cap(EngineContext& context, const std::string& game,
                                            const std::string& rules) {
  return context.game_for(game, rules.empty() ? std::string("default") : rules, {"max_plies=0"});
}

class UciSession {
 public:
  UciSession(EngineContext& context, std::ostream& out) : context_(context), out_(out) {
    const Game& trained = *context_.default_game();
    variant_ = variant_of(trained);
    game_ = without_ply_cap(context_, trained.name(), trained.options().label());
    new_game();
  }
  ~UciSession() { stop_search(); }

  // One command line; false after quit.
  bool handle(const std::string& line) {
    const std::vector<std::string> words = uci_words(line);
    if (words.empty()) return true;
    const std::string& command = words[0];
    if (command == "quit") return false;
    if (command == "uci") {
      identify();
    } else if (command == "isready") {
      send("readyok");
    } else if (command == "ucinewgame") {
      wait_for_search();
      new_game();
    } else if (command == "setoption") {
      wait_for_search();
      set_option(line);
    } else if (command == "position") {
      wait_for_search();
      set_position(words);
    } else if (command == "go") {
      wait_for_search();
      go(words);
    } else if (command == "stop") {
      stop_search();
    } else if (command == "d") {
      send(position_->to_text());
      send("Fen: " + position_->to_position());
    } else {
      send("info string unknown command '" + command + "'");
    }
    return true;
  }

 private:
  void send(const std::string& line) {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << line << '\n' << std::flush;
  }

  void identify() {
    send("id name inchzero");
    send("id author the inchzero authors");
    std::string combo = "option name UCI_Variant type combo default " + variant_;
    for (const UciVariant& v : uci_variants()) combo += std::string(" var ") + v.name;
    send(combo);
    send("option name UCI_ShowWDL type check default true");
    send("option name MultiPV type spin default 1 min 1 max 64");
    if (context_.has_network())
      send("option name Visits type spin default " + std::to_string(visits_) +
           " min 1 max 1000000");
    send("uciok");
  }

  void new_game() {
    position_ = game_->initial_state();
    searcher_.reset();
  }

  void set_option(const std::string& line) {
    UciSetOption option;
    try {
      option = parse_uci_setoption(line);
    } catch (const GameError& e) {
      return send(std::string("info string setoption: ") + e.what());
    }
    const std::string& name = option.name;
    const std::string& value = option.value;
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
    try {
      if (lower == "uci_variant") {
        auto it = std::find_if(uci_variants().begin(), uci_variants().end(),
                               [&](const UciVariant& v) { return value == v.name; });
        if (it == uci_variants().end()) throw GameError("unknown UCI_Variant '" + value + "'");
        game_ = without_ply_cap(context_, it->game, it->rules);
        variant_ = it->name;
        new_game();
      } else if (lower == "uci_showwdl") {
        show_wdl_ = value == "true";
      } else if (lower == "multipv") {
        multipv_ = std::clamp(std::stoi(value), 1, 64);
      } else if (lower == "visits" && context_.has_network()) {
        visits_ = std::clamp(std::stoi(value), 1, 1000000);
      } else {
        send("info string unknown option '" + name + "'");
      }
    } catch (const std::exception& e) {
      send(std::string("info string error: setoption ") + name + ": " + e.what());
    }
  }

  void set_position(const std::vector<std::string>& words) {
    UciPosition position;
    try {
      position = parse_uci_position(words);
    } catch (const GameError& e) {
      return send(std::string("info string error: position: ") + e.what());
    }
    std::unique_ptr<State> state =
        uci_position_state(*game_, position, [this](const std::string& line) { send(line); });
    if (state) position_ = std::move(state);
  }

  // The time to spend on this move, from the clock: a share of the time
  // left plus most of the increment, never more than 40 % of what is left.
  double think_time_ms(const UciGo& go) const {
    if (go.movetime > 0) return go.movetime;
    const int side = position_->current_player();
    const double left = go.time_left[side];
    if (left <= 0) return 0;
    const int moves = go.moves_to_go > 0 ? go.moves_to_go : 30;
    const double budget = left / moves + 0.75 * go.increment[side];
    return std::max(5.0, std::min(budget, 0.4 * left - 20));
  }

  void go(const std::vector<std::string>& words) {
    UciGo request;
    try {
      request = parse_uci_go(words, [this](const std::string& line) { send(line); });
    } catch (const std::exception& e) {
      send(std::string("info string error: go: ") + e.what());
      return;
    }
    if (position_->is_terminal()) {
      send(std::string("info string the game is over (") + to_string(position_->end_reason()) +
           ")");
      send("bestmove (none)");
      return;
    }
    stop_ = false;
    infinite_ = request.infinite;
    search_thread_ = std::thread([this, request] { search(request); });
  }

  void search(const UciGo& request) {
    std::string best;
    try {
      best = context_.has_network() ? search_network(request) : ask_player();
    } catch (const std::exception& e) {
      send(std::string("info string error: ") + e.what());
    }
    // UCI: after `go infinite` the best move waits for `stop`.
    if (infinite_) {
      std::unique_lock<std::mutex> lock(stop_mutex_);
      stop_cv_.wait(lock, [this] { return stop_.load(); });
    }
    if (best.empty()) {
      const std::vector<Move> legal = position_->legal_moves();
      best = position_->move_to_string(legal.front());
    }
    send("bestmove " + best);
  }

  std::string ask_player() {
    const auto player = context_.make_player(game_, position_->hash());
    return position_->move_to_string(player->choose_move(*position_));
  }

  std::string search_network(const UciGo& request) {
    if (!searcher_) searcher_ = context_.make_searcher(game_);
    SearchBudget budget;
    budget.stop = &stop_;
    if (!request.infinite) {
      budget.max_visits = request.nodes;
      budget.max_time_ms = think_time_ms(request);
      if (budget.max_visits == 0 && budget.max_time_ms == 0) budget.max_visits = visits_;
    }
    AnalysisOptions options;
    options.max_candidates = multipv_;  // report() shows no more
    const Clock::time_point start = Clock::now();
    Clock::time_point last_info = start;
    budget.between_simulations = [&](Searcher& searcher) {
      if (Clock::now() - last_info < std::chrono::seconds(1)) return;
      last_info = Clock::now();
      report(summarise_search(searcher, *position_, options), start);
    };
    const PositionAnalysis analysis = analyse_position(*searcher_, *position_, budget, options);
    report(analysis, start);
    return analysis.candidates.front().text;
  }

  void report(const PositionAnalysis& a, Clock::time_point start) {
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    const int lines = std::min<int>(multipv_, static_cast<int>(a.candidates.size()));
    for (int k = 0; k < lines; ++k) {
      const CandidateMove& c = a.candidates[k];
      std::ostringstream info;
      info << "info depth " << c.pv.size() << " seldepth " << c.pv.size();
      if (multipv_ > 1) info << " multipv " << (k + 1);
      info << " score cp " << centipawns(c.wdl.expected_score());
      if (show_wdl_) {
        const long w = std::lround(c.wdl.win * 1000), l = std::lround(c.wdl.loss * 1000);
        info << " wdl " << w << " " << (1000 - w - l) << " " << l;
      }
      info << " nodes " << a.root_visits << " nps "
           << static_cast<int64_t>(a.root_visits * 1000.0 / std::max(ms, 1.0)) << " time "
           << static_cast<int64_t>(ms) << " pv";
      for (const std::string& m : c.pv) info << " " << m;
      send(info.str());
    }
  }

  // Stop a search in progress; it sends its bestmove before this returns.
  void stop_search() {
    if (!search_thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(stop_mutex_);
      stop_ = true;
    }
    stop_cv_.notify_all();
    search_thread_.join();
  }
  // A command that changes the position or settings waits for a search with
  // limits to end (a script may send it right after `go`); an infinite one
  // is stopped, as it would never end.
  void wait_for_search() {
    if (!search_thread_.joinable()) return;
    if (infinite_) return stop_search();
    search_thread_.join();
  }

  EngineContext& context_;
  std::ostream& out_;
  std::mutex out_mutex_;
  std::shared_ptr<const Game> game_;
  std::string variant_;
  std::unique_ptr<State> position_;
  std::shared_ptr<Searcher> searcher_;
  int visits_ = context_.default_visits();
  int multipv_ = 1;
  bool show_wdl_ = true;
  std::thread search_thread_;
  std::atomic<bool> stop_{false};
  bool infinite_ = false;
  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
};

}  // namespace

int serve_uci(EngineContext& context, std::istream& in, std::ostream& out) {
  UciSession session(context, out);
  std::string line;
  while (std::getline(in, line))
    if (!session.handle(line)) break;
  return 0;
}

}  // namespace inchzero
