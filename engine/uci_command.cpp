#include "engine/uci_command.h"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "core/words.h"

namespace inchzero {
namespace {

// Shortest text that std::strtod reads back as the same double.
std::string number_text(double v) {
  std::ostringstream out;
  out.precision(17);
  out << v;
  return out.str();
}

// The number after words[i] (i then points at it). Whole-word, finite:
// "12abc", "nan" and "inf" are refused, as a limit cannot be any of them.
double go_number(const std::vector<std::string>& words, size_t& i) {
  if (i + 1 >= words.size()) throw GameError("'" + words[i] + "' needs a number");
  const std::string& text = words[++i];
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || errno == ERANGE || !std::isfinite(v))
    throw GameError("'" + words[i - 1] + "' needs a number, not '" + text + "'");
  return v;
}

// The same truncated to an int; refused outside the int range, where the
// conversion would be undefined.
int go_int(const std::vector<std::string>& words, size_t& i) {
  const double v = go_number(words, i);
  if (v <= double(INT_MIN) - 1 || v >= double(INT_MAX) + 1)
    throw GameError("'" + words[i - 1] + "' " + words[i] + " is outside the int range");
  return static_cast<int>(v);
}

std::string trim(std::string s) {
  s.erase(0, s.find_first_not_of(' '));
  s.erase(s.find_last_not_of(" \r") + 1);
  return s;
}

}  // namespace

const std::vector<UciVariant>& uci_variants() {
  static const std::vector<UciVariant> variants = {
      {"chess", "inchworm-chess", "fide"},
      {"inchworm-chess", "inchworm-chess", ""},
      {"longworm-chess", "longworm-chess", ""},
  };
  return variants;
}

std::vector<std::string> uci_words(const std::string& line) { return split_words(line); }

UciPosition parse_uci_position(const std::vector<std::string>& words) {
  UciPosition position;
  size_t i = 1;
  if (i < words.size() && words[i] == "startpos") {
    ++i;
  } else if (i < words.size() && words[i] == "fen") {
    position.startpos = false;
    for (++i; i < words.size() && words[i] != "moves"; ++i)
      position.fen += (position.fen.empty() ? "" : " ") + words[i];
  } else {
    throw GameError("expected 'startpos' or 'fen'");
  }
  if (i < words.size() && words[i] == "moves")
    position.moves.assign(words.begin() + static_cast<std::ptrdiff_t>(i) + 1, words.end());
  return position;
}

std::string to_string(const UciPosition& position) {
  std::string line = position.startpos ? "position startpos" : "position fen";
  if (!position.startpos && !position.fen.empty()) line += " " + position.fen;
  if (!position.moves.empty()) line += " moves";
  for (const std::string& move : position.moves) line += " " + move;
  return line;
}

std::unique_ptr<State> uci_position_state(const Game& game, const UciPosition& position,
                                          const std::function<void(const std::string&)>& report) {
  std::unique_ptr<State> state;
  try {
    state = position.startpos ? game.initial_state() : game.state_from_position(position.fen);
  } catch (const GameError& e) {
    report(std::string("info string error: position: ") + e.what());
    return nullptr;
  }
  for (const std::string& move : position.moves) {
    try {
      for (Action a : state->parse_move(move)) state->apply_action(a);
    } catch (const GameError& e) {
      report("info string error: move '" + move + "': " + e.what());
      break;
    }
  }
  return state;
}

UciGo parse_uci_go(const std::vector<std::string>& words,
                   const std::function<void(const std::string&)>& report) {
  UciGo go;
  for (size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "nodes") {
      go.nodes = go_int(words, i);
    } else if (w == "movetime") {
      go.movetime = go_number(words, i);
    } else if (w == "wtime") {
      go.time_left[0] = go_number(words, i);
    } else if (w == "btime") {
      go.time_left[1] = go_number(words, i);
    } else if (w == "winc") {
      go.increment[0] = go_number(words, i);
    } else if (w == "binc") {
      go.increment[1] = go_number(words, i);
    } else if (w == "movestogo") {
      go.moves_to_go = go_int(words, i);
    } else if (w == "infinite") {
      go.infinite = true;
    } else if (w == "depth" || w == "mate") {
      go_number(words, i);
      report("info string '" + w + "' is not a limit of this search; using visits");
    } else {
      report("info string ignored go argument '" + w + "'");
    }
  }
  return go;
}

std::string to_string(const UciGo& go) {
  std::string line = "go";
  auto limit = [&](const char* name, double v, std::string text) {
    if (v != 0) line += std::string(" ") + name + " " + text;
  };
  limit("nodes", go.nodes, std::to_string(go.nodes));
  limit("movetime", go.movetime, number_text(go.movetime));
  limit("wtime", go.time_left[0], number_text(go.time_left[0]));
  limit("btime", go.time_left[1], number_text(go.time_left[1]));
  limit("winc", go.increment[0], number_text(go.increment[0]));
  limit("binc", go.increment[1], number_text(go.increment[1]));
  limit("movestogo", go.moves_to_go, std::to_string(go.moves_to_go));
  if (go.infinite) line += " infinite";
  return line;
}

UciSetOption parse_uci_setoption(const std::string& line) {
  const size_t name_at = line.find(" name ");
  if (name_at == std::string::npos) throw GameError("no name");
  const size_t name_begin = name_at + 6;
  // From the space that ends " name ": with an empty name the two share it
  // ("setoption name value x").
  const size_t value_at = line.find(" value ", name_at + 5);
  UciSetOption option;
  if (value_at == std::string::npos) {
    option.name = trim(line.substr(name_begin));
  } else {
    option.name =
        value_at <= name_begin ? "" : trim(line.substr(name_begin, value_at - name_begin));
    option.value = trim(line.substr(value_at + 7));
  }
  return option;
}

std::string to_string(const UciSetOption& option) {
  std::string line = "setoption name " + option.name;
  if (!option.value.empty()) line += " value " + option.value;
  return line;
}

}  // namespace inchzero
