// Deriving independent seeds from one recorded seed, so that every random
// choice of a run or match follows from the seed the user gave (or that was
// written into the run folder) whatever the number of threads.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace inchzero {

// SplitMix64 finaliser (Steele, Lea & Flood 2014): a bijective mix whose
// outputs for consecutive inputs are statistically independent.
inline uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A seed for the stream identified by `path` (e.g. {game index, side})
// under `base`. Different paths give unrelated seeds.
inline uint64_t derive_seed(uint64_t base, std::initializer_list<uint64_t> path) {
  uint64_t s = splitmix64(base);
  for (uint64_t p : path) s = splitmix64(s ^ splitmix64(p + 0x632be59bd9b4e019ULL));
  return s;
}

}  // namespace inchzero
