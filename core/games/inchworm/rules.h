// The rule options of Inchworm, each declared once (Rules::visit): the
// schema (inchworm::schema()), the defaults and the reading from RuleOptions
// derive from that declaration (core/rules/rule_fields.h). Read once into
// plain fields so that the hot paths never look options up by name.
#pragma once

#include <cstdint>

#include "core/games/inchworm/geometry.h"
#include "core/rules/rule_fields.h"

namespace inchzero::inchworm {

struct Rules {
  int width, height;
  Topology topology;
  int stock, stock_red, stock_blue;  // stock_red / stock_blue: -1 = `stock`
  int target_score;                  // 0 = off
  bool drop_prisoners;
  int repetition_draw;      // 0 = off
  int max_plies;            // 0 = off
  bool cap_by_score;        // cap_result: score
  bool stalemate_by_score;  // stalemate_result: score
  int max_eyes_per_group;   // 0 = off
  int eye_max_size;         // 0 = unlimited
  int max_edges_per_group;  // 0 = off
  int limit_search_nodes;   // 0 = exact (see InchwormState::completion_exists)
  bool enclosure_capture;
  bool enclosed_space_points;
  bool enclosed_space_points_own_capture;
  bool smaller_group_only;
  bool smaller_group_by_area;  // smaller_group_measure: area
  bool mover_priority;
  int no_capture_limit;  // 0 = off
  int no_capture_limit_per_piece;
  bool menke;

  // Derived from the options: Red's and Blue's stocks at the start
  // (the handicap stocks resolved).
  int start_stock[2];

  // Every option once: name, field, default, range, documentation.
  template <typename V>
  static void visit(Rules& r, V& v) {
    v.integer("width", r.width, 8, 3, 16, "board width (files a…)");
    v.integer("height", r.height, 8, 3, 16, "board height (ranks 1…)");
    v.choice(
        "topology", r.topology,
        {{"flat", Topology::kFlat}, {"cylinder", Topology::kCylinder}, {"torus", Topology::kTorus}},
        "flat; cylinder: files wrap; torus: files and ranks wrap");
    v.integer("stock", r.stock, 25, 0, 1000, "pieces in each player's stock at the start");
    v.integer("stock_red", r.stock_red, -1, -1, 1000,
              "Red's starting stock (-1: use `stock`); handicap");
    v.integer("stock_blue", r.stock_blue, -1, -1, 1000,
              "Blue's starting stock (-1: use `stock`); handicap");
    v.integer("target_score", r.target_score, 60, 0, 100000,
              "a player reaching this score ends the game, higher score wins (0 = off)");
    v.flag("drop_prisoners", r.drop_prisoners, false,
           "Rodeffer's variation: a held prisoner may be dropped on an empty square (`@d3`)");
    v.integer("repetition_draw", r.repetition_draw, 3, 0, 100,
              "the same full state for the N-th time is a draw (0 = off)");
    v.integer("max_plies", r.max_plies, 1000, 0, 1000000,
              "the game ends after this many plies (0 = off)");
    v.choice("cap_result", r.cap_by_score, {{"draw", false}, {"score", true}},
             "result at max_plies: draw, or the higher score wins");
    v.choice("stalemate_result", r.stalemate_by_score, {{"draw", false}, {"score", true}},
             "result after two passes in a row: draw, or the higher score wins");
    v.integer("max_eyes_per_group", r.max_eyes_per_group, 0, 0, 1000,
              "fix: a move is illegal if a group of the mover then has more than N eyes (0 = off)");
    v.integer("eye_max_size", r.eye_max_size, 0, 0, 1000,
              "only empty regions of at most N squares count as eyes (0 = unlimited)");
    v.integer("max_edges_per_group", r.max_edges_per_group, 0, 0, 4,
              "fix: a move is illegal if a group of the mover then touches more than N board "
              "edges (0 = off)");
    v.integer("limit_search_nodes", r.limit_search_nodes, 3000, 0, 1000000000,
              "engine, with the group limits: a decision is offered when a legal completion "
              "is found within N partial distribution paths (0 = exact search, which can take "
              "minutes for a tall stack on 8x8)");
    v.flag("enclosure_capture", r.enclosure_capture, false,
           "fix: squares of a group's own eyes are not its liberties");
    v.flag("enclosed_space_points", r.enclosed_space_points, false,
           "fix (with enclosure_capture): a captured group's owner scores its eye squares");
    v.flag("enclosed_space_points_own_capture", r.enclosed_space_points_own_capture, true,
           "with enclosed_space_points: eye points are scored also when the group was "
           "captured by its owner's own move (false: only by the opponent's move)");
    v.flag("smaller_group_only", r.smaller_group_only, false,
           "fix: when both colours would be captured, only the colour with fewer pieces is");
    v.choice("smaller_group_measure", r.smaller_group_by_area, {{"pieces", false}, {"area", true}},
             "with smaller_group_only: what smaller counts, the pieces in the groups or "
             "their area (the squares they occupy plus their eyes)");
    v.flag("mover_priority", r.mover_priority, false,
           "fix: the opponent's groups are captured first, then the mover's are re-checked");
    v.integer("no_capture_limit", r.no_capture_limit, 0, 0, 1000000,
              "fix: the game ends after X plies without a capture, higher score wins (0 = off)");
    v.integer("no_capture_limit_per_piece", r.no_capture_limit_per_piece, 0, 0, 10000,
              "adds K x (pieces on the board) to no_capture_limit");
    v.flag("menke", r.menke, false,
           "the adopted rule: a group without liberties is captured only if an adjacent "
           "opposing group also has none");
  }

  // The declared defaults.
  Rules();
  // Read every option of inchworm::schema() (options must come from it).
  static Rules from_options(const RuleOptions& options);

  // True when some full moves other than pass can be illegal (the group
  // limits); move generation then checks each candidate move.
  bool restricts_moves() const { return max_eyes_per_group > 0 || max_edges_per_group > 0; }
  // The bound of one completion search (limit_search_nodes; 0 = unbounded).
  int64_t completion_search_nodes() const {
    return limit_search_nodes > 0 ? limit_search_nodes : INT64_MAX;
  }

 private:
  void derive();
};

}  // namespace inchzero::inchworm
