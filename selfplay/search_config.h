// Every tunable of one PUCT search, each declared once (visit_fields below,
// core/config_fields.h). Used by the self-play workers (inside
// SelfPlayConfig) and by the single-game Searcher.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "core/config_fields.h"

namespace inchzero {

struct SearchConfig {
  double c_puct = 1.5;
  double fpu_reduction = 0.2;
  double fpu_reduction_root = 0.0;
  double dirichlet_alpha_total = 10.0;
  double dirichlet_epsilon = 0.25;
  bool random_symmetry = true;
  bool reuse_tree = true;
  int64_t cache_entries = int64_t{1} << 20;
  bool gumbel = false;
  int gumbel_considered = 16;
  double gumbel_c_visit = 50.0;
  double gumbel_c_scale = 1.0;
  double score_utility = 0.0;
  double score_utility_scale = 5.0;

  // One line per field: name, member, meaning, accepted values.
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("c_puct", c.c_puct, "exploration constant of the PUCT formula", Range{0, 100});
    v("fpu_reduction", c.fpu_reduction,
      "unvisited child value = parent value - this * sqrt(prior mass already visited)",
      Range{0, 2});
    v("fpu_reduction_root", c.fpu_reduction_root,
      "fpu_reduction at the root (noise explores there)", Range{0, 2});
    v("dirichlet_alpha_total", c.dirichlet_alpha_total,
      "root noise: alpha = this / number of legal actions (KataGo: 0.03*361)", Range{0, 1000});
    v("dirichlet_epsilon", c.dirichlet_epsilon, "share of root priors replaced by Dirichlet noise",
      Range{0, 1});
    v("random_symmetry", c.random_symmetry,
      "evaluate each position through a board symmetry chosen by its hash and the run seed");
    v("reuse_tree", c.reuse_tree, "keep the chosen child's subtree for the next decision");
    v("cache_entries", c.cache_entries,
      "evaluation cache slots, shared by the searches of a run (0 = no cache)",
      Range{0, double(int64_t{1} << 30)});
    v("gumbel", c.gumbel,
      "root search by Gumbel sampling + Sequential Halving (replaces root Dirichlet noise and the "
      "temperature; the policy target is the improved policy, not the visit counts)");
    v("gumbel_considered", c.gumbel_considered, "Gumbel: root actions considered (m)",
      Range{1, 1024});
    v("gumbel_c_visit", c.gumbel_c_visit, "Gumbel: sigma(q) = (c_visit + max visits) * c_scale * q",
      Range{0, 1e6});
    v("gumbel_c_scale", c.gumbel_c_scale, "Gumbel: see gumbel_c_visit", Range{0, 1e3});
    v("score_utility", c.score_utility,
      "weight w of the points margin in leaf values (KataGo's score utility): value += "
      "w * tanh((own - other points) / score_utility_scale); 0 = off",
      Range{0, 1});
    v("score_utility_scale", c.score_utility_scale,
      "points margin that gives tanh(1) of the utility", Range{0.01, 1e6});
  }

  // Overwrite the fields named in the YAML map `node` (others keep their
  // values). Throws GameError naming an unknown key, a value of the wrong type
  // or out of range; `where` prefixes key names in messages.
  void update_from_yaml(const YAML::Node& node, const std::string& where = "search");
  nlohmann::json to_json() const;
};

}  // namespace inchzero
