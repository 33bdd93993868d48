#include "tests/learning/toy_games.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>

#include "core/rules/options.h"
#include "core/seed.h"

namespace inchzero::toy {
namespace {

// Toy games have no rule options; each still reports an (empty) option set.
const RuleOptions& no_options(const std::string& game) {
  static const OptionSchema nim("compound_nim", {}), ring("ring", {}), script("scripted", {});
  static const RuleOptions nim_o = load_rule_options(nim, "", {}),
                           ring_o = load_rule_options(ring, "", {}),
                           script_o = load_rule_options(script, "", {});
  return game == "compound_nim" ? nim_o : game == "ring" ? ring_o : script_o;
}

// Shared full-move plumbing: a move is the decisions until the player changes
// or the game ends; notation is the decisions joined by '.'.
class ToyState : public State {
 public:
  std::vector<Move> legal_moves() const override {
    std::vector<Move> moves;
    collect(*this, {}, moves);
    return moves;
  }
  std::string move_to_string(const Move& move) const override {
    std::string text;
    for (Action a : move) text += (text.empty() ? "" : ".") + std::to_string(a);
    return text;
  }
  Move parse_move(const std::string& text) const override {
    for (const Move& m : legal_moves()) {
      if (move_to_string(m) == text) return m;
    }
    throw GameError("illegal or malformed move '" + text + "'");
  }
  std::string to_text() const override { return to_position(); }
  nlohmann::json to_json() const override {
    return {{"position", to_position()}, {"winner", winner()}};
  }

 private:
  static void collect(const State& state, Move prefix, std::vector<Move>& out) {
    for (Action a : state.legal_actions()) {
      auto next = state.clone();
      next->apply_action(a);
      Move move = prefix;
      move.push_back(a);
      if (next->in_compound_move()) {
        collect(*next, move, out);
      } else {
        out.push_back(move);
      }
    }
  }
};

// ---------------- CompoundNim ----------------

class NimGame : public Game {
 public:
  NimGame(std::vector<int> piles, int max_take) : piles_(std::move(piles)), max_take_(max_take) {}
  std::string name() const override { return "compound_nim"; }
  const RuleOptions& options() const override { return no_options(name()); }
  std::unique_ptr<State> initial_state() const override;
  std::unique_ptr<State> state_from_position(const std::string&) const override {
    throw GameError("compound_nim has no position notation");
  }
  int num_actions() const override { return static_cast<int>(piles_.size()) + max_take_; }
  std::string action_to_string(Action a) const override {
    const int p = static_cast<int>(piles_.size());
    return a < p ? "pile" + std::to_string(a) : "take" + std::to_string(a - p + 1);
  }
  int max_game_length() const override {
    return 2 * std::accumulate(piles_.begin(), piles_.end(), 0);
  }
  const std::vector<int>& piles() const { return piles_; }
  int max_take() const { return max_take_; }

 private:
  std::vector<int> piles_;
  int max_take_;
};

class NimState : public ToyState {
 public:
  explicit NimState(const NimGame& game) : game_(&game), piles_(game.piles()) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<NimState>(*this); }
  void copy_from(const State& other) override { *this = same_class_state(*this, other); }
  const Game& game() const override { return *game_; }
  int current_player() const override { return player_; }
  void legal_actions_into(std::vector<Action>& out) const override {
    out.clear();
    const int p = static_cast<int>(piles_.size());
    if (picked_ < 0) {
      for (int i = 0; i < p; ++i)
        if (piles_[i] > 0) out.push_back(i);
    } else {
      for (int k = 1; k <= std::min(piles_[picked_], game_->max_take()); ++k)
        out.push_back(p + k - 1);
    }
  }
  void apply_action(Action a) override {
    const int p = static_cast<int>(piles_.size());
    if (picked_ < 0) {
      picked_ = a;
      return;
    }
    piles_[picked_] -= a - p + 1;
    picked_ = -1;
    last_mover_ = player_;
    player_ = 1 - player_;
    ++ply_;
  }
  bool in_compound_move() const override { return picked_ >= 0; }
  int ply() const override { return ply_; }
  bool is_terminal() const override {
    return std::all_of(piles_.begin(), piles_.end(), [](int n) { return n == 0; });
  }
  int winner() const override { return is_terminal() ? last_mover_ : kNoPlayer; }
  EndReason end_reason() const override {
    return is_terminal() ? EndReason::kTarget : EndReason::kNone;  // the last object taken
  }
  uint64_t hash() const override {
    uint64_t h = splitmix64(uint64_t(player_) * 31 + uint64_t(picked_ + 1));
    for (int n : piles_) h = splitmix64(h ^ uint64_t(n));
    return h;
  }
  std::string to_position() const override {
    std::string text;
    for (int n : piles_) text += std::to_string(n) + ",";
    return text + (player_ == 0 ? "x" : "o") + (picked_ >= 0 ? "@" + std::to_string(picked_) : "");
  }
  const std::vector<int>& piles() const { return piles_; }
  int picked() const { return picked_; }

