#include "core/games/inchworm/geometry.h"

namespace inchzero::inchworm {

Geometry::Geometry(int width, int height, Topology topology)
    : width_(width),
      height_(height),
      cells_(width * height),
      one_word_(cells_ <= 64),
      topology_(topology) {
  const bool wrap_files = topology != Topology::kFlat;
  const bool wrap_ranks = topology == Topology::kTorus;
  for (int c = 0; c < cells_; ++c) {
    const int f = file_of(c), r = rank_of(c);
    all_.set(c);
    if (f == 0) file_first_.set(c);
    if (f == width_ - 1) file_last_.set(c);
    if (r == 0) rank_first_.set(c);
    if (r == height_ - 1) rank_last_.set(c);
    // 1. Steps in the eight directions, wrapping where the topology joins edges.
    for (int d = 0; d < kNumDirections; ++d) {
      int nf = f + kDirDx[d], nr = r + kDirDy[d];
      if (wrap_files) nf = (nf + width_) % width_;
      if (wrap_ranks) nr = (nr + height_) % height_;
      step_[c][d] = (nf < 0 || nf >= width_ || nr < 0 || nr >= height_) ? -1 : cell(nf, nr);
    }
    // 2. Neighbour lists (sizes >= 3 make the eight neighbours distinct).
    for (int d = 0; d < kNumDirections; ++d) {
      const int n = step_[c][d];
      if (n < 0) continue;
      king_[c][king_count_[c]++] = static_cast<uint8_t>(n);
      king_mask_[c].set(n);
      if (d % 2 == 0) orth_[c][orth_count_[c]++] = static_cast<uint8_t>(n);
    }
    // 3. Edges that exist in this topology.
    uint8_t e = 0;
    if (!wrap_files && f == 0) e |= kEdgeWest;
    if (!wrap_files && f == width_ - 1) e |= kEdgeEast;
    if (!wrap_ranks && r == 0) e |= kEdgeSouth;
    if (!wrap_ranks && r == height_ - 1) e |= kEdgeNorth;
    edges_[c] = e;
    for (int i = 0; i < 4; ++i)
      if (e & (1 << i)) edge_cells_[i].set(c);
  }
  // 4. Symmetries: sym = transpose*4 + flip_ranks*2 + flip_files.
  const bool square = width_ == height_ && topology != Topology::kCylinder;
  num_symmetries_ = square ? 8 : 4;
  for (int s = 0; s < num_symmetries_; ++s) {
    for (int c = 0; c < cells_; ++c) {
      int f = file_of(c), r = rank_of(c);
      if (s & 1) f = width_ - 1 - f;
      if (s & 2) r = height_ - 1 - r;
      if (s & 4) std::swap(f, r);
      sym_[s][c] = static_cast<uint8_t>(cell(f, r));
    }
  }
}

uint64_t Geometry::orth_spread_word(uint64_t x) const {
  const uint64_t first = file_first_.w[0], last = file_last_.w[0];
  uint64_t out = ((x & ~last) << 1) | ((x & ~first) >> 1);
  if (topology_ != Topology::kFlat)
    out |= ((x & last) >> (width_ - 1)) | ((x & first) << (width_ - 1));
  out |= ((x & ~rank_last_.w[0]) << width_) | (x >> width_);
  if (topology_ == Topology::kTorus) {
    const int span = width_ * (height_ - 1);
    out |= ((x & rank_last_.w[0]) >> span) | ((x & rank_first_.w[0]) << span);
  }
  return out;
}

Bits Geometry::orth_spread(const Bits& x) const {
  if (one_word_) return Bits{{orth_spread_word(x.w[0]), 0, 0, 0}};
  // East/west: shift by one within a rank; the cells that would leave the
  // rank are masked off before the shift and, on a cylinder/torus, wrap to
  // the other end of the same rank.
  Bits out = shift_up(x.minus(file_last_), 1) | shift_down(x.minus(file_first_), 1);
  if (topology_ != Topology::kFlat)
    out |= shift_down(x & file_last_, width_ - 1) | shift_up(x & file_first_, width_ - 1);
  // North/south: shift by a rank.
  out |= shift_up(x.minus(rank_last_), width_) | shift_down(x, width_);
  if (topology_ == Topology::kTorus) {
    const int span = width_ * (height_ - 1);
    out |= shift_down(x & rank_last_, span) | shift_up(x & rank_first_, span);
  }
  return out;
}

uint64_t Geometry::flood_flat_word(uint64_t region, uint64_t within) const {
  const uint64_t can_step_east = ~file_last_.w[0], can_step_west = ~file_first_.w[0];
  const int w = width_;
  region &= within;
  while (true) {
    // Cells outside `within` (those past the board included) are masked off.
    const uint64_t grown = (region | ((region & can_step_east) << 1) |
                            ((region & can_step_west) >> 1) | (region << w) | (region >> w)) &
                           within;
    if (grown == region) return region;
    region = grown;
  }
}

Bits Geometry::flood(Bits seeds, const Bits& within) const {
  if (one_word_ && topology_ == Topology::kFlat)
    return Bits{{flood_flat_word(seeds.w[0], within.w[0]), 0, 0, 0}};
  if (one_word_) {
    const uint64_t in = within.w[0];
    uint64_t region = seeds.w[0] & in;
    while (true) {
      const uint64_t grown = (region | orth_spread_word(region)) & in;
      if (grown == region) return Bits{{region, 0, 0, 0}};
      region = grown;
    }
  }
  Bits region = seeds & within;
  while (true) {
    Bits grown = (region | orth_spread(region)) & within;
    if (grown == region) return region;
    region = grown;
  }
}

std::string Geometry::square_name(int c) const {
  std::string s(1, static_cast<char>('a' + file_of(c)));
  return s + std::to_string(rank_of(c) + 1);
}

int Geometry::parse_square(const std::string& text) const {
  if (text.size() < 2 || text.size() > 3) return -1;
  const int f = text[0] - 'a';
  if (f < 0 || f >= width_) return -1;
  int r = 0;
  for (size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return -1;
    r = r * 10 + (text[i] - '0');
  }
  if (text[1] == '0' || r < 1 || r > height_) return -1;
  return cell(f, r - 1);
}

}  // namespace inchzero::inchworm
