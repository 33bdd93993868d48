// The rule options of one Inchworm rule set, read once from RuleOptions into
// plain fields so that the hot paths never look options up by name.
#pragma once

#include <cstdint>

#include "core/games/inchworm/geometry.h"
#include "core/rules/options.h"

namespace inchzero::inchworm {

struct Rules {
  int width = 8, height = 8;
  Topology topology = Topology::kFlat;
  int start_stock[2] = {25, 25};  // Red, Blue (handicap stocks resolved)
  int target_score = 60;          // 0 = off
  bool drop_prisoners = false;
  int repetition_draw = 3;          // 0 = off
  int max_plies = 1000;             // 0 = off
  bool cap_by_score = false;        // cap_result: score
  bool stalemate_by_score = false;  // stalemate_result: score
  int max_eyes_per_group = 0;       // 0 = off
  int eye_max_size = 0;             // 0 = unlimited
  int max_edges_per_group = 0;      // 0 = off
  int limit_search_nodes = 3000;    // 0 = exact (see InchwormState::completion_exists)
  bool enclosure_capture = false;
  bool enclosed_space_points = false;
  bool enclosed_space_points_own_capture = true;
  bool smaller_group_only = false;
  bool smaller_group_by_area = false;  // smaller_group_measure: area
  bool mover_priority = false;
  int no_capture_limit = 0;  // 0 = off
  int no_capture_limit_per_piece = 0;
  bool menke = false;

  // Read every option of inchworm::schema() (options must come from it).
  static Rules from_options(const RuleOptions& options);

  // True when some full moves other than pass can be illegal (the group
  // limits); move generation then checks each candidate move.
  bool restricts_moves() const { return max_eyes_per_group > 0 || max_edges_per_group > 0; }
  // The bound of one completion search (limit_search_nodes; 0 = unbounded).
  int64_t completion_search_nodes() const {
    return limit_search_nodes > 0 ? limit_search_nodes : INT64_MAX;
  }
};

}  // namespace inchzero::inchworm
