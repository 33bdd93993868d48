#include "engine/terminal_game.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "core/board_squares.h"
#include "core/quoted_text.h"
#include "engine/position_analysis.h"

namespace inchzero {
namespace {

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::string last_word(const std::string& s) {
  const size_t space = s.find_last_of(' ');
  return space == std::string::npos ? s : s.substr(space + 1);
}

std::string percent(double p) {
  std::ostringstream o;
  o << std::lround(100 * p) << " %";
  return o.str();
}

class TerminalGame {
 public:
  TerminalGame(EngineContext& context, std::shared_ptr<const Game> game, const State& start,
               const TerminalGameOptions& options, std::ostream& out)
      : context_(context),
        game_(std::move(game)),
        start_(start.clone()),
        options_(options),
        out_(out) {
    state_ = start_->clone();
  }

  int run(std::istream& in) {
    out_ << "You play " << (options_.human == 0 ? "first" : "second") << " against "
         << options_.opponent << ". Type a move, or 'help'.\n";
    engine_moves();
    show();
    std::string line;
    while (prompt(), std::getline(in, line)) {
      const std::string text = trim(line);
      if (text.empty()) continue;
      if (!command(text)) return 0;
    }
    out_ << "\n";
    return 0;
  }

 private:
  bool over() const { return state_->is_terminal() || resigned_; }

  void prompt() {
    if (over()) {
      out_ << "game over (" << result() << "); undo, save FILE or quit> " << std::flush;
    } else if (state_->in_compound_move()) {
      out_ << "continue the move (" << current_move_text() << "…)> " << std::flush;
    } else {
      out_ << "your move> " << std::flush;
    }
  }

  // false: quit.
  bool command(const std::string& text) {
    std::istringstream words(text);
    std::string verb;
    words >> verb;
    if (verb == "quit" || verb == "exit") return false;
    if (verb == "help") {
      out_ << "a full move in the game's notation, or one decision at a time (see 'moves');\n"
              "moves: the legal moves (decisions while a move is in progress)\n"
              "undo: take back your last move (and the reply)   hint: the engine's choice\n"
              "resign   save FILE: write the game record   quit\n";
    } else if (verb == "moves") {
      list_moves();
    } else if (verb == "undo") {
      undo();
    } else if (verb == "hint") {
      hint();
    } else if (verb == "resign") {
      if (over()) return say("the game is already over"), true;
      resigned_ = true;
      out_ << "You resign. " << result() << "\n";
    } else if (verb == "save") {
      std::string path;
      std::getline(words, path);
      save(trim(path));
    } else {
      play_text(text);
    }
    return true;
  }

  // Messages quote what was typed: made safe for the terminal.
  void say(const std::string& message) { out_ << safe_message(message) << "\n"; }

  void list_moves() {
    if (over()) return say("the game is over");
    std::vector<std::string> texts;
    if (state_->in_compound_move()) {
      for (Action a : state_->legal_actions()) texts.push_back(game_->action_to_string(a));
      out_ << "decisions (" << texts.size() << "):";
    } else {
      std::vector<Move> moves = state_->legal_moves();
      for (const Move& m : moves) texts.push_back(state_->move_to_string(m));
      out_ << "legal moves (" << texts.size() << "):";
    }
    for (const std::string& t : texts) out_ << " " << t;
    out_ << "\n";
  }

  // A full move, or one decision of the move in progress.
  void play_text(const std::string& text) {
    if (over()) return say("the game is over (" + result() + "): undo, save FILE or quit");
    if (!state_->in_compound_move()) {
      try {
        const Move move = state_->parse_move(text);
        for (Action a : move) state_->apply_action(a);
        history_.push_back(move);
        after_human_move();
        return;
      } catch (const GameError& e) {
        if (!decision_for(text))
          return say("not a move here: " + with_input_quoted(e.what(), text));
      }
    } else if (!decision_for(text)) {
      return say("not a decision here: '" + quoted_excerpt(text) + "' ('moves' lists them)");
    }
    const Action action = *decision_for(text);
    state_->apply_action(action);
    partial_.push_back(action);
    if (!state_->in_compound_move() || state_->is_terminal()) {
      history_.push_back(partial_);
      partial_.clear();
      after_human_move();
    } else {
      show();
    }
  }

  // The legal decision `text` names: its full text ("to e5") or, when only
  // one decision ends with it, its last word ("e5").
  std::optional<Action> decision_for(const std::string& text) const {
    std::optional<Action> by_word;
    int word_matches = 0;
    for (Action a : state_->legal_actions()) {
      const std::string name = game_->action_to_string(a);
      if (name == text) return a;
      if (last_word(name) == text) {
        by_word = a;
        ++word_matches;
      }
    }
    if (word_matches == 1) return by_word;
    return std::nullopt;
  }

  std::string current_move_text() const {
    std::string t;
    for (Action a : partial_) t += (t.empty() ? "" : ", ") + game_->action_to_string(a);
    return t;
  }

  void after_human_move() {
    last_move_ = "you: " + move_text(history_.size() - 1);
    engine_moves();
    show();
  }

