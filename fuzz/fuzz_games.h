// The games the fuzz targets feed: every game of the registry under its
// default rules, plus FIDE chess (its own FEN dialect). A target's first input
// byte picks one, so one corpus covers them all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero::fuzz {

const std::vector<std::shared_ptr<const Game>>& games();

// The game picked by data[0] (data must not be empty).
inline const Game& game_for(const uint8_t* data) { return *games()[data[0] % games().size()]; }

// The bytes after the first as text.
inline std::string text_after_first(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data) + 1, size - 1);
}

// A violated invariant: print it and abort, so libFuzzer keeps the input.
[[noreturn]] void broken(const std::string& what);

}  // namespace inchzero::fuzz
