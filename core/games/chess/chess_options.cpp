// The schemas of Inchworm Chess and Long Worm Chess, from ChessRules::visit.
#include "core/games/chess/chess.h"
#include "core/games/chess/rules.h"

namespace inchzero::chess {
namespace {

std::vector<OptionSpec> specs(bool long_worm) {
  ChessRules rules;
  return rule_option_specs([&](auto& v) { ChessRules::visit(rules, v, long_worm); });
}

}  // namespace

const OptionSchema& inchworm_chess_schema() {
  static const OptionSchema kSchema("inchworm-chess", specs(false));
  return kSchema;
}

const OptionSchema& longworm_chess_schema() {
  static const OptionSchema kSchema("longworm-chess", specs(true));
  return kSchema;
}

ChessRules::ChessRules() {
  set_rule_defaults([&](auto& v) { visit(*this, v, /*long_worm=*/false); });
  derive(false);
}

ChessRules ChessRules::from_options(const RuleOptions& options, bool long_worm) {
  ChessRules r;
  read_rule_options(options, [&](auto& v) { visit(r, v, long_worm); });
  r.derive(long_worm);
  return r;
}

void ChessRules::derive(bool long_worm) {
  variant.inchworm = long_worm || inchworm;
  variant.long_worm = long_worm;
  move_rule_plies = 2 * (move_rule >= 0 ? move_rule : variant.inchworm ? 100 : 50);
}

}  // namespace inchzero::chess
