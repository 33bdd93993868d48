// Input quoted in a message. A message names what was wrong with the input,
// and often quotes it; but input can hold anything: an ESC sequence that
// would drive the user's terminal, bytes that are not UTF-8 (a JSON answer
// could not carry them), or 120 KB on one line. Every place that echoes
// input it did not make quotes it through here.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace inchzero {

// How many bytes of input a message quotes before it cuts.
inline constexpr size_t kQuotedBytes = 80;

// `text` as a message may show it: control bytes (0x00-0x1F, 0x7F) and bytes
// that do not start well-formed UTF-8 written as \xNN, a backslash as \\, and
// text longer than `max_bytes` cut at a character boundary with
// "… (N bytes)" after it. Text that is short, printable UTF-8 without a
// backslash comes back unchanged.
std::string quoted_excerpt(std::string_view text, size_t max_bytes = kQuotedBytes);

// `message` (a game's reason for refusing `input`, which may quote it) with
// each occurrence of `input` replaced by its quoted_excerpt: the games'
// notation readers quote what they refuse, and this keeps one place that
// cuts a 120 KB move text and escapes its control bytes.
std::string with_input_quoted(std::string message, std::string_view input);

// A whole message made safe for a terminal or a JSON answer: control bytes
// and malformed UTF-8 escaped as above (a newline too: a message is one
// line), and a message over `max_bytes` cut with its length stated. The last
// guard, where a message leaves the program; the quoting above is the first.
std::string safe_message(std::string_view message, size_t max_bytes = 2000);

}  // namespace inchzero
