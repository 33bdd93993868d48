// UCI command lines (`inchzero uci`, engine/uci_command.h): the lines after
// the first byte, which picks the UCI variant. Every `position`, `go` and
// `setoption` the parser accepts prints back to a line that parses to the
// same command; a position's FEN and moves are set up as the engine does.
#include <sstream>

#include "core/registry.h"
#include "engine/uci_command.h"
#include "fuzz/fuzz_games.h"

namespace {

using namespace inchzero;

// The variants' games as a UCI session plays them: without a ply cap.
const Game& variant_game(uint8_t byte) {
  static const std::vector<std::shared_ptr<const Game>> games = [] {
    std::vector<std::shared_ptr<const Game>> out;
    for (const UciVariant& v : uci_variants())
      out.push_back(load_game(v.game, v.rules, {"max_plies=0"}));
    return out;
  }();
  return *games[byte % games.size()];
}

void ignore(const std::string&) {}

template <class Command, class Parse>
void check_round_trip(const Command& command, Parse&& parse, const std::string& line) {
  const std::string printed = to_string(command);
  if (!(parse(printed) == command))
    fuzz::broken("'" + line + "' prints as '" + printed + "', which parses to another command");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const Game& game = variant_game(data[0]);
  std::istringstream in(fuzz::text_after_first(data, size));
  std::string line;
  while (std::getline(in, line)) {
    const std::vector<std::string> words = uci_words(line);
    if (words.empty()) continue;
    try {
      if (words[0] == "position") {
        const UciPosition position = parse_uci_position(words);
        check_round_trip(
            position, [](const std::string& l) { return parse_uci_position(uci_words(l)); }, line);
        if (const std::unique_ptr<State> state = uci_position_state(game, position, ignore))
          (void)state->to_position();
      } else if (words[0] == "go") {
        check_round_trip(
            parse_uci_go(words, ignore),
            [](const std::string& l) { return parse_uci_go(uci_words(l), ignore); }, line);
      } else if (words[0] == "setoption") {
        check_round_trip(parse_uci_setoption(line), parse_uci_setoption, line);
      }
    } catch (const GameError&) {
    }
  }
  return 0;
}