 private:
  const NimGame* game_;  // a pointer, not a reference, so that copy_from can assign
  std::vector<int> piles_;
  int player_ = 0, picked_ = -1, last_mover_ = kNoPlayer, ply_ = 0;
};

std::unique_ptr<State> NimGame::initial_state() const { return std::make_unique<NimState>(*this); }

// ---------------- RingGame ----------------

class RingGame : public Game {
 public:
  explicit RingGame(int cells) : cells_(cells) {}
  std::string name() const override { return "ring"; }
  const RuleOptions& options() const override { return no_options(name()); }
  std::unique_ptr<State> initial_state() const override;
  std::unique_ptr<State> state_from_position(const std::string& text) const override;
  int num_actions() const override { return cells_; }
  std::string action_to_string(Action a) const override { return "c" + std::to_string(a); }
  int num_symmetries() const override { return 2 * cells_; }
  // Symmetry s: reflect (a -> -a) when s >= n, then rotate by s mod n.
  Action transform_action(Action a, int s) const override {
    const int reflected = s >= cells_ ? (cells_ - a) % cells_ : a;
    return (reflected + s % cells_) % cells_;
  }
  int max_game_length() const override { return cells_; }
  int cells() const { return cells_; }

 private:
  int cells_;
};

class RingState : public ToyState {
 public:
  explicit RingState(const RingGame& game) : game_(&game), cells_(game.cells(), -1) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<RingState>(*this); }
  void copy_from(const State& other) override { *this = same_class_state(*this, other); }
  const Game& game() const override { return *game_; }
  int current_player() const override { return player_; }
  void legal_actions_into(std::vector<Action>& out) const override {
    out.clear();
    if (is_terminal()) return;
    for (int c = 0; c < game_->cells(); ++c)
      if (cells_[c] < 0) out.push_back(c);
  }
  void apply_action(Action a) override {
    cells_[a] = player_;
    const int n = game_->cells();
    for (int start = a - 2; start <= a; ++start) {
      bool three = true;
      for (int k = 0; k < 3; ++k) three &= cells_[((start + k) % n + n) % n] == player_;
      if (three) winner_ = player_;
    }
    player_ = 1 - player_;
    ++ply_;
  }
  bool in_compound_move() const override { return false; }
  int ply() const override { return ply_; }
  bool is_terminal() const override {
    return winner_ != kNoPlayer || std::find(cells_.begin(), cells_.end(), -1) == cells_.end();
  }
  int winner() const override { return winner_; }
  EndReason end_reason() const override {  // three in a row, or a full board
    return !is_terminal()         ? EndReason::kNone
           : winner_ != kNoPlayer ? EndReason::kTarget
                                  : EndReason::kStalemate;
  }
  uint64_t hash() const override {
    uint64_t h = splitmix64(uint64_t(player_));
    for (int c : cells_) h = splitmix64(h ^ uint64_t(c + 2));
    return h;
  }
  std::string to_position() const override {
    std::string text;
    for (int c : cells_) text += c < 0 ? '.' : c == 0 ? 'x' : 'o';
    return text;
  }
  const std::vector<int>& cells() const { return cells_; }
  void set_cells(const std::vector<int>& cells, int player, int ply) {
    cells_ = cells;
    player_ = player;
    ply_ = ply;
  }

 private:
  const RingGame* game_;  // a pointer, not a reference, so that copy_from can assign
  std::vector<int> cells_;
  int player_ = 0, winner_ = kNoPlayer, ply_ = 0;
};

std::unique_ptr<State> RingGame::initial_state() const {
  return std::make_unique<RingState>(*this);
}

std::unique_ptr<State> RingGame::state_from_position(const std::string& text) const {
  if (static_cast<int>(text.size()) != cells_) throw GameError("ring: need one char per cell");
  std::vector<int> cells;
  int x = 0, o = 0;
  for (char ch : text) {
    if (ch != '.' && ch != 'x' && ch != 'o') throw GameError("ring: bad cell '" + text + "'");
    cells.push_back(ch == '.' ? -1 : ch == 'x' ? 0 : 1);
    if (ch == 'x') ++x;
    if (ch == 'o') ++o;
  }
  auto state = std::make_unique<RingState>(*this);
  state->set_cells(cells, x > o ? 1 : 0, x + o);
  return state;
}

// ---------------- ScriptedGame ----------------

class ScriptedGame : public Game {
 public:
  explicit ScriptedGame(std::vector<ScriptNode> nodes) : nodes_(std::move(nodes)) {
    for (const auto& n : nodes_) width_ = std::max(width_, static_cast<int>(n.children.size()));
  }
  std::string name() const override { return "scripted"; }
  const RuleOptions& options() const override { return no_options(name()); }
  std::unique_ptr<State> initial_state() const override;
  std::unique_ptr<State> state_from_position(const std::string&) const override {
    throw GameError("scripted has no position notation");
  }
  int num_actions() const override { return width_; }
  std::string action_to_string(Action a) const override { return "a" + std::to_string(a); }
  int max_game_length() const override { return static_cast<int>(nodes_.size()); }
  const std::vector<ScriptNode>& nodes() const { return nodes_; }

