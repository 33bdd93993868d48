#include "model/encoders/invector_encoder.h"

#include <algorithm>

#include "core/games/invector/invector_state.h"

namespace inchzero {
namespace {

using invector::InvectorGame;
using invector::InvectorState;

class InvectorEncoder : public Encoder {
 public:
  static constexpr int kPlanes = 8;

  explicit InvectorEncoder(const InvectorGame& game) : game_(game) {
    const Grid& grid = game.grid();
    for (int c = 0; c < grid.num_cells(); ++c)
      max_distance_ = std::max(max_distance_, game.centre_distance(c));
  }

  ObservationShape shape() const override {
    return {kPlanes, game_.grid().height(), game_.grid().width()};
  }

  int version() const override { return 1; }

  std::vector<std::string> plane_names() const override {
    return {"our_stones",  "their_stones", "centre_distance",
            "centre_pits", "pie_pending",  "we_are_white",
            "ply",         "board"};
  }

  void encode(const State& state, int sym, float* out) const override {
    const auto& s = static_cast<const InvectorState&>(state);
    const Grid& grid = game_.grid();
    const int n = grid.num_cells();
    const int us = s.to_move();
    std::fill(out, out + kPlanes * n, 0.0f);
    const float pie = s.pie_pending() ? 1.0f : 0.0f;
    const float white = us == invector::kWhite ? 1.0f : 0.0f;
    const float progress =
        game_.max_plies() > 0 ? std::min(1.0f, float(s.ply()) / float(game_.max_plies())) : 0.0f;
    for (int c = 0; c < n; ++c) {
      // Cells are written at their image under the symmetry (row-major
      // ranks x files, matching the square index).
      const int at = game_.transform_cell(c, sym);
      const int owner = s.owner(c);
      if (owner == us) out[0 * n + at] = 1.0f;
      if (owner == 1 - us) out[1 * n + at] = 1.0f;
      out[2 * n + at] = float(game_.centre_distance(c)) / float(max_distance_);
      if (c == game_.centre_pit(0) || c == game_.centre_pit(1)) out[3 * n + at] = 1.0f;
      out[4 * n + at] = pie;
      out[5 * n + at] = white;
      out[6 * n + at] = progress;
      out[7 * n + at] = 1.0f;
    }
  }

 private:
  const InvectorGame& game_;
  int max_distance_ = 1;
};

}  // namespace

std::unique_ptr<Encoder> make_invector_encoder(const Game& game) {
  const auto* invector = dynamic_cast<const InvectorGame*>(&game);
  if (!invector) throw GameError("the Invector encoder needs an invector game, not " + game.name());
  return std::make_unique<InvectorEncoder>(*invector);
}

}  // namespace inchzero
