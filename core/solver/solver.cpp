#include "core/solver/solver.h"

#include <chrono>
#include <fstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "core/rules_fingerprint.h"
#include "core/solver/solvability.h"

namespace inchzero::solver {
namespace {

constexpr int8_t kOpen = 2;  // on the current line of play, value not known yet

// What the memo keeps per key; the keys themselves live in the map.
struct Record {
  int8_t player = 0;
  int8_t value = kOpen;
  uint32_t best_begin = 0;  // into the shared pool of optimal decisions
  uint32_t best_count = 0;
  uint32_t num_legal = 0;
};

// One position on the explicit stack.
struct Frame {
  std::unique_ptr<State> state;
  uint32_t id = 0;
  int player = 0;
  std::string boundary;         // notation where the move in progress began
  std::vector<Action> partial;  // its decisions so far (empty at a boundary)
  std::vector<Action> actions;  // legal decisions, ascending
  std::vector<int8_t> values;   // value of each decided child, for `player`
  size_t next = 0;
};

int8_t terminal_value(const State& terminal, int player) {
  const int w = terminal.winner();
  return w == kNoPlayer ? kDraw : w == player ? kWin : kLoss;
}

}  // namespace

namespace {

// The figure of the line "<field>: N kB" of a /proc file, in bytes (0 where
// unknown).
int64_t proc_kib_field(const char* path, const std::string& field) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(field + ":", 0) == 0) return std::stoll(line.substr(field.size() + 1)) * 1024;
  return 0;
}

}  // namespace

int64_t peak_rss_bytes() { return proc_kib_field("/proc/self/status", "VmHWM"); }

int64_t machine_memory_bytes() { return proc_kib_field("/proc/meminfo", "MemTotal"); }

Solution solve(const Game& game, const SolveLimits& limits, const SolveProgress& progress,
               SolveStats* stats_out) {
  check_solvable(game);
  const auto t0 = std::chrono::steady_clock::now();
  SolveStats stats;
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };

  std::unordered_map<std::string, uint32_t> ids;  // key -> index into records
  std::vector<Record> records;
  std::vector<Action> pool;
  // Terminal states are only counted, so a 64-bit hash of the key stands in
  // for it (a collision would only undercount, never change a value).
  std::unordered_set<uint64_t> terminals;
  const std::hash<std::string> key_hash;

  auto open = [&](std::unique_ptr<State> state, const std::string& key, std::string boundary,
                  std::vector<Action> partial) {
    if (static_cast<int64_t>(records.size()) >= limits.max_positions)
      throw std::runtime_error("solve: more than " + std::to_string(limits.max_positions) +
                               " positions; choose a smaller board or a lower max_plies");
    const auto [it, inserted] = ids.emplace(key, static_cast<uint32_t>(records.size()));
    (void)inserted;
    Frame f;
    f.id = it->second;
    f.player = state->current_player();
    f.actions = state->legal_actions();
    f.state = std::move(state);
    f.boundary = std::move(boundary);
    f.partial = std::move(partial);
    records.push_back(Record{static_cast<int8_t>(f.player), kOpen, 0, 0});
    return f;
  };

  auto start = game.initial_state();
  if (start->is_terminal()) throw std::runtime_error("solve: the start position is terminal");
  if (start->in_compound_move())
    throw std::runtime_error("solve: the start position is inside a move");
  const std::string start_key = start->to_position();
  std::vector<Frame> stack;
  stack.push_back(open(std::move(start), start_key, start_key, {}));

  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next < f.actions.size()) {
      const Action a = f.actions[f.next++];
      auto child = f.state->clone();
      child->apply_action(a);
      if (++stats.expansions % 16384 == 0 && progress) {
        stats.positions = static_cast<int64_t>(records.size());
        stats.terminals = static_cast<int64_t>(terminals.size());
        stats.seconds = elapsed();
        progress(stats);
      }
      if (child->is_terminal()) {
        terminals.insert(key_hash(child->to_position()));
        f.values.push_back(terminal_value(*child, f.player));
        continue;
      }
      std::string boundary;
      std::vector<Action> partial;
      if (child->in_compound_move()) {
        boundary = f.boundary;
        partial = f.partial;
        partial.push_back(a);
      } else {
        boundary = child->to_position();
      }
      std::string key = position_key(boundary, partial);
      const auto it = ids.find(key);
      if (it != ids.end()) {
        const Record& r = records[it->second];
        if (r.value == kOpen)
          throw std::runtime_error("solve: position '" + key +
                                   "' recurs on its own line of play; the game needs a ply "
                                   "cap (max_plies) to be solved");
        f.values.push_back(r.player == f.player ? r.value : static_cast<int8_t>(-r.value));
        continue;
      }
      if (static_cast<int>(stack.size()) > game.max_game_length())
        throw std::runtime_error("solve: a line of play is longer than the game's bound of " +
                                 std::to_string(game.max_game_length()) +
                                 " decisions; set max_plies");
      Frame next = open(std::move(child), key, std::move(boundary), std::move(partial));
      stack.push_back(std::move(next));  // invalidates f
      stats.max_depth = std::max(stats.max_depth, static_cast<int>(stack.size()) - 1);
      continue;
    }
    // Every child decided: the best value for the player to decide, and every
    // decision that reaches it.
    int8_t best = kLoss;
    for (int8_t v : f.values) best = std::max(best, v);
    Record& r = records[f.id];
    r.value = best;
    // The pool is indexed by 32 bits; a board this big is far beyond memory
    // anyway, but say so rather than wrap around.
    if (pool.size() + f.actions.size() > UINT32_MAX)
      throw std::runtime_error("solve: more optimal decisions than the solver can index (2^32)");
    r.best_begin = static_cast<uint32_t>(pool.size());
    for (size_t i = 0; i < f.actions.size(); ++i)
      if (f.values[i] == best) pool.push_back(f.actions[i]);
    r.best_count = static_cast<uint32_t>(pool.size()) - r.best_begin;
    r.num_legal = static_cast<uint32_t>(f.actions.size());
    const int player = f.player;
    stack.pop_back();
    if (!stack.empty())
      stack.back().values.push_back(player == stack.back().player ? best
                                                                  : static_cast<int8_t>(-best));
  }

  Solution solution;
  solution.game = game.name();
  solution.rules_label = game.options().label();
  solution.options_yaml = game.options().to_yaml();
  solution.fingerprint = fingerprint_hex(behaviour_fingerprint(game));
  solution.start_key = start_key;
  solution.terminal_positions = static_cast<int64_t>(terminals.size());
  solution.positions.resize(records.size());
  // Move each key out of the memo as it is emptied, so the keys are never
  // held twice (they are most of the memory).
  while (!ids.empty()) {
    auto node = ids.extract(ids.begin());
    solution.positions[node.mapped()].key = std::move(node.key());
  }
  terminals = {};
  for (size_t i = 0; i < records.size(); ++i) {
    const Record& r = records[i];
    SolvedPosition& p = solution.positions[i];
    p.player = r.player;
    p.value = r.value;
    p.best.assign(pool.begin() + r.best_begin, pool.begin() + r.best_begin + r.best_count);
    p.num_legal = static_cast<int32_t>(r.num_legal);
  }
  stats.positions = static_cast<int64_t>(records.size());
  stats.terminals = solution.terminal_positions;
  stats.seconds = elapsed();
  stats.peak_rss_bytes = peak_rss_bytes();
  solution.solve_seconds = stats.seconds;
  if (progress) progress(stats);
  if (stats_out) *stats_out = stats;
  return solution;
}

}  // namespace inchzero::solver
