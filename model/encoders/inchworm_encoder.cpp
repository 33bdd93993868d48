#include "model/encoders/inchworm_encoder.h"

#include <algorithm>

#include "core/games/inchworm/captures.h"
#include "core/games/inchworm/inchworm_state.h"

namespace inchzero {
namespace {

using inchworm::InchwormGame;
using inchworm::InchwormState;
using inchworm::MoveKind;

float clamp01(float v) { return std::min(1.0f, std::max(0.0f, v)); }

class InchwormEncoder : public Encoder {
 public:
  static constexpr int kPlanes = 43;
  static constexpr float kHeightScale = 16.0f;

  explicit InchwormEncoder(const InchwormGame& game) : game_(game) {
    const inchworm::Rules& r = game.rules();
    stock_scale_ = float(std::max({1, r.start_stock[0], r.start_stock[1]}));
    target_scale_ = float(r.target_score > 0 ? r.target_score : 60);
  }

  ObservationShape shape() const override {
    return {kPlanes, game_.geometry().height(), game_.geometry().width()};
  }

  // 1: the 35-plane encoder; 2: liberty planes 35..42 added.
  int version() const override { return 2; }

  std::vector<std::string> plane_names() const override {
    return {"our_stacks",
            "their_stacks",
            "our_height_ge2",
            "our_height_ge3",
            "our_height_ge4",
            "our_height_ge5",
            "their_height_ge2",
            "their_height_ge3",
            "their_height_ge4",
            "their_height_ge5",
            "our_height",
            "their_height",
            "board",
            "edges",
            "files_wrap",
            "ranks_wrap",
            "our_stock",
            "their_stock",
            "our_prisoners",
            "their_prisoners",
            "our_score",
            "their_score",
            "score_lead",
            "plies_since_capture",
            "ply",
            "we_are_red",
            "opponent_passed",
            "in_compound_move",
            "collecting",
            "distributing",
            "move_source",
            "move_squares",
            "move_current",
            "collect_next",
            "pieces_left",
            "our_groups_1_liberty",
            "our_groups_2_liberties",
            "our_groups_3plus_liberties",
            "their_groups_1_liberty",
            "their_groups_2_liberties",
            "their_groups_3plus_liberties",
            "their_single_liberties",
            "our_single_liberties"};
  }

  void encode(const State& state, int sym, float* out) const override {
    const auto& s = static_cast<const InchwormState&>(state);
    const inchworm::Geometry& geo = game_.geometry();
    const inchworm::Rules& r = game_.rules();
    const int n = geo.num_cells();
    const int us = s.to_move(), them = 1 - us;
    std::fill(out, out + kPlanes * n, 0.0f);
    auto plane = [&](int p) { return out + p * n; };
    auto at = [&](int c) { return geo.transform_cell(c, sym); };
    // 1. Stacks and heights.
    for (int c = 0; c < n; ++c) {
      const int owner = s.owner(c);
      if (owner == inchworm::kEmpty) continue;
      const int h = s.height(c), side = owner == us ? 0 : 1, i = at(c);
      plane(side)[i] = 1.0f;
      for (int k = 2; k <= 5; ++k)
        if (h >= k) plane(2 + side * 4 + (k - 2))[i] = 1.0f;
      plane(10 + side)[i] = clamp01(float(h) / kHeightScale);
    }
    // 2. The board and its topology.
    const bool wrap_files = geo.topology() != inchworm::Topology::kFlat;
    const bool wrap_ranks = geo.topology() == inchworm::Topology::kTorus;
    for (int c = 0; c < n; ++c) {
      plane(12)[c] = 1.0f;  // constant planes need no transformation
      if (geo.edges_of(c)) plane(13)[at(c)] = 1.0f;
    }
    // 3. Counters as constant planes.
    const float lead =
        std::max(-1.0f, std::min(1.0f, float(s.score(us) - s.score(them)) / target_scale_));
    const float constants[] = {
        wrap_files ? 1.0f : 0.0f,                          // 14
        wrap_ranks ? 1.0f : 0.0f,                          // 15
        clamp01(float(s.stock(us)) / stock_scale_),        // 16
        clamp01(float(s.stock(them)) / stock_scale_),      // 17
        clamp01(float(s.prisoners(us)) / stock_scale_),    // 18
        clamp01(float(s.prisoners(them)) / stock_scale_),  // 19
        clamp01(float(s.score(us)) / target_scale_),       // 20
        clamp01(float(s.score(them)) / target_scale_),     // 21
        lead,                                              // 22
        r.no_capture_limit > 0 ? clamp01(float(s.plies_since_capture()) / float(r.no_capture_limit))
                               : 0.0f,                                          // 23
        r.max_plies > 0 ? clamp01(float(s.ply()) / float(r.max_plies)) : 0.0f,  // 24
        us == inchworm::kRed ? 1.0f : 0.0f,                                     // 25
        s.pass_streak() > 0 ? 1.0f : 0.0f,                                      // 26
        s.in_compound_move() ? 1.0f : 0.0f,                                     // 27
        s.move_kind() == MoveKind::kCollect ? 1.0f : 0.0f,                      // 28
        s.move_kind() == MoveKind::kDistribute ? 1.0f : 0.0f,                   // 29
    };
    for (int k = 0; k < 16; ++k)
      if (constants[k] != 0.0f) std::fill(plane(14 + k), plane(14 + k) + n, constants[k]);
    // 4. Liberties (the capture rule's definition, inchworm/captures.h).
    encode_liberties(s, us, sym, out);
    // 5. The move in progress.
    if (!s.in_compound_move()) return;
    plane(30)[at(s.move_source())] = 1.0f;
    for (int i = 0; i < s.move_length(); ++i) plane(31)[at(s.move_squares()[i])] = 1.0f;
    plane(32)[at(s.move_last_square())] = 1.0f;
    if (s.collect_direction() >= 0) {
      const int next = geo.step(s.move_last_square(), s.collect_direction());
      if (next >= 0) plane(33)[at(next)] = 1.0f;
    }
    std::fill(plane(34), plane(34) + n, clamp01(float(s.pieces_left()) / kHeightScale));
  }

