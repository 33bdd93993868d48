#include "core/records/text_record.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "core/registry.h"

namespace inchzero {
namespace {

// ---- Writing ----

// "key: value" lines of RuleOptions::to_yaml() as "key=value" (--set syntax).
std::vector<std::string> option_assignments(const RuleOptions& options) {
  std::vector<std::string> out;
  std::istringstream in(options.to_yaml());
  for (std::string line; std::getline(in, line);) {
    const size_t colon = line.find(": ");
    if (colon != std::string::npos)
      out.push_back(line.substr(0, colon) + "=" + line.substr(colon + 2));
  }
  return out;
}

// ---- Reading: the syntax of lines ----

constexpr const char* kKnownHeaders[] = {
    "Game",      "Rules",  "Option",     "Start",  "Event",     "Network", "Seed",
    "GameIndex", "Source", "SourceGame", "Result", "EndReason", "Plies",   "Final"};

struct Line {
  int number = 0;
  std::string key, value;  // a header
  int move_number = 0;     // a move line: "N. text"
  std::string move;
};

struct RawRecord {
  std::vector<Line> headers, moves;
};

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

class Reader {
 public:
  explicit Reader(std::string source) : source_(std::move(source)) {}

  [[noreturn]] void fail(int line, const std::string& what) const {
    throw GameError(source_ + ":" + std::to_string(line) + ": " + what);
  }

  // Split `text` into records (syntax only).
  std::vector<RawRecord> split(const std::string& text) const {
    std::vector<RawRecord> records;
    std::istringstream in(text);
    int number = 0;
    for (std::string raw; std::getline(in, raw);) {
      ++number;
      const std::string line = trim(raw);
      if (line.empty() || line[0] == '#') continue;
      Line l;
      l.number = number;
      if (std::isdigit(static_cast<unsigned char>(line[0]))) {
        parse_move_line(line, l);
        if (records.empty()) fail(number, "a move before the first Game header");
        records.back().moves.push_back(l);
        continue;
      }
      parse_header_line(line, l);
      if (l.key == "Game") {
        records.emplace_back();
      } else if (records.empty()) {
        fail(number, "a record starts with its Game header, not '" + l.key + "'");
      } else if (!records.back().moves.empty()) {
        fail(number, "header '" + l.key + "' after the moves (a new record starts with 'Game:')");
      }
      records.back().headers.push_back(l);
    }
    return records;
  }

  const std::string& source() const { return source_; }

 private:
  void parse_move_line(const std::string& line, Line& l) const {
    size_t i = 0;
    while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
    if (i == line.size() || line[i] != '.' || i > 9)
      fail(l.number, "expected a move line 'N. move', found '" + line + "'");
    l.move_number = std::stoi(line.substr(0, i));
    l.move = trim(line.substr(i + 1));
    if (l.move.empty()) fail(l.number, "move " + line.substr(0, i) + " has no move text");
  }

  void parse_header_line(const std::string& line, Line& l) const {
    const size_t colon = line.find(':');
    bool word = colon != std::string::npos && colon > 0;
    for (size_t i = 0; word && i < colon; ++i)
      word = std::isalnum(static_cast<unsigned char>(line[i]));
    if (!word) fail(l.number, "neither a header 'Key: value' nor a move 'N. move': '" + line + "'");
    l.key = line.substr(0, colon);
    l.value = trim(line.substr(colon + 1));
    bool known = false;
    for (const char* k : kKnownHeaders) known |= l.key == k;
    if (!known) {
      std::string list;
      for (const char* k : kKnownHeaders) list += (list.empty() ? "" : ", ") + std::string(k);
      fail(l.number, "unknown header '" + l.key + "' (known: " + list + ")");
    }
    if (l.value.empty()) fail(l.number, "header '" + l.key + "' has no value");
  }

  std::string source_;
};

// ---- Reading: the meaning of one record ----

class RecordLoader {
 public:
  RecordLoader(const Reader& reader, const RawRecord& raw) : reader_(reader), raw_(raw) {}

  LoadedRecord load() {
    index_headers();
    LoadedRecord out;
    PlayedGame& g = out.game;
    load_game(g);
    load_origin(g.origin);
    std::unique_ptr<State> state = start_state(g);
    // The moves, each parsed in the position it is played in.
    for (size_t i = 0; i < raw_.moves.size(); ++i) {
      const Line& m = raw_.moves[i];
      const std::string what = "move " + std::to_string(i + 1) + " '" + m.move + "'";
      if (m.move_number != static_cast<int>(i + 1))
        reader_.fail(m.number, "expected move " + std::to_string(i + 1) + ", found move " +
                                   std::to_string(m.move_number));
      if (state->is_terminal())
        reader_.fail(m.number,
                     what + ": the game is already over (" + to_string(state->end_reason()) + ")");
      try {
        g.moves.push_back(state->parse_move(m.move));
      } catch (const GameError& e) {
        reader_.fail(m.number, what + ": " + e.what());
      }
      state->apply_move(g.moves.back());
    }
    check_counts_and_final(g, *state);
    load_outcome(g, *state);
    out.final_state = std::move(state);
    return out;
  }

