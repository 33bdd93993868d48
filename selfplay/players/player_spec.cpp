#include "selfplay/players/player_spec.h"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <sstream>
#include <vector>

#include "model/precision.h"
#include "model/zoo.h"

namespace inchzero {
namespace {

// The built-in kinds and their forms, as help texts, refusals and
// docs/running.md's players table write them (lab_players_test.cpp checks
// the table against player_spec_forms()).
struct BuiltInForm {
  const char* kind;
  const char* grammar;
};
constexpr BuiltInForm kBuiltInForms[] = {
    {"random", "random"},
    {"greedy", "greedy"},
    {"uct", "uct:N[:c=X][:rollout_plies=M][:ms=T]"},
    {"ab", "ab:D[:ms=T]"},
    {"stockfish", "stockfish[:skill=S][:depth=D|:nodes=N|:ms=T]"},
    {"net",
     "net:PATH[:sims=N][:gumbel=0|1][:precision=fp32|bf16|auto][:temp=T[:temp_moves=M]][:ms=T]"},
    {"zoo", "zoo:NAME[:sims=N]..."},
};

// The kinds registered from above; read by every parse, written at start-up.
struct KindRegistry {
  std::mutex mutex;
  std::vector<PlayerKind> kinds;
};
KindRegistry& kind_registry() {
  static KindRegistry registry;
  return registry;
}

bool find_registered(const std::string& name, PlayerKind* out) {
  KindRegistry& r = kind_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const PlayerKind& k : r.kinds) {
    if (k.name == name) {
      if (out) *out = k;
      return true;
    }
  }
  return false;
}

[[noreturn]] void fail(const std::string& spec, const std::string& why) {
  throw GameError("player spec '" + spec + "': " + why + " (players: " + player_spec_grammar() +
                  ")");
}

int parse_positive_int(const std::string& spec, const std::string& what, const std::string& text,
                       int min_value) {
  size_t used = 0;
  long value = 0;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || value < min_value || value > 100000000) {
    fail(spec, what + " '" + text + "' is not an integer >= " + std::to_string(min_value));
  }
  return static_cast<int>(value);
}

double parse_positive_double(const std::string& spec, const std::string& what,
                             const std::string& text) {
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || !(value > 0)) {
    fail(spec, what + " '" + text + "' is not a positive number");
  }
  return value;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep)) parts.push_back(part);
  if (!text.empty() && text.back() == sep) parts.push_back("");
  return parts;
}

}  // namespace

void register_player_kind(PlayerKind kind) {
  for (const BuiltInForm& form : kBuiltInForms) {
    if (kind.name == form.kind) throw GameError("player kind '" + kind.name + "' is built in");
  }
  if (kind.name.empty() || kind.name.find(':') != std::string::npos || !kind.make) {
    throw GameError("player kind '" + kind.name + "': a name without ':' and a factory needed");
  }
  KindRegistry& r = kind_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (PlayerKind& k : r.kinds) {
    if (k.name == kind.name) {
      k = std::move(kind);
      return;
    }
  }
  r.kinds.push_back(std::move(kind));
}

std::vector<PlayerKind> registered_player_kinds() {
  KindRegistry& r = kind_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return r.kinds;
}

std::vector<PlayerForm> player_spec_forms() {
  std::vector<PlayerForm> forms;
  for (const BuiltInForm& form : kBuiltInForms) forms.push_back({form.kind, form.grammar});
  for (const PlayerKind& k : registered_player_kinds())
    forms.push_back({k.name, k.grammar.empty() ? k.name : k.grammar});
  return forms;
}

std::string player_spec_grammar() {
  std::string text;
  for (const PlayerForm& form : player_spec_forms())
    text += (text.empty() ? "" : " | ") + form.grammar;
  return text;
}

