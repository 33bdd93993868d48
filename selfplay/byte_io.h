// Little-endian byte packing for the shard format, independent of the host's
// byte order, with bounds-checked reading that names what was cut short.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include "core/game.h"

namespace inchzero::bytes {

template <typename T>
void put(std::string& out, T value) {
  static_assert(std::is_trivially_copyable_v<T> &&
                (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8));
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(T));
  for (size_t i = 0; i < sizeof(T); ++i) out.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
}

// Reads values in order from a byte range; throws GameError("<what>: ...")
// when the range ends early.
class Reader {
 public:
  Reader(const char* data, size_t size, std::string what)
      : p_(data), end_(data + size), what_(std::move(what)) {}
  template <typename T>
  T get(const char* field) {
    need(sizeof(T), field);
    uint64_t bits = 0;
    for (size_t i = 0; i < sizeof(T); ++i) bits |= uint64_t(static_cast<uint8_t>(p_[i])) << (8 * i);
    p_ += sizeof(T);
    T value;
    std::memcpy(&value, &bits, sizeof(T));
    return value;
  }
  std::string get_bytes(size_t n, const char* field) {
    need(n, field);
    std::string s(p_, n);
    p_ += n;
    return s;
  }
  size_t remaining() const { return static_cast<size_t>(end_ - p_); }

 private:
  void need(size_t n, const char* field) const {
    if (remaining() < n) {
      throw GameError(what_ + ": cut short reading " + field + " (need " + std::to_string(n) +
                      " bytes, " + std::to_string(remaining()) + " left)");
    }
  }
  const char* p_;
  const char* end_;
  std::string what_;
};

}  // namespace inchzero::bytes
