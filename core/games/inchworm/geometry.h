// Board geometry: size, topology (flat / cylinder / torus), coordinates and
// every neighbour relation the rules use, precomputed once per rule set.
//   * orthogonal adjacency (groups, liberties, eyes) — also as bitboard spread;
//   * king steps (distribution paths);
//   * straight lines in the eight directions (collecting).
// All of them follow the topology: a cylinder joins file a to the last file,
// a torus also joins rank 1 to the last rank.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/games/inchworm/bitboard.h"

namespace inchzero::inchworm {

enum class Topology : uint8_t { kFlat, kCylinder, kTorus };

// Directions in clockwise order starting north. Opposite of d is (d + 4) % 8.
constexpr int kNumDirections = 8;
constexpr int kDirDx[kNumDirections] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDirDy[kNumDirections] = {1, 1, 0, -1, -1, -1, 0, 1};

// Board edges, as bits of Geometry::edges_of().
enum Edge : uint8_t { kEdgeWest = 1, kEdgeEast = 2, kEdgeSouth = 4, kEdgeNorth = 8 };

class Geometry {
 public:
  // width, height in 3..16 (checked by the option schema).
  Geometry(int width, int height, Topology topology);

  int width() const { return width_; }
  int height() const { return height_; }
  int num_cells() const { return cells_; }
  Topology topology() const { return topology_; }
  int file_of(int c) const { return c % width_; }
  int rank_of(int c) const { return c / width_; }
  int cell(int file, int rank) const { return rank * width_ + file; }

  // The square one step from c in direction d, or -1 off a flat edge.
  int step(int c, int d) const { return step_[c][d]; }
  // King neighbours of c (distinct cells, in direction order).
  int num_king_neighbours(int c) const { return king_count_[c]; }
  const uint8_t* king_neighbours(int c) const { return king_[c].data(); }
  // Orthogonal neighbours of c.
  int num_orth_neighbours(int c) const { return orth_count_[c]; }
  const uint8_t* orth_neighbours(int c) const { return orth_[c].data(); }
  const Bits& king_mask(int c) const { return king_mask_[c]; }

  // Every cell of the board.
  const Bits& all_cells() const { return all_; }
  // Cells orthogonally adjacent to some cell of x (x itself not included
  // unless adjacent to another cell of x).
  Bits orth_spread(const Bits& x) const;
  // The cells of `within` orthogonally connected to `seeds` through `within`
  // (seeds outside `within` are ignored).
  Bits flood(Bits seeds, const Bits& within) const;

  // Board edges (Edge bits) that cell c lies on; a topology without a given
  // edge (cylinder: west/east; torus: all) never reports it.
  uint8_t edges_of(int c) const { return edges_[c]; }
  // Cells along one edge (empty if the topology has no such edge).
  const Bits& edge_cells(Edge e) const { return edge_cells_[__builtin_ctz(e)]; }

  // Dihedral symmetries preserving the topology: 8 on a square board (unless
  // a cylinder: a transposition would wrap ranks instead of files), else 4.
  // Symmetry 0 is the identity.
  int num_symmetries() const { return num_symmetries_; }
  int transform_cell(int c, int sym) const { return sym_[sym][c]; }

  // "a1", "p16"; parse_square returns -1 for anything that is not a square of
  // this board.
  std::string square_name(int c) const;
  int parse_square(const std::string& text) const;

 private:
  // orth_spread on a board of at most 64 cells, whose bitboards use only
  // their first word (the fast path of orth_spread and flood).
  uint64_t orth_spread_word(uint64_t x) const;
  // flood on a flat board of at most 64 cells: the spread inlined, with no
  // topology test. Why: the group-limit search (limits.h) floods at every
  // node, and the call per step was a large share of its cost.
  uint64_t flood_flat_word(uint64_t region, uint64_t within) const;

  int width_, height_, cells_;
  bool one_word_;  // cells_ <= 64
  Topology topology_;
  Bits all_, file_first_, file_last_, rank_first_, rank_last_;
  std::array<Bits, 4> edge_cells_;  // west, east, south, north
  std::array<std::array<int16_t, kNumDirections>, kMaxCells> step_{};
  std::array<std::array<uint8_t, 8>, kMaxCells> king_{};
  std::array<uint8_t, kMaxCells> king_count_{};
  std::array<Bits, kMaxCells> king_mask_{};
  std::array<std::array<uint8_t, 4>, kMaxCells> orth_{};
  std::array<uint8_t, kMaxCells> orth_count_{};
  std::array<uint8_t, kMaxCells> edges_{};
  int num_symmetries_ = 1;
  std::array<std::array<uint8_t, kMaxCells>, 8> sym_{};
};

}  // namespace inchzero::inchworm