  // The text of history_[index], in the position before it.
  std::string move_text(size_t index) const {
    auto state = start_->clone();
    for (size_t i = 0; i < index; ++i) state->apply_move(history_[i]);
    return state->move_to_string(history_[index]);
  }

  // The opponent moves until it is the person's turn or the game ends.
  void engine_moves() {
    while (!over() && state_->current_player() != options_.human) {
      const Move move = opponent_move();
      const std::string text = state_->move_to_string(move);
      state_->apply_move(move);
      history_.push_back(move);
      last_move_ += std::string(last_move_.empty() ? "" : "; ") + "engine: " + text;
    }
  }

  Move opponent_move() {
    if (!context_.has_network()) {
      return context_.make_player(game_, options_.seed + history_.size())->choose_move(*state_);
    }
    SearchBudget budget;
    budget.max_visits = context_.default_visits();
    return analyse_position(*context_.make_searcher(game_), *state_, budget)
        .candidates.front()
        .move;
  }

  void hint() {
    if (over()) return say("the game is over");
    if (state_->in_compound_move())
      return say("finish the move first ('moves' lists the decisions)");
    if (!context_.has_network()) {
      const Move move =
          context_.make_player(game_, options_.seed + 7919 * history_.size())->choose_move(*state_);
      return say("hint (" + options_.opponent + "): " + state_->move_to_string(move) +
                 " (no evaluation: this opponent has no network)");
    }
    SearchBudget budget;
    budget.max_visits = options_.hint_visits > 0 ? options_.hint_visits : context_.default_visits();
    const PositionAnalysis a = analyse_position(*context_.make_searcher(game_), *state_, budget);
    const CandidateMove& best = a.candidates.front();
    std::ostringstream o;
    o << "hint: " << best.text << "  (for you: win " << percent(best.wdl.win) << ", draw "
      << percent(best.wdl.draw) << ", loss " << percent(best.wdl.loss) << "; expected score "
      << std::fixed << std::setprecision(2) << best.wdl.expected_score() << "; line";
    for (const std::string& m : best.pv) o << " " << m;
    o << ")";
    say(o.str());
  }

  void undo() {
    if (!partial_.empty()) {
      partial_.clear();
      rebuild();
      say("the move in progress is taken back");
      return show();
    }
    // Back to the person's previous turn: drop the engine's replies and the
    // person's last move.
    size_t keep = history_.size();
    auto player_before = [&](size_t n) {
      auto state = start_->clone();
      for (size_t i = 0; i < n; ++i) state->apply_move(history_[i]);
      return state->current_player();
    };
    while (keep > 0 && player_before(keep - 1) != options_.human) --keep;
    if (keep == 0) return say("nothing of yours to undo");
    history_.resize(keep - 1);
    resigned_ = false;
    rebuild();
    last_move_ = history_.empty() ? "" : "(taken back to your turn)";
    show();
  }

  void rebuild() {
    state_ = start_->clone();
    for (const Move& m : history_) state_->apply_move(m);
  }

  std::string result() const {
    if (resigned_) return "you resigned; the engine wins";
    if (!state_->is_terminal()) return "unfinished";
    const int w = state_->winner();
    const std::string who =
        w == kNoPlayer ? "draw" : (w == options_.human ? "you win" : "the engine wins");
    return who + " — " + to_string(state_->end_reason());
  }

  void save(const std::string& path) {
    if (path.empty()) return say("save needs a file name: save FILE");
    if (!options_.save) return say("saving is not available here");
    try {
      const int winner =
          resigned_ ? 1 - options_.human : (state_->is_terminal() ? state_->winner() : kNoPlayer);
      const EndReason reason = resigned_ ? EndReason::kResign : state_->end_reason();
      options_.save(path, *start_, history_, winner, reason);
      say("saved " + std::to_string(history_.size()) + " moves to " + quoted_excerpt(path));
    } catch (const std::exception& e) {
      // Any failure (a bad path, a full disk) keeps the game: it is said,
      // and the next command is read as usual.
      say(std::string("not saved: ") + e.what());
    }
  }

  // The board with the squares of the latest full move marked (`*` after
  // each), then who played what.
  void show() {
    std::vector<std::string> marked;
    if (!history_.empty()) {
      const auto [width, height] = board_size(*state_);
      marked = squares_named(move_text(history_.size() - 1), width, height);
    }
    out_ << "\n" << mark_squares(state_->to_text(), marked);
    if (!last_move_.empty()) {
      out_ << "last moves — " << last_move_ << (marked.empty() ? "" : "  (* marks the last)")
           << "\n";
    }
    if (over()) out_ << "Game over: " << result() << "\n";
  }

  EngineContext& context_;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> start_, state_;
  TerminalGameOptions options_;
  std::ostream& out_;
  std::vector<Move> history_;  // full moves played
  Move partial_;               // decisions of the person's move in progress
  std::string last_move_;
  bool resigned_ = false;
};

}  // namespace

int play_in_terminal(EngineContext& context, const std::shared_ptr<const Game>& game,
                     const State& start, const TerminalGameOptions& options, std::istream& in,
                     std::ostream& out) {
  return TerminalGame(context, game, start, options, out).run(in);
}

}  // namespace inchzero
