// The rule options of Inchworm Chess and Long Worm Chess, declared once.
#include "core/games/chess/chess.h"
#include "core/games/chess/rules.h"

namespace inchzero::chess {
namespace {

// Options shared by both games; inchworm-chess adds `inchworm` in front.
std::vector<OptionSpec> shared_specs() {
  using S = OptionSpec;
  return {
      S::Int("move_rule", -1, -1, 10000,
             "draw after N moves by each side without a capture or a pawn advance "
             "(-1: the ruling, 100 moves, or 50 when inchworm is false; 0 = off)"),
      S::Int("repetition_draw", 3, 0, 100,
             "the same position for the N-th time is a draw (0 = off)"),
      S::Int("max_plies", 1000, 0, 1000000,
             "the game ends as a draw after this many plies (0 = off)"),
  };
}

}  // namespace

const OptionSchema& inchworm_chess_schema() {
  static const OptionSchema kSchema("inchworm-chess", [] {
    std::vector<OptionSpec> specs = {OptionSpec::Bool(
        "inchworm", true, "every move is a stretch then a consolidation; false: plain FIDE chess")};
    for (OptionSpec& s : shared_specs()) specs.push_back(std::move(s));
    return specs;
  }());
  return kSchema;
}

const OptionSchema& longworm_chess_schema() {
  static const OptionSchema kSchema("longworm-chess", shared_specs());
  return kSchema;
}

ChessRules ChessRules::from_options(const RuleOptions& options, bool long_worm) {
  ChessRules r;
  r.variant.inchworm = long_worm || options.get_bool("inchworm");
  r.variant.long_worm = long_worm;
  const int moves = static_cast<int>(options.get_int("move_rule"));
  r.move_rule_plies = 2 * (moves >= 0 ? moves : r.variant.inchworm ? 100 : 50);
  r.repetition = static_cast<int>(options.get_int("repetition_draw"));
  r.max_plies = static_cast<int>(options.get_int("max_plies"));
  return r;
}

}  // namespace inchzero::chess
