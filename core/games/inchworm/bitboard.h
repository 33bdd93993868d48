// A set of board cells as a 256-bit bitboard (boards up to 16 x 16). Cell c is
// bit c % 64 of word c / 64. Value type, no allocation; the hot paths of
// capture resolution and move generation work on these.
#pragma once

#include <cstdint>

namespace inchzero::inchworm {

constexpr int kMaxCells = 256;

struct Bits {
  static constexpr int kWords = 4;
  uint64_t w[kWords] = {0, 0, 0, 0};

  static Bits single(int c) {
    Bits b;
    b.set(c);
    return b;
  }
  bool test(int c) const { return (w[c >> 6] >> (c & 63)) & 1; }
  void set(int c) { w[c >> 6] |= uint64_t{1} << (c & 63); }
  void reset(int c) { w[c >> 6] &= ~(uint64_t{1} << (c & 63)); }
  bool any() const { return (w[0] | w[1] | w[2] | w[3]) != 0; }
  bool none() const { return !any(); }
  int count() const {
    return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) + __builtin_popcountll(w[2]) +
           __builtin_popcountll(w[3]);
  }
  // Lowest cell in the set, or -1 when empty.
  int lowest() const {
    for (int i = 0; i < kWords; ++i)
      if (w[i]) return i * 64 + __builtin_ctzll(w[i]);
    return -1;
  }
  // Remove and return the lowest cell; the set must not be empty.
  int pop_lowest() {
    for (int i = 0; i < kWords; ++i)
      if (w[i]) {
        int c = i * 64 + __builtin_ctzll(w[i]);
        w[i] &= w[i] - 1;
        return c;
      }
    return -1;
  }
  bool intersects(const Bits& o) const {
    return ((w[0] & o.w[0]) | (w[1] & o.w[1]) | (w[2] & o.w[2]) | (w[3] & o.w[3])) != 0;
  }

  Bits operator&(const Bits& o) const {
    return {{w[0] & o.w[0], w[1] & o.w[1], w[2] & o.w[2], w[3] & o.w[3]}};
  }
  Bits operator|(const Bits& o) const {
    return {{w[0] | o.w[0], w[1] | o.w[1], w[2] | o.w[2], w[3] | o.w[3]}};
  }
  Bits operator^(const Bits& o) const {
    return {{w[0] ^ o.w[0], w[1] ^ o.w[1], w[2] ^ o.w[2], w[3] ^ o.w[3]}};
  }
  // Set difference (this minus o).
  Bits minus(const Bits& o) const {
    return {{w[0] & ~o.w[0], w[1] & ~o.w[1], w[2] & ~o.w[2], w[3] & ~o.w[3]}};
  }
  Bits& operator&=(const Bits& o) { return *this = *this & o; }
  Bits& operator|=(const Bits& o) { return *this = *this | o; }
  bool operator==(const Bits& o) const {
    return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2] && w[3] == o.w[3];
  }
  bool operator!=(const Bits& o) const { return !(*this == o); }
};

// Logical shift towards higher cells by k (0 <= k < 256).
inline Bits shift_up(const Bits& x, int k) {
  // Unrolled for 0 < k < 64 (steps along a rank and by one rank: the hot
  // path of orth_spread and flood).
  if (k > 0 && k < 64) {
    const int s = 64 - k;
    return {{x.w[0] << k, (x.w[1] << k) | (x.w[0] >> s), (x.w[2] << k) | (x.w[1] >> s),
             (x.w[3] << k) | (x.w[2] >> s)}};
  }
  Bits r;
  const int q = k >> 6, s = k & 63;
  for (int i = Bits::kWords - 1; i >= q; --i) {
    uint64_t v = x.w[i - q] << s;
    if (s && i - q - 1 >= 0) v |= x.w[i - q - 1] >> (64 - s);
    r.w[i] = v;
  }
  return r;
}

// Logical shift towards lower cells by k (0 <= k < 256).
inline Bits shift_down(const Bits& x, int k) {
  if (k > 0 && k < 64) {  // unrolled, as in shift_up
    const int s = 64 - k;
    return {{(x.w[0] >> k) | (x.w[1] << s), (x.w[1] >> k) | (x.w[2] << s),
             (x.w[2] >> k) | (x.w[3] << s), x.w[3] >> k}};
  }
  Bits r;
  const int q = k >> 6, s = k & 63;
  for (int i = 0; i + q < Bits::kWords; ++i) {
    uint64_t v = x.w[i + q] >> s;
    if (s && i + q + 1 < Bits::kWords) v |= x.w[i + q + 1] << (64 - s);
    r.w[i] = v;
  }
  return r;
}

// Calls f(cell) for every cell of x in ascending order.
template <class F>
inline void for_each_cell(Bits x, F&& f) {
  for (int i = 0; i < Bits::kWords; ++i) {
    uint64_t v = x.w[i];
    while (v) {
      f(i * 64 + __builtin_ctzll(v));
      v &= v - 1;
    }
  }
}

}  // namespace inchzero::inchworm
