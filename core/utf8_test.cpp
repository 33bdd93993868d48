// malformed_utf8_at against the edges of Unicode's table of well-formed
// byte sequences: each range's first and last member is accepted, the byte
// just outside it refused at the right offset.
#include "core/utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace inchzero {
namespace {

constexpr size_t kOk = std::string_view::npos;

TEST(Utf8, WellFormedTextIsAccepted) {
  EXPECT_EQ(malformed_utf8_at(""), kOk);
  EXPECT_EQ(malformed_utf8_at("uct:200:rollout_plies=40"), kOk);
  EXPECT_EQ(malformed_utf8_at(std::string("a\0b", 3)), kOk);  // NUL is a character
  EXPECT_EQ(malformed_utf8_at("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x90\x9B"), kOk);  // é € 🐛
  EXPECT_EQ(malformed_utf8_at("\xC2\x80\xDF\xBF"), kOk);                           // U+0080, U+07FF
  EXPECT_EQ(malformed_utf8_at("\xE0\xA0\x80\xED\x9F\xBF"), kOk);                   // U+0800, U+D7FF
  EXPECT_EQ(malformed_utf8_at("\xEE\x80\x80\xEF\xBF\xBF"), kOk);                   // U+E000, U+FFFF
  EXPECT_EQ(malformed_utf8_at("\xF0\x90\x80\x80\xF4\x8F\xBF\xBF"), kOk);  // U+10000, U+10FFFF
}

TEST(Utf8, MalformedBytesAreFoundWhereTheyStart) {
  EXPECT_EQ(malformed_utf8_at("uct:200:ro\xFF\xFFies"), 10u);  // the fuzzer's input
  EXPECT_EQ(malformed_utf8_at("ab\x80"), 2u);                  // a lone continuation byte
  EXPECT_EQ(malformed_utf8_at("\xC0\xAF"), 0u);                // overlong '/'
  EXPECT_EQ(malformed_utf8_at("\xC1\xBF"), 0u);                // overlong U+007F
  EXPECT_EQ(malformed_utf8_at("\xE0\x9F\xBF"), 0u);            // overlong U+07FF
  EXPECT_EQ(malformed_utf8_at("x\xED\xA0\x80"), 1u);           // surrogate U+D800
  EXPECT_EQ(malformed_utf8_at("\xF0\x8F\xBF\xBF"), 0u);        // overlong U+FFFF
  EXPECT_EQ(malformed_utf8_at("\xF4\x90\x80\x80"), 0u);        // U+110000
  EXPECT_EQ(malformed_utf8_at("\xF5\x80\x80\x80"), 0u);        // no such lead byte
  EXPECT_EQ(malformed_utf8_at("ok\xE2\x82"), 2u);              // cut off at the end
  EXPECT_EQ(malformed_utf8_at("\xE2\x82x"), 0u);               // a third byte missing
  EXPECT_EQ(malformed_utf8_at("\xC3\xA9\xC3"), 2u);            // good, then cut off
}

}  // namespace
}  // namespace inchzero
