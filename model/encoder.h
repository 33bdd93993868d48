// Input encoders: a State -> float planes for the network. One encoder per
// game, chosen by game name from a registry (model/encoder.cpp). No LibTorch
// here: encoders write into caller-owned buffers so that a whole batch is one
// contiguous block (wrapped by torch::from_blob in the LibTorch backend).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero {

// Network input: channels × height × width floats, row-major.
struct ObservationShape {
  int channels = 0, height = 0, width = 0;
  int size() const { return channels * height * width; }
};

class Encoder {
 public:
  virtual ~Encoder() = default;
  virtual ObservationShape shape() const = 0;
  // Write the planes of `state` seen through board symmetry `sym`
  // (0 = identity, < game.num_symmetries()) into out[0 .. shape().size()).
  // Planes are from the point of view of the player to move (the network
  // always plays "us"), including the state of a move in progress.
  virtual void encode(const State& state, int sym, float* out) const = 0;
  // One short name per input plane (shape().channels of them), e.g.
  // "our stacks", for exports and tools; empty when the encoder gives none.
  virtual std::vector<std::string> plane_names() const { return {}; }
  // The encoder's version: a per-encoder integer, bumped whenever what a
  // plane means changes (a plane added, removed, reordered or rescaled), so
  // that a front end that encodes positions itself can refuse a model whose
  // planes it does not know (exports carry it, docs/export.md). Every
  // registered encoder declares one >= 1; 0 = unversioned (test encoders).
  virtual int version() const { return 0; }
};

// The encoder registered for `game`'s name; throws GameError if none. The
// encoder may refer to `game`, which must outlive it.
std::unique_ptr<Encoder> make_encoder(const Game& game);

}  // namespace inchzero
