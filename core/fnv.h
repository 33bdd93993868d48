// FNV-1a, 64 bits: a stable, dependency-free fold of bytes. Used where a hash
// is written to disk or compared across runs and builds (std::hash is neither
// stable across builds nor across platforms).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace inchzero {

class Fnv {
 public:
  // Fold `size` bytes at `data`, in order.
  void bytes(const void* data, size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) hash_ = (hash_ ^ p[i]) * 0x100000001b3ull;
  }
  // Fold the object representation of a trivially copyable value (so the
  // hash depends on the byte order: every machine we build for is little-endian).
  template <class T>
  void value(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes(&v, sizeof v);
  }
  // Fold a string's length, then its bytes (so "ab"+"c" and "a"+"bc" differ).
  void text(const std::string& s) {
    value(static_cast<uint64_t>(s.size()));
    bytes(s.data(), s.size());
  }
  // The hash of everything folded so far.
  uint64_t get() const { return hash_; }

 private:
  uint64_t hash_ = 0xcbf29ce484222325ull;
};

}  // namespace inchzero
