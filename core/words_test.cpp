// Splitting at a separator keeps every part, empty ones included: position
// notations count their rows and moves their squares by the parts.
#include "core/words.h"

#include <gtest/gtest.h>

namespace inchzero {
namespace {

using Parts = std::vector<std::string>;

TEST(Words, SplitAtKeepsEmptyParts) {
  EXPECT_EQ(split_at("e5-f4-e3", '-'), (Parts{"e5", "f4", "e3"}));
  EXPECT_EQ(split_at("a--b", '-'), (Parts{"a", "", "b"}));
  EXPECT_EQ(split_at("a-b-", '-'), (Parts{"a", "b", ""}));
  EXPECT_EQ(split_at("-a", '-'), (Parts{"", "a"}));
  EXPECT_EQ(split_at("-", '-'), (Parts{"", ""}));
  EXPECT_EQ(split_at("", '/'), (Parts{""}));
  EXPECT_EQ(split_at("8/8", '-'), (Parts{"8/8"}));
}

}  // namespace
}  // namespace inchzero
