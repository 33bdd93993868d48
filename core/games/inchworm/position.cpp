#include "core/games/inchworm/position.h"

#include <cstring>

namespace inchzero::inchworm {
namespace {

// Key of one stack: distinct for every (cell, owner, height).
uint64_t stack_key(int c, int player, int height) {
  return mix64((uint64_t{1} << 40) | (uint64_t(c) << 24) | (uint64_t(player) << 20) |
               uint64_t(height));
}
uint64_t counter_key(int kind, int p, int v) {
  return mix64((uint64_t{2} << 40) | (uint64_t(kind) << 32) | (uint64_t(p) << 28) |
               uint64_t(uint32_t(v)));
}
constexpr uint64_t kBlueToMoveKey = 0x6a09e667f3bcc909ULL;

}  // namespace

void Position::set_stack(int c, int player, int height) {
  clear(c);
  occ_[player].set(c);
  height_[c] = static_cast<uint16_t>(height);
  hash_ ^= stack_key(c, player, height);
}

void Position::clear(int c) {
  const int p = owner(c);
  if (p == kEmpty) return;
  hash_ ^= stack_key(c, p, height_[c]);
  occ_[p].reset(c);
  height_[c] = 0;
}

int Position::pieces_on_board(int player) const {
  int n = 0;
  for_each_cell(occ_[player], [&](int c) { n += height_[c]; });
  return n;
}

void Position::set_to_move(int p) {
  if (p != to_move_) hash_ ^= kBlueToMoveKey;
  to_move_ = p;
}

void Position::set_counter(int* field, int kind, int p, int v) {
  hash_ ^= counter_key(kind, p, field[p]) ^ counter_key(kind, p, v);
  field[p] = v;
}

bool Position::operator==(const Position& o) const {
  return occ_[0] == o.occ_[0] && occ_[1] == o.occ_[1] &&
         std::memcmp(height_, o.height_, sizeof height_) == 0 && stock_[0] == o.stock_[0] &&
         stock_[1] == o.stock_[1] && prisoners_[0] == o.prisoners_[0] &&
         prisoners_[1] == o.prisoners_[1] && score_[0] == o.score_[0] && score_[1] == o.score_[1] &&
         to_move_ == o.to_move_;
}

}  // namespace inchzero::inchworm