 private:
  const Line* header(const std::string& key) const {
    auto it = single_.find(key);
    return it == single_.end() ? nullptr : it->second;
  }

  void index_headers() {
    for (const Line& h : raw_.headers) {
      if (h.key == "Option") {
        options_.push_back(&h);
        continue;
      }
      auto [it, fresh] = single_.emplace(h.key, &h);
      if (!fresh)
        reader_.fail(h.number, "header '" + h.key + "' given twice (first on line " +
                                   std::to_string(it->second->number) + ")");
    }
  }

  int64_t integer(const Line& h, int64_t min) const {
    size_t used = 0;
    int64_t v = 0;
    try {
      v = std::stoll(h.value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != h.value.size() || v < min)
      reader_.fail(h.number, h.key + ": expected an integer >= " + std::to_string(min) +
                                 ", found '" + h.value + "'");
    return v;
  }

  // The game and its rules: every Option line over the Rules label (the
  // label is not read when the Option lines give every option).
  void load_game(PlayedGame& g) {
    const Line& game_line = *header("Game");
    const GameEntry* entry = nullptr;
    try {
      entry = &find_game(game_line.value);
    } catch (const GameError& e) {
      reader_.fail(game_line.number, e.what());
    }
    const OptionSchema& schema = entry->schema();
    RuleOptions scratch = schema.defaults();
    std::map<std::string, int> seen;
    std::vector<std::string> assignments;
    for (const Line* o : options_) {
      const size_t eq = o->value.find('=');
      if (eq == std::string::npos || eq == 0)
        reader_.fail(o->number, "Option: expected key=value, found '" + o->value + "'");
      const std::string key = trim(o->value.substr(0, eq));
      const std::string value = trim(o->value.substr(eq + 1));
      try {
        schema.set(scratch, key, value);
      } catch (const GameError& e) {
        reader_.fail(o->number, e.what());
      }
      auto [it, fresh] = seen.emplace(key, o->number);
      if (!fresh)
        reader_.fail(o->number, "Option '" + key + "' given twice (first on line " +
                                    std::to_string(it->second) + ")");
      assignments.push_back(key + "=" + value);
    }
    const Line* rules = header("Rules");
    g.rules_label = rules ? rules->value : "default";
    try {
      if (!assignments.empty() && assignments.size() == schema.specs().size()) {
        g.game = rebuild_game(entry->name, g.rules_label, assignments);
      } else {
        std::string label = g.rules_label;
        for (const auto& a : assignments) label += "+" + a;
        g.game = load_game_from_label(entry->name, label);
      }
    } catch (const GameError& e) {
      reader_.fail(rules ? rules->number : game_line.number, e.what());
    }
  }

  void load_origin(GameOrigin& o) const {
    if (const Line* h = header("Event")) o.event = h->value;
    if (const Line* h = header("Network")) o.network = h->value;
    if (const Line* h = header("Source")) o.source = h->value;
    if (const Line* h = header("Seed")) {
      size_t used = 0;
      uint64_t v = 0;
      try {
        v = std::stoull(h->value, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != h->value.size() || h->value[0] == '-')
        reader_.fail(h->number, "Seed: expected an unsigned integer, found '" + h->value + "'");
      o.seed = v;
    }
    if (const Line* h = header("GameIndex")) o.game_index = integer(*h, 0);
    if (const Line* h = header("SourceGame")) o.source_game = integer(*h, 1);
  }

  std::unique_ptr<State> start_state(PlayedGame& g) const {
    const Line* start = header("Start");
    if (!start) return g.game->initial_state();
    g.start_position = start->value;
    try {
      return g.game->state_from_position(start->value);
    } catch (const GameError& e) {
      reader_.fail(start->number, std::string("Start: ") + e.what());
    }
  }

  void check_counts_and_final(const PlayedGame& g, const State& final_state) const {
    const int last = raw_.moves.empty() ? raw_.headers.back().number : raw_.moves.back().number;
    if (const Line* h = header("Plies")) {
      const int64_t plies = integer(*h, 0);
      if (plies != static_cast<int64_t>(g.moves.size()))
        reader_.fail(last, "Plies (line " + std::to_string(h->number) + ") says " +
                               std::to_string(plies) + ", but the record lists " +
                               std::to_string(g.moves.size()) + " moves");
    }
    if (const Line* h = header("Final")) {
      const std::string actual = final_state.to_position();
      if (h->value != actual)
        reader_.fail(h->number,
                     "Final says '" + h->value + "', but the moves lead to '" + actual + "'");
    }
  }

  // Result and EndReason, checked against the replay. Missing ones are taken
  // from the final position (an unfinished game when it is not over).
  void load_outcome(PlayedGame& g, const State& final_state) const {
    const Line* result = header("Result");
    const Line* reason = header("EndReason");
    const int where = result ? result->number : reason ? reason->number : raw_.headers[0].number;
    if (reason && !result) reader_.fail(reason->number, "EndReason without a Result header");
    if (!result) {
      g.end_reason = final_state.end_reason();
      g.winner = final_state.winner();
      return;
    }
    const std::map<std::string, int> results = {
        {"1-0", 0}, {"0-1", 1}, {"1/2-1/2", kNoPlayer}, {"*", kNoPlayer}};
    auto it = results.find(result->value);
    if (it == results.end())
      reader_.fail(result->number,
                   "Result: expected 1-0, 0-1, 1/2-1/2 or *, found '" + result->value + "'");
    g.winner = it->second;
    if (result->value == "*") {
      if (reason) reader_.fail(reason->number, "EndReason given for an unfinished game (Result *)");
    } else if (reason) {
      try {
        g.end_reason = parse_end_reason(reason->value);
      } catch (const GameError& e) {
        reader_.fail(reason->number, std::string("EndReason: ") + e.what());
      }
    } else if (final_state.is_terminal()) {
      g.end_reason = final_state.end_reason();
    } else {
      reader_.fail(result->number, "Result " + result->value +
                                       " but the moves do not end the game: say why with an "
                                       "EndReason header (resign)");
    }
    try {
      check_outcome(final_state, g.winner, g.end_reason);
    } catch (const GameError& e) {
      reader_.fail(where, e.what());
    }
  }

  const Reader& reader_;
  const RawRecord& raw_;
  std::map<std::string, const Line*> single_;
  std::vector<const Line*> options_;
};

}  // namespace

std::string write_text_record(const PlayedGame& g) {
  std::vector<std::string> texts;
  std::unique_ptr<State> final_state = replay(
      g, [&](size_t i, const State& state) { texts.push_back(state.move_to_string(g.moves[i])); });
  check_outcome(*final_state, g.winner, g.end_reason);
  std::ostringstream out;
  out << "Game: " << g.game->name() << "\n";
  out << "Rules: " << (g.rules_label.empty() ? g.game->options().label() : g.rules_label) << "\n";
  for (const std::string& a : option_assignments(g.game->options())) out << "Option: " << a << "\n";
  if (!g.start_position.empty()) out << "Start: " << g.start_position << "\n";
  const GameOrigin& o = g.origin;
  if (!o.event.empty()) out << "Event: " << o.event << "\n";
  if (!o.network.empty()) out << "Network: " << o.network << "\n";
  if (o.seed) out << "Seed: " << *o.seed << "\n";
  if (o.game_index >= 0) out << "GameIndex: " << o.game_index << "\n";
  if (!o.source.empty()) out << "Source: " << o.source << "\n";
  if (o.source_game >= 1) out << "SourceGame: " << o.source_game << "\n";
  out << "Result: " << result_text(g.winner, g.end_reason) << "\n";
  if (g.end_reason != EndReason::kNone) out << "EndReason: " << to_string(g.end_reason) << "\n";
  out << "Plies: " << g.moves.size() << "\n";
  out << "Final: " << final_state->to_position() << "\n\n";
  for (size_t i = 0; i < texts.size(); ++i) out << i + 1 << ". " << texts[i] << "\n";
  if (!texts.empty()) out << "\n";
  return out.str();
}

namespace {

// A file cut off at an arbitrary byte (a crash, a partial copy) almost always
// ends inside a line; every record file inchzero writes ends with a newline.
void refuse_torn_end(const std::string& text, const std::string& source) {
  if (text.empty() || text.back() == '\n') return;
  const size_t lines = static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  throw GameError(source + ":" + std::to_string(lines) +
                  ": the file ends in the middle of a line (cut short?); a record file ends "
                  "with a newline");
}

}  // namespace

LoadedRecord read_text_record(const std::string& text, const std::string& source, int number) {
  refuse_torn_end(text, source);
  const Reader reader(source);
  const std::vector<RawRecord> records = reader.split(text);
  if (records.empty()) throw GameError(source + ": no game record (a record starts with 'Game:')");
  if (number < 1 || number > static_cast<int>(records.size()))
    throw GameError(source + ": there is no game " + std::to_string(number) + "; the file holds " +
                    std::to_string(records.size()) + " game" + (records.size() == 1 ? "" : "s"));
  return RecordLoader(reader, records[number - 1]).load();
}

std::vector<LoadedRecord> read_text_records(const std::string& text, const std::string& source) {
  refuse_torn_end(text, source);
  const Reader reader(source);
  std::vector<LoadedRecord> out;
  for (const RawRecord& raw : reader.split(text)) out.push_back(RecordLoader(reader, raw).load());
  return out;
}

}  // namespace inchzero