 private:
  std::vector<ScriptNode> nodes_;
  int width_ = 1;
};

class ScriptedState : public ToyState {
 public:
  explicit ScriptedState(const ScriptedGame& game) : game_(&game) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<ScriptedState>(*this); }
  void copy_from(const State& other) override { *this = same_class_state(*this, other); }
  const Game& game() const override { return *game_; }
  const ScriptNode& node() const { return game_->nodes()[node_]; }
  int node_id() const { return node_; }
  int current_player() const override { return node().player; }
  void legal_actions_into(std::vector<Action>& out) const override {
    out.resize(node().children.size());
    std::iota(out.begin(), out.end(), 0);
  }
  void apply_action(Action a) override {
    node_ = node().children[a];
    if (!node().compound) ++ply_;
  }
  bool in_compound_move() const override { return node().compound; }
  int ply() const override { return ply_; }
  bool is_terminal() const override { return node().children.empty(); }
  int winner() const override { return is_terminal() ? node().winner : kNoPlayer; }
  EndReason end_reason() const override {
    return is_terminal() ? EndReason::kTarget : EndReason::kNone;  // a leaf reached
  }
  uint64_t hash() const override { return splitmix64(uint64_t(node_) + 1); }
  std::string to_position() const override { return "node" + std::to_string(node_); }

 private:
  const ScriptedGame* game_;  // a pointer, not a reference, so that copy_from can assign
  int node_ = 0, ply_ = 0;
};

std::unique_ptr<State> ScriptedGame::initial_state() const {
  return std::make_unique<ScriptedState>(*this);
}

// ---------------- Encoders ----------------

// Nim: the pile sizes, a one-hot of the picked pile, and a plane of ones when
// player 1 is to move (so test networks can favour a side).
class NimEncoder : public Encoder {
 public:
  explicit NimEncoder(int piles) : piles_(piles) {}
  ObservationShape shape() const override { return {3, 1, piles_}; }
  void encode(const State& state, int, float* out) const override {
    const auto& s = dynamic_cast<const NimState&>(state);
    for (int i = 0; i < piles_; ++i) {
      out[i] = static_cast<float>(s.piles()[i]);
      out[piles_ + i] = s.picked() == i ? 1.0f : 0.0f;
      out[2 * piles_ + i] = s.current_player() == 1 ? 1.0f : 0.0f;
    }
  }

 private:
  int piles_;
};

// Ring: plane 0 = stones of the player to move, plane 1 = the opponent's;
// the stone on cell c is written at position transform_action(c, sym).
class RingEncoder : public Encoder {
 public:
  explicit RingEncoder(const RingGame& game) : game_(game) {}
  ObservationShape shape() const override { return {2, 1, game_.cells()}; }
  void encode(const State& state, int sym, float* out) const override {
    const auto& s = dynamic_cast<const RingState&>(state);
    const int n = game_.cells();
    std::fill(out, out + 2 * n, 0.0f);
    for (int c = 0; c < n; ++c) {
      if (s.cells()[c] < 0) continue;
      const int plane = s.cells()[c] == s.current_player() ? 0 : 1;
      out[plane * n + game_.transform_action(c, sym)] = 1.0f;
    }
  }

 private:
  const RingGame& game_;
};

// Scripted: a one-hot of the node.
class ScriptedEncoder : public Encoder {
 public:
  explicit ScriptedEncoder(int nodes) : nodes_(nodes) {}
  ObservationShape shape() const override { return {1, 1, nodes_}; }
  void encode(const State& state, int, float* out) const override {
    std::fill(out, out + nodes_, 0.0f);
    out[dynamic_cast<const ScriptedState&>(state).node_id()] = 1.0f;
  }

 private:
  int nodes_;
};

}  // namespace

std::shared_ptr<const Game> make_compound_nim(std::vector<int> piles, int max_take) {
  return std::make_shared<NimGame>(std::move(piles), max_take);
}

std::shared_ptr<const Game> make_ring_game(int cells) { return std::make_shared<RingGame>(cells); }

std::unique_ptr<State> ring_state(const Game& ring, const std::string& cells) {
  return ring.state_from_position(cells);
}

std::shared_ptr<const Game> make_scripted_game(std::vector<ScriptNode> nodes) {
  return std::make_shared<ScriptedGame>(std::move(nodes));
}

std::shared_ptr<const Encoder> make_toy_encoder(const Game& game) {
  if (auto* nim = dynamic_cast<const NimGame*>(&game))
    return std::make_shared<NimEncoder>(static_cast<int>(nim->piles().size()));
  if (auto* ring = dynamic_cast<const RingGame*>(&game))
    return std::make_shared<RingEncoder>(*ring);
  if (auto* script = dynamic_cast<const ScriptedGame*>(&game))
    return std::make_shared<ScriptedEncoder>(static_cast<int>(script->nodes().size()));
  throw GameError("no toy encoder for game '" + game.name() + "'");
}

}  // namespace inchzero::toy
