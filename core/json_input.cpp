#include "core/json_input.h"

#include "core/game.h"
#include "core/quoted_text.h"

namespace inchzero {
namespace {

// The offset of the first bracket that opens level `max_depth` + 1, or npos.
// Brackets inside strings do not count; the text need not be valid JSON (the
// parser says what else is wrong with it).
size_t too_deep_at(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;  // the escaped character, whatever it is
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::string_view::npos;
}

}  // namespace

JsonInput parse_json_input(std::string_view text, int max_depth) {
  JsonInput in;
  if (const size_t at = too_deep_at(text, max_depth); at != std::string_view::npos) {
    in.problem = "nested deeper than " + std::to_string(max_depth) + " levels (at byte " +
                 std::to_string(at + 1) + " of " + std::to_string(text.size()) + ")";
    return in;
  }
  try {
    in.value = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    // A parse_error, or an out_of_range for a number beyond a double
    // ("1e30808", found by the analysis_query fuzzer). e.what():
    // "[json.exception.parse_error.101] parse error at line 1, column 2:
    // syntax error while parsing value - invalid literal; last read: '...'":
    // the part after the "[json.exception...] " tag is the reason, and its
    // "last read" quotes the input, so it is quoted safely and cut.
    std::string reason = e.what();
    const size_t start = reason.find("] ");
    if (start != std::string::npos) reason = reason.substr(start + 2);
    in.problem = "not valid JSON (" + quoted_excerpt(reason, 160) + ")";
  }
  return in;
}

nlohmann::json parse_json_or_throw(std::string_view text, const std::string& what, int max_depth) {
  JsonInput in = parse_json_input(text, max_depth);
  if (!in.ok()) throw GameError(what + ": " + in.problem);
  return std::move(in.value);
}

std::string json_excerpt(const nlohmann::json& value) {
  return quoted_excerpt(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

}  // namespace inchzero
