// The games the fuzz targets feed: every game of the registry under its
// default rules, plus FIDE chess (its own FEN dialect). A target's first input
// byte picks one, so one corpus covers them all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
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

// Runs `body` on a thread with a stack of 256 KiB (an exception it throws is
// rethrown here). The targets that read JSON or YAML run each input so:
// recursion once per nesting level that would need 100,000 levels to
// overflow the main thread's 8 MiB (an input of 200 KB, beyond what
// mutation grows to in hours) overflows here at a few hundred, an input
// the fuzzer reaches in minutes. Found that way, not by hand, is the class
// that once crashed `serve` (docs/robustness.md).
void run_on_small_stack(const std::function<void()>& body);

// A violated invariant: print it and abort, so libFuzzer keeps the input.
[[noreturn]] void broken(const std::string& what);

}  // namespace inchzero::fuzz
