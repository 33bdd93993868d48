// Whether text is well-formed UTF-8. YAML files are Unicode text, but
// yaml-cpp reads any bytes into a string and, when it writes one back
// double-quoted, replaces each malformed byte with U+FFFD: a config value
// holding such bytes would not read back as itself (found by the run_config
// fuzzer). Readers refuse it instead, naming the key and the byte.
#pragma once

#include <cstddef>
#include <string_view>

namespace inchzero {

// The offset of the first byte of `text` that does not start a well-formed
// UTF-8 sequence (Unicode 15, table 3-7: no overlong forms, no surrogates,
// nothing above U+10FFFF, no cut-off sequence), or npos when it is all
// well-formed.
inline size_t malformed_utf8_at(std::string_view text) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char lead = byte(i);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    // The length of the sequence and the range its second byte must lie in
    // (narrower than 80..BF after E0, ED, F0 and F4: that is what rules out
    // overlong forms, surrogates and code points above U+10FFFF).
    size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return i;  // 80..C1 and F5..FF never start a sequence
    }
    if (i + length > text.size()) return i;
    if (byte(i + 1) < low || byte(i + 1) > high) return i;
    for (size_t k = 2; k < length; ++k) {
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return i;
    }
    i += length;
  }
  return std::string_view::npos;
}

}  // namespace inchzero
