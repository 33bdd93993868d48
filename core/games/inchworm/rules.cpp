#include "core/games/inchworm/rules.h"

namespace inchzero::inchworm {

Rules Rules::from_options(const RuleOptions& o) {
  Rules r;
  auto i = [&](const char* name) { return static_cast<int>(o.get_int(name)); };
  r.width = i("width");
  r.height = i("height");
  const std::string& topology = o.get_choice("topology");
  r.topology = topology == "torus"      ? Topology::kTorus
               : topology == "cylinder" ? Topology::kCylinder
                                        : Topology::kFlat;
  const int stock = i("stock");
  r.start_stock[0] = i("stock_red") >= 0 ? i("stock_red") : stock;
  r.start_stock[1] = i("stock_blue") >= 0 ? i("stock_blue") : stock;
  r.target_score = i("target_score");
  r.drop_prisoners = o.get_bool("drop_prisoners");
  r.repetition_draw = i("repetition_draw");
  r.max_plies = i("max_plies");
  r.cap_by_score = o.get_choice("cap_result") == "score";
  r.stalemate_by_score = o.get_choice("stalemate_result") == "score";
  r.max_eyes_per_group = i("max_eyes_per_group");
  r.eye_max_size = i("eye_max_size");
  r.max_edges_per_group = i("max_edges_per_group");
  r.limit_search_nodes = i("limit_search_nodes");
  r.enclosure_capture = o.get_bool("enclosure_capture");
  r.enclosed_space_points = o.get_bool("enclosed_space_points");
  r.enclosed_space_points_own_capture = o.get_bool("enclosed_space_points_own_capture");
  r.smaller_group_only = o.get_bool("smaller_group_only");
  r.smaller_group_by_area = o.get_choice("smaller_group_measure") == "area";
  r.mover_priority = o.get_bool("mover_priority");
  r.no_capture_limit = i("no_capture_limit");
  r.no_capture_limit_per_piece = i("no_capture_limit_per_piece");
  r.menke = o.get_bool("menke");
  return r;
}

}  // namespace inchzero::inchworm
