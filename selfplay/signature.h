// The behaviour signature (Stockfish's `bench` signature idea): a fixed
// search on fixed positions of every game, folded into one hash. Any change
// to the rules (legal actions, hashes, end of game), the encoders (input
// planes) or the search (visit counts, values, chosen moves) changes it, so
// CI catches an unintended change by comparing it with the committed value
// (tests/reference/signature.txt); an intended one updates that file in the
// same commit.
//
// The network is the deterministic `mock` backend, not a real one: a real
// network's float results differ between CPUs (AMX, AVX-512 and AVX2 kernels
// round differently), a signature must not.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace inchzero {

struct GameSignature {
  std::string game;
  int positions = 0;          // positions searched
  int64_t simulations = 0;    // simulations over all of them
  int64_t legal_actions = 0;  // legal actions listed over all of them
  uint64_t hash = 0;          // everything above, and what the searches saw
};

struct Signature {
  std::vector<GameSignature> games;  // every registered game, default rules
  uint64_t hash = 0;                 // the games' hashes folded in order
};

// `positions_per_game` positions from seeded random playouts of each game,
// each searched with `visits` visits (PUCT, then Gumbel on every other one).
Signature compute_signature(int positions_per_game = 8, int visits = 64);

// "signature 0123456789abcdef" last, after one line per game.
void print_signature(const Signature& signature, std::ostream& out);

}  // namespace inchzero