std::string PlayerSpec::to_string() const {
  std::ostringstream out;
  switch (kind) {
    case Kind::kRandom:
      return "random";
    case Kind::kGreedy:
      return "greedy";
    case Kind::kRegistered:
      return argument.empty() ? registered : registered + ":" + argument;
    case Kind::kUct:
      out << "uct:" << playouts;
      // Doubles in their shortest form that reads back exactly ("0.3333333333333333").
      if (exploration != PlayerSpec().exploration) out << fmt::format(":c={}", exploration);
      if (rollout_plies > 0) out << ":rollout_plies=" << rollout_plies;
      if (time_ms > 0) out << ":ms=" << time_ms;
      return out.str();
    case Kind::kStockfish: {
      out << "stockfish:skill=" << skill;
      const size_t space = go_limit.find(' ');
      const std::string key = go_limit.substr(0, space);
      out << ":" << (key == "movetime" ? "ms" : key) << "=" << go_limit.substr(space + 1);
      return out.str();
    }
    case Kind::kAlphaBeta:
      out << "ab:" << depth;
      if (time_ms > 0) out << ":ms=" << time_ms;
      return out.str();
    case Kind::kNet:
      // A zoo network prints as it is written: "zoo:NAME:sims=N".
      out << (path.rfind(kZooPrefix, 0) == 0 ? "" : "net:") << path << ":sims=" << simulations;
      if (gumbel >= 0) out << ":gumbel=" << gumbel;
      if (!precision.empty()) out << ":precision=" << precision;
      if (temperature > 0) out << fmt::format(":temp={}", temperature);
      if (temperature_moves > 0) out << ":temp_moves=" << temperature_moves;
      if (time_ms > 0) out << ":ms=" << time_ms;
      return out.str();
  }
  return "?";
}

std::string with_time_per_move(const std::string& text, int ms) {
  const PlayerSpec spec = parse_player_spec(text);
  if (ms <= 0) return text;
  // Stockfish's default limit ("depth 1") reads like a given depth=1, so
  // whether it names a limit is read from the text.
  auto names_a_limit = [&] {
    const std::vector<std::string> parts = split(text, ':');
    return std::any_of(parts.begin() + 1, parts.end(), [](const std::string& part) {
      return part.rfind("ms=", 0) == 0 || part.rfind("depth=", 0) == 0 ||
             part.rfind("nodes=", 0) == 0;
    });
  };
  bool timed = false;
  switch (spec.kind) {
    case PlayerSpec::Kind::kUct:
    case PlayerSpec::Kind::kAlphaBeta:
    case PlayerSpec::Kind::kNet:
      timed = spec.time_ms == 0;  // ms=T, when given, is at least 1
      break;
    case PlayerSpec::Kind::kStockfish:
      timed = !names_a_limit();
      break;
    default:
      break;
  }
  return timed ? text + ":ms=" + std::to_string(ms) : text;
}

