#include "core/games/inchworm/inchworm.h"

namespace inchzero::inchworm {

const OptionSchema& schema() {
  using S = OptionSpec;
  static const OptionSchema kSchema(
      "inchworm",
      {
          S::Int("width", 8, 3, 16, "board width (files a…)"),
          S::Int("height", 8, 3, 16, "board height (ranks 1…)"),
          S::Choice("topology", {"flat", "cylinder", "torus"},
                    "flat; cylinder: files wrap; torus: files and ranks wrap"),
          S::Int("stock", 25, 0, 1000, "pieces in each player's stock at the start"),
          S::Int("stock_red", -1, -1, 1000, "Red's starting stock (-1: use `stock`); handicap"),
          S::Int("stock_blue", -1, -1, 1000, "Blue's starting stock (-1: use `stock`); handicap"),
          S::Int("target_score", 60, 0, 100000,
                 "a player reaching this score ends the game, higher score wins (0 = off)"),
          S::Bool(
              "drop_prisoners", false,
              "Rodeffer's variation: a held prisoner may be dropped on an empty square (`@d3`)"),
          S::Int("repetition_draw", 3, 0, 100,
                 "the same full state for the N-th time is a draw (0 = off)"),
          S::Int("max_plies", 1000, 0, 1000000, "the game ends after this many plies (0 = off)"),
          S::Choice("cap_result", {"draw", "score"},
                    "result at max_plies: draw, or the higher score wins"),
          S::Choice("stalemate_result", {"draw", "score"},
                    "result after two passes in a row: draw, or the higher score wins"),
          S::Int(
              "max_eyes_per_group", 0, 0, 1000,
              "fix: a move is illegal if a group of the mover then has more than N eyes (0 = off)"),
          S::Int("eye_max_size", 0, 0, 1000,
                 "only empty regions of at most N squares count as eyes (0 = unlimited)"),
          S::Int("max_edges_per_group", 0, 0, 4,
                 "fix: a move is illegal if a group of the mover then touches more than N board "
                 "edges (0 = off)"),
          S::Int("limit_search_nodes", 3000, 0, 1000000000,
                 "engine, with the group limits: a decision is offered when a legal completion "
                 "is found within N partial distribution paths (0 = exact search, which can take "
                 "minutes for a tall stack on 8x8)"),
          S::Bool("enclosure_capture", false,
                  "fix: squares of a group's own eyes are not its liberties"),
          S::Bool("enclosed_space_points", false,
                  "fix (with enclosure_capture): a captured group's owner scores its eye squares"),
          S::Bool("enclosed_space_points_own_capture", true,
                  "with enclosed_space_points: eye points are scored also when the group was "
                  "captured by its owner's own move (false: only by the opponent's move)"),
          S::Bool("smaller_group_only", false,
                  "fix: when both colours would be captured, only the colour with fewer pieces is"),
          S::Choice("smaller_group_measure", {"pieces", "area"},
                    "with smaller_group_only: what smaller counts, the pieces in the groups or "
                    "their area (the squares they occupy plus their eyes)"),
          S::Bool("mover_priority", false,
                  "fix: the opponent's groups are captured first, then the mover's are re-checked"),
          S::Int("no_capture_limit", 0, 0, 1000000,
                 "fix: the game ends after X plies without a capture, higher score wins (0 = off)"),
          S::Int("no_capture_limit_per_piece", 0, 0, 10000,
                 "adds K x (pieces on the board) to no_capture_limit"),
          S::Bool("menke", false,
                  "the adopted rule: a group without liberties is captured only if an adjacent "
                  "opposing group also has none"),
      });
  return kSchema;
}

}  // namespace inchzero::inchworm
