// Every registered game's encoder describes itself: a version >= 1 and one
// distinct name per input plane (exports carry both, docs/export.md).
#include "model/encoder.h"

#include <gtest/gtest.h>

#include <set>

#include "core/registry.h"

namespace inchzero {
namespace {

TEST(Encoder, EveryGameHasAVersionAndOneNamePerPlane) {
  for (const GameEntry& entry : game_table()) {
    SCOPED_TRACE(entry.name);
    // The encoder refers to its game: keep the game alive (the full ASan
    // run found this test reading a freed game through a temporary).
    const auto game = load_game(entry.name);
    auto encoder = make_encoder(*game);
    EXPECT_GE(encoder->version(), 1);
    const std::vector<std::string> names = encoder->plane_names();
    EXPECT_EQ(static_cast<int>(names.size()), encoder->shape().channels);
    EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  }
}

}  // namespace
}  // namespace inchzero