PlayerSpec parse_player_spec(const std::string& text) {
  std::vector<std::string> parts = split(text, ':');
  if (parts.empty() || parts[0].empty()) fail(text, "empty player");
  const std::string kind = parts[0];
  // Positional parts (no '=') and options (key=value) after the kind.
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, std::string>> options;
  for (size_t i = 1; i < parts.size(); ++i) {
    size_t eq = parts[i].find('=');
    if (eq == std::string::npos) {
      positional.push_back(parts[i]);
    } else {
      options.emplace_back(parts[i].substr(0, eq), parts[i].substr(eq + 1));
    }
  }
  PlayerSpec spec;
  auto reject_options = [&]() {
    if (!options.empty()) fail(text, "'" + kind + "' takes no option '" + options[0].first + "'");
  };
  PlayerKind registered;
  if (find_registered(kind, &registered)) {
    // Registered kinds parse their own argument when their factory is made.
    spec.kind = PlayerSpec::Kind::kRegistered;
    spec.registered = kind;
    spec.argument = text.size() > kind.size() ? text.substr(kind.size() + 1) : "";
    if (!registered.takes_argument && text.size() > kind.size()) {
      fail(text, "'" + kind + "' takes no argument");
    }
  } else if (kind == "random" || kind == "greedy") {
    spec.kind = kind == "random" ? PlayerSpec::Kind::kRandom : PlayerSpec::Kind::kGreedy;
    if (!positional.empty()) fail(text, "'" + kind + "' takes no argument");
    reject_options();
  } else if (kind == "uct") {
    spec.kind = PlayerSpec::Kind::kUct;
    if (positional.size() != 1) fail(text, "write the playouts per decision, e.g. uct:1000");
    spec.playouts = parse_positive_int(text, "playout count", positional[0], 1);
    for (const auto& [key, value] : options) {
      if (key == "c") {
        spec.exploration = parse_positive_double(text, "exploration constant", value);
      } else if (key == "rollout_plies") {
        spec.rollout_plies = parse_positive_int(text, "rollout_plies", value, 0);
      } else if (key == "ms") {
        spec.time_ms = parse_positive_int(text, "time in ms", value, 1);
      } else {
        fail(text, "unknown uct option '" + key + "' (known: c, rollout_plies, ms)");
      }
    }
  } else if (kind == "stockfish") {
    spec.kind = PlayerSpec::Kind::kStockfish;
    if (!positional.empty()) fail(text, "stockfish takes options only, e.g. stockfish:skill=3");
    int limits = 0;
    for (const auto& [key, value] : options) {
      if (key == "skill") {
        spec.skill = parse_positive_int(text, "skill", value, 0);
        if (spec.skill > 20) fail(text, "skill " + value + " is more than 20");
      } else if (key == "depth" || key == "nodes" || key == "ms") {
        spec.go_limit = (key == "ms" ? "movetime" : key) + " " +
                        std::to_string(parse_positive_int(text, key, value, 1));
        ++limits;
      } else {
        fail(text, "unknown stockfish option '" + key + "' (known: skill, depth, nodes, ms)");
      }
    }
    if (limits > 1) fail(text, "give one of depth, nodes, ms");
  } else if (kind == "ab") {
    spec.kind = PlayerSpec::Kind::kAlphaBeta;
    if (positional.size() != 1) fail(text, "write the depth in full moves, e.g. ab:2");
    spec.depth = parse_positive_int(text, "depth", positional[0], 1);
    if (spec.depth > 64) fail(text, "depth " + positional[0] + " is more than 64");
    for (const auto& [key, value] : options) {
      if (key == "ms") {
        spec.time_ms = parse_positive_int(text, "time in ms", value, 1);
      } else {
        fail(text, "unknown ab option '" + key + "' (known: ms)");
      }
    }
  } else if (kind == "net" || kind == "zoo") {
    spec.kind = PlayerSpec::Kind::kNet;
    if (kind == "zoo") {
      // zoo:NAME is net:zoo:NAME, resolved where the network loads (model/network_path.h).
      if (positional.size() != 1) fail(text, "write the zoo network's name, e.g. zoo:inchworm-60");
      if (!valid_zoo_name(positional[0]))
        fail(text, "zoo name '" + positional[0] + "' is not [a-z0-9-]+");
      spec.path = kZooPrefix + positional[0];
    } else {
      if (positional.empty()) fail(text, "write the network file, e.g. net:runs/x/net.pt");
      // The path is everything positional, re-joined (it may contain ':').
      spec.path = positional[0];
      for (size_t i = 1; i < positional.size(); ++i) spec.path += ":" + positional[i];
      if (spec.path.empty()) fail(text, "empty network path");
    }
    bool simulations_given = false;
    for (const auto& [key, value] : options) {
      if (key == "sims") {
        spec.simulations = parse_positive_int(text, "simulation count", value, 1);
        simulations_given = true;
      } else if (key == "ms") {
        spec.time_ms = parse_positive_int(text, "time in ms", value, 1);
      } else if (key == "gumbel") {
        if (value != "0" && value != "1") fail(text, "gumbel takes 0 or 1, not '" + value + "'");
        spec.gumbel = value == "1";
      } else if (key == "precision") {
        try {
          parse_precision(value);
        } catch (const GameError& e) {
          fail(text, e.what());
        }
        spec.precision = value;
      } else if (key == "temp") {
        spec.temperature = parse_positive_double(text, "temperature", value);
        if (spec.temperature > 10) fail(text, "temperature " + value + " is more than 10");
      } else if (key == "temp_moves") {
        spec.temperature_moves = parse_positive_int(text, "temp_moves", value, 1);
      } else {
        fail(text, "unknown net option '" + key +
                       "' (known: sims, gumbel, precision, temp, temp_moves, ms)");
      }
    }
    // A time per move without sims: the time decides, not the default 64.
    if (spec.time_ms > 0 && !simulations_given) spec.simulations = kTimedSimulationCap;
    if (spec.temperature_moves > 0 && spec.temperature == 0) fail(text, "temp_moves needs temp=T");
  } else {
    fail(text, "unknown player '" + kind + "'");
  }
  return spec;
}

}  // namespace inchzero
