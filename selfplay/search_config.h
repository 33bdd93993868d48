// Every tunable of one PUCT search, declared once (X-macro below). Used by the
// self-play workers (inside SelfPlayConfig) and by the single-game Searcher.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace YAML {
class Node;
}

namespace inchzero {

// X(type, name, default, min, max, doc)
#define INCHZERO_SEARCH_CONFIG_FIELDS(X)                                                           \
  X(double, c_puct, 1.5, 0.0, 100.0, "exploration constant of the PUCT formula")                   \
  X(double, fpu_reduction, 0.2, 0.0, 2.0,                                                          \
    "unvisited child value = parent value - this * sqrt(prior mass already visited)")              \
  X(double, fpu_reduction_root, 0.0, 0.0, 2.0, "fpu_reduction at the root (noise explores there)") \
  X(double, dirichlet_alpha_total, 10.0, 0.0, 1000.0,                                              \
    "root noise: alpha = this / number of legal actions (KataGo: 0.03*361)")                       \
  X(double, dirichlet_epsilon, 0.25, 0.0, 1.0, "share of root priors replaced by Dirichlet noise") \
  X(bool, random_symmetry, true, false, true,                                                      \
    "evaluate each position through a board symmetry chosen by its hash and the run seed")         \
  X(bool, reuse_tree, true, false, true, "keep the chosen child's subtree for the next decision")  \
  X(int64_t, cache_entries, int64_t{1} << 20, int64_t{0}, int64_t{1} << 30,                        \
    "evaluation cache slots, shared by the searches of a run (0 = no cache)")                      \
  X(bool, gumbel, false, false, true,                                                              \
    "root search by Gumbel sampling + Sequential Halving (replaces root Dirichlet noise and the "  \
    "temperature; the policy target is the improved policy, not the visit counts)")                \
  X(int, gumbel_considered, 16, 1, 1024, "Gumbel: root actions considered (m)")                    \
  X(double, gumbel_c_visit, 50.0, 0.0, 1e6,                                                        \
    "Gumbel: sigma(q) = (c_visit + max visits) * c_scale * q")                                     \
  X(double, gumbel_c_scale, 1.0, 0.0, 1e3, "Gumbel: see gumbel_c_visit")                           \
  X(double, score_utility, 0.0, 0.0, 1.0,                                                          \
    "weight w of the points margin in leaf values (KataGo's score utility): value += "             \
    "w * tanh((own - other points) / score_utility_scale); 0 = off")                               \
  X(double, score_utility_scale, 5.0, 0.01, 1e6, "points margin that gives tanh(1) of the utility")

struct SearchConfig {
#define INCHZERO_DECLARE_FIELD(type, name, def, min, max, doc) type name = def;
  INCHZERO_SEARCH_CONFIG_FIELDS(INCHZERO_DECLARE_FIELD)
#undef INCHZERO_DECLARE_FIELD

  // Overwrite the fields named in the YAML map `node` (others keep their
  // values). Throws GameError naming an unknown key, a value of the wrong type
  // or out of range; `where` prefixes key names in messages.
  void update_from_yaml(const YAML::Node& node, const std::string& where = "search");
  nlohmann::json to_json() const;
};

}  // namespace inchzero
