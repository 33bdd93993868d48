// Small games for testing search and self-play without Inchworm, each with an
// Encoder of its own:
//  * CompoundNim — a full move is TWO decisions by the same player: pick a
//    pile, then how many to take (1..max_take). Whoever takes the last object
//    wins.
//  * RingGame — three in a row on a ring of n cells; the dihedral group of the
//    ring (2n symmetries, rotations and reflections) acts on its actions.
//  * ScriptedGame — an explicit game tree given as data (who moves, which
//    nodes continue a compound move, who won at each leaf), for building
//    exact search scenarios.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "model/encoder.h"

namespace inchzero::toy {

// ---- CompoundNim ----
// Actions 0..piles-1 pick a pile; piles + k - 1 takes k objects from it.
std::shared_ptr<const Game> make_compound_nim(std::vector<int> piles, int max_take);

// ---- RingGame ----
std::shared_ptr<const Game> make_ring_game(int cells);
// A ring position from text: one char per cell, '.', 'x' (player 0), 'o'
// (player 1); the player to move is the one with fewer stones (x on ties).
std::unique_ptr<State> ring_state(const Game& ring, const std::string& cells);

// ---- ScriptedGame ----
struct ScriptNode {
  int player = 0;             // who decides here (ignored at a leaf)
  std::vector<int> children;  // node ids; empty = terminal
  int winner = kNoPlayer;     // at a leaf
  bool compound = false;      // true: this node is inside a compound move
};
// nodes[0] is the start. Actions are child indices (0..max children - 1).
std::shared_ptr<const Game> make_scripted_game(std::vector<ScriptNode> nodes);

// The encoder of any toy game above (a dynamic_cast picks the right one).
std::shared_ptr<const Encoder> make_toy_encoder(const Game& game);

}  // namespace inchzero::toy