 private:
  // Planes 35..42: per group of each side, its cells by liberty count (1, 2,
  // >= 3), and the empty cells that are the single liberty of a group. The
  // liberties are the capture rule's (enclosure_capture: not the group's own
  // eyes), found by bitboard spreads, so wrapping topologies are respected.
  void encode_liberties(const InchwormState& s, int us, int sym, float* out) const {
    const inchworm::Geometry& geo = game_.geometry();
    const inchworm::Position& pos = s.position();
    const int n = geo.num_cells();
    for (int side = 0; side < 2; ++side) {
      const int player = side == 0 ? us : 1 - us;
      const inchworm::Bits own = pos.stacks(player);
      const inchworm::Bits liberties = inchworm::liberty_cells(pos, player, geo, game_.rules());
      inchworm::Bits by_count[3], single_liberties, rest = own;
      while (rest.any()) {
        const inchworm::Bits group = geo.flood(inchworm::Bits::single(rest.lowest()), own);
        rest = rest.minus(group);
        const inchworm::Bits libs = geo.orth_spread(group) & liberties;
        const int count = libs.count();
        if (count == 0) continue;  // possible only with enclosure_capture
        by_count[std::min(count, 3) - 1] |= group;
        if (count == 1) single_liberties |= libs;
      }
      for (int k = 0; k < 3; ++k) {
        float* plane = out + (35 + side * 3 + k) * n;
        inchworm::for_each_cell(by_count[k],
                                [&](int c) { plane[geo.transform_cell(c, sym)] = 1.0f; });
      }
      // 41: single liberties of their groups (we capture by filling one);
      // 42: those of our groups.
      float* plane = out + (side == 0 ? 42 : 41) * n;
      inchworm::for_each_cell(single_liberties,
                              [&](int c) { plane[geo.transform_cell(c, sym)] = 1.0f; });
    }
  }

  const InchwormGame& game_;
  float stock_scale_ = 1.0f;
  float target_scale_ = 60.0f;
};

}  // namespace

std::unique_ptr<Encoder> make_inchworm_encoder(const Game& game) {
  const auto* inchworm = dynamic_cast<const InchwormGame*>(&game);
  if (!inchworm) throw GameError("the Inchworm encoder needs an inchworm game, not " + game.name());
  return std::make_unique<InchwormEncoder>(*inchworm);
}

}  // namespace inchzero
