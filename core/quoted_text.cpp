#include "core/quoted_text.h"

#include "core/utf8.h"

namespace inchzero {
namespace {

// The length of the well-formed UTF-8 sequence at `text[i]`, or 0 when the
// byte there does not start one (a control byte counts as malformed here:
// it is escaped like one).
size_t printable_sequence_at(std::string_view text, size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x20 || lead == 0x7F) return 0;
  if (lead < 0x80) return 1;
  const size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
  if (i + length > text.size()) return 0;
  return malformed_utf8_at(text.substr(i, length)) == std::string_view::npos ? length : 0;
}

std::string escaped(std::string_view text, size_t max_bytes, bool escape_backslash) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  size_t i = 0;
  while (i < text.size() && i < max_bytes) {
    const size_t length = printable_sequence_at(text, i);
    if (length == 0) {
      const auto byte = static_cast<unsigned char>(text[i]);
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
      ++i;
    } else if (escape_backslash && text[i] == '\\') {
      out += "\\\\";
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  if (i < text.size()) out += "… (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace

std::string quoted_excerpt(std::string_view text, size_t max_bytes) {
  return escaped(text, max_bytes, /*escape_backslash=*/true);
}

std::string with_input_quoted(std::string message, std::string_view input) {
  if (input.empty()) return message;
  const std::string quoted = quoted_excerpt(input);
  for (size_t at = 0; (at = message.find(input, at)) != std::string::npos; at += quoted.size())
    message.replace(at, input.size(), quoted);
  return message;
}

std::string safe_message(std::string_view message, size_t max_bytes) {
  // A backslash in a message is the program's own (a path, a quoted \xNN):
  // left as it is.
  return escaped(message, max_bytes, /*escape_backslash=*/false);
}

}  // namespace inchzero
