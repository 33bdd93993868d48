// JSON from outside the program (a request body, an analysis query, a
// record, a zoo entry's metadata): parsed with its nesting depth bounded.
// nlohmann's parser keeps its own stack and so reads any depth, but writing
// a value back (`dump`, in an error message or an answer) recurses once per
// level: an array nested 100,000 deep, 200 KB of text, overflowed the stack
// of `serve` and `analyse`. No input of ours nests beyond a few levels, so a
// deeper one is refused before it is parsed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace inchzero {

// Deeper than any JSON inchzero reads (records and metadata nest 4-5
// levels), far below what recursion over a value can overflow.
inline constexpr int kMaxJsonDepth = 64;

// A parse: the value, or why there is none.
struct JsonInput {
  nlohmann::json value;
  std::string problem;  // empty when `value` was read
  bool ok() const { return problem.empty(); }
};

// `text` parsed as one JSON value nested at most `max_depth` arrays and
// objects deep. On failure `problem` says why in one line, quoting at most
// a short excerpt of the text (core/quoted_text.h): "nested deeper than 64
// levels (at byte 65)" or "not valid JSON (syntax error at byte 3: ...)".
// Never throws for bad text.
JsonInput parse_json_input(std::string_view text, int max_depth = kMaxJsonDepth);

// The same, throwing GameError("<what>: <problem>") when the text is not
// read: for readers whose bad input is a bad file.
nlohmann::json parse_json_or_throw(std::string_view text, const std::string& what,
                                   int max_depth = kMaxJsonDepth);

// A value as a message quotes it: its JSON text, cut like quoted_excerpt.
// For values that parse_json_input read (their depth is bounded).
std::string json_excerpt(const nlohmann::json& value);

}  // namespace inchzero
