#include "core/registry.h"

#include "core/games/chess/chess.h"
#include "core/games/inchworm/inchworm.h"
#include "core/games/invector/invector.h"
#include "core/games/steere_inchworm/steere_inchworm.h"

namespace inchzero {

const std::vector<GameEntry>& game_table() {
  static const std::vector<GameEntry> table = {
      {"inchworm", "Rodeffer's Inchworm (2000), every variant and proposed fix", &inchworm::schema,
       &inchworm::make_game},
      {"inchworm-chess", "Betza's Inchworm Chess (2002); plain FIDE chess with inchworm=false",
       &chess::inchworm_chess_schema, &chess::make_inchworm_chess},
      {"longworm-chess", "Betza's Long Worm Chess (2002): Inchworm Chess with half pieces",
       &chess::longworm_chess_schema, &chess::make_longworm_chess},
      {"invector", "Steere's Invector (2006): captures, and steps toward the centre",
       &invector::schema, &invector::make_game},
      {"steere-inchworm", "Steere's Inchworm (2021): worms of stacked checkers race off the board",
       &steere::schema, &steere::make_game},
  };
  return table;
}

const GameEntry& find_game(const std::string& name) {
  std::string known;
  for (const auto& e : game_table()) {
    if (e.name == name) return e;
    known += (known.empty() ? "" : ", ") + e.name;
  }
  throw GameError("unknown game '" + name + "' (known games: " + known + ")");
}

std::shared_ptr<const Game> load_game(const std::string& name, const std::string& rules,
                                      const std::vector<std::string>& overrides) {
  const GameEntry& entry = find_game(name);
  return entry.make(load_rule_options(entry.schema(), rules, overrides));
}

std::shared_ptr<const Game> load_game_from_label(const std::string& name,
                                                 const std::string& label) {
  std::vector<std::string> parts;
  size_t begin = 0;
  for (;;) {
    const size_t plus = label.find('+', begin);
    parts.push_back(label.substr(begin, plus == std::string::npos ? plus : plus - begin));
    if (plus == std::string::npos) break;
    begin = plus + 1;
  }
  const std::string rules = parts.front() == "default" ? "" : parts.front();
  const std::vector<std::string> overrides(parts.begin() + 1, parts.end());
  try {
    return load_game(name, rules, overrides);
  } catch (const GameError& e) {
    throw GameError("cannot rebuild the rules '" + label + "' of game '" + name + "': " + e.what());
  }
}

}  // namespace inchzero
