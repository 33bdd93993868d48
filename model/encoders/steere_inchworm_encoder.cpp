#include "model/encoders/steere_inchworm_encoder.h"

#include <algorithm>

#include "core/games/steere_inchworm/steere_state.h"

namespace inchzero {
namespace {

using steere::Frame;
using steere::SteereGame;
using steere::SteereState;

class SteereInchwormEncoder : public Encoder {
 public:
  static constexpr int kPlanes = 16;

  explicit SteereInchwormEncoder(const SteereGame& game) : game_(game) {}

  ObservationShape shape() const override {
    return {kPlanes, game_.grid().height(), game_.grid().width()};
  }

  int version() const override { return 1; }

  std::vector<std::string> plane_names() const override {
    return {"our_height_1",
            "our_height_2",
            "our_height_3",
            "our_height_4plus",
            "our_heads",
            "our_tails",
            "their_height_1",
            "their_height_2",
            "their_height_3",
            "their_height_4plus",
            "their_heads",
            "their_tails",
            "our_borne_off",
            "their_borne_off",
            "ply",
            "board"};
  }

  void encode(const State& state, int sym, float* out) const override {
    (void)sym;  // identity only (see steere_game.h)
    const auto& s = static_cast<const SteereState&>(state);
    const Grid& grid = game_.grid();
    const int n = grid.num_cells();
    const int us = s.to_move();
    const Frame frame(grid, us);
    std::fill(out, out + kPlanes * n, 0.0f);
    // 1. Stacks by owner and height.
    for (int c = 0; c < n; ++c) {
      const int owner = s.board().owner[c];
      if (owner == steere::kEmpty) continue;
      const int height = std::min<int>(s.board().height[c], 4);
      const int base = owner == us ? 0 : 6;
      out[(base + height - 1) * n + frame.to_frame(c)] = 1.0f;
    }
    // 2. Heads and tails, each worm judged in its owner's frame.
    for (int player : {us, 1 - us}) {
      const int base = player == us ? 4 : 10;
      for (const steere::Worm& w : s.worms(player)) {
        out[base * n + frame.to_frame(w.head)] = 1.0f;
        if (w.tail >= 0) out[(base + 1) * n + frame.to_frame(w.tail)] = 1.0f;
      }
    }
    // 3. Constant planes.
    auto share = [&](int player) {
      const int total = s.borne_off(player) + s.on_board(player);
      return total > 0 ? float(s.borne_off(player)) / float(total) : 0.0f;
    };
    const float progress =
        game_.max_plies() > 0 ? std::min(1.0f, float(s.ply()) / float(game_.max_plies())) : 0.0f;
    std::fill(out + 12 * n, out + 13 * n, share(us));
    std::fill(out + 13 * n, out + 14 * n, share(1 - us));
    std::fill(out + 14 * n, out + 15 * n, progress);
    std::fill(out + 15 * n, out + 16 * n, 1.0f);
  }

 private:
  const SteereGame& game_;
};

}  // namespace

std::unique_ptr<Encoder> make_steere_inchworm_encoder(const Game& game) {
  const auto* steere_game = dynamic_cast<const SteereGame*>(&game);
  if (!steere_game)
    throw GameError("the Steere's Inchworm encoder needs a steere-inchworm game, not " +
                    game.name());
  return std::make_unique<SteereInchwormEncoder>(*steere_game);
}

}  // namespace inchzero
