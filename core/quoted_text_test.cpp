#include "core/quoted_text.h"

#include <gtest/gtest.h>

namespace inchzero {
namespace {

TEST(QuotedExcerpt, ShortPrintableTextIsUnchanged) {
  EXPECT_EQ(quoted_excerpt("d4 e5"), "d4 e5");
  EXPECT_EQ(quoted_excerpt("café ♞"), "café ♞");  // well-formed UTF-8 stays
}

TEST(QuotedExcerpt, ControlBytesAndMalformedUtf8AreEscaped) {
  EXPECT_EQ(quoted_excerpt("\x1b[2Jboom"), "\\x1B[2Jboom");
  EXPECT_EQ(quoted_excerpt(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(quoted_excerpt("line\nnext\x7f"), "line\\x0Anext\\x7F");
  EXPECT_EQ(quoted_excerpt("\xff\xfe ok"), "\\xFF\\xFE ok");
  EXPECT_EQ(quoted_excerpt("\xe2\x99"), "\\xE2\\x99");  // a cut-off sequence
  // A backslash is doubled, so that an escape in the input cannot pass for one of ours.
  EXPECT_EQ(quoted_excerpt("\\x1B"), "\\\\x1B");
}

TEST(QuotedExcerpt, LongTextIsCutWithItsLengthStated) {
  const std::string long_text(120'000, 'a');
  const std::string quoted = quoted_excerpt(long_text);
  EXPECT_EQ(quoted, std::string(kQuotedBytes, 'a') + "… (120000 bytes)");
  // Cut at a character boundary: no half of a 3-byte character.
  std::string stars;
  for (int i = 0; i < 40; ++i) stars += "★";  // 120 bytes
  EXPECT_EQ(quoted_excerpt(stars, 10), "★★★★… (120 bytes)");
}

TEST(WithInputQuoted, QuotesEachOccurrenceOfTheInput) {
  const std::string move = std::string(120'000, 'z') + "\x1b";
  const std::string message =
      with_input_quoted("'" + move + "' is not a square of '" + move + "'", move);
  EXPECT_EQ(message, "'" + std::string(80, 'z') + "… (120001 bytes)' is not a square of '" +
                         std::string(80, 'z') + "… (120001 bytes)'");
  EXPECT_EQ(with_input_quoted("'d9' is not a square", "d9"), "'d9' is not a square");
}

TEST(SafeMessage, EscapesControlBytesAndCutsButKeepsBackslashes) {
  EXPECT_EQ(safe_message("bad 'x\x1b]0;owned\x07'"), "bad 'x\\x1B]0;owned\\x07'");
  EXPECT_EQ(safe_message("path C:\\x"), "path C:\\x");
  const std::string message = safe_message(std::string(5000, 'm'));
  EXPECT_EQ(message, std::string(2000, 'm') + "… (5000 bytes)");
}

}  // namespace
}  // namespace inchzero
