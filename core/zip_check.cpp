#include "core/zip_check.h"

#include <zlib.h>

#include <algorithm>
#include <vector>

namespace inchzero {
namespace {

// Little-endian reads at `at`; callers check the bounds first.
uint64_t le(const std::string& b, size_t at, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(b[at + i]);
  return v;
}

// An entry's name as a message shows it: control bytes (a damaged name may
// hold a newline) as \xNN, so that the message stays one line.
std::string shown(const std::string& name) {
  std::string out;
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
    } else {
      static const char kHex[] = "0123456789abcdef";
      out += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
    }
  }
  return out;
}

// Whether `len` bytes at `at` lie within `n`: offsets read from a damaged
// file may be near 2^64, where `at + len` would wrap around.
bool fits(uint64_t at, uint64_t len, uint64_t n) { return at <= n && len <= n - at; }

constexpr uint32_t kEndOfDirectory = 0x06054b50;
constexpr uint32_t kZip64End = 0x06064b50;
constexpr uint32_t kZip64Locator = 0x07064b50;
constexpr uint32_t kDirectoryEntry = 0x02014b50;
constexpr uint32_t kLocalHeader = 0x04034b50;

constexpr uint64_t kStored = 0;
constexpr uint64_t kDeflated = 8;

// Inflate a raw deflate stream that must give `size` bytes; their CRC-32 to *crc.
bool inflated_crc(const char* data, uint64_t packed, uint64_t size, uint32_t* crc) {
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return false;
  std::vector<unsigned char> out(64 * 1024);
  uint64_t total = 0;
  uLong sum = ::crc32(0L, Z_NULL, 0);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data));
  int rc = Z_OK;
  // Fed in slices: avail_in is 32 bits wide.
  uint64_t fed = 0;
  while (rc == Z_OK) {
    if (z.avail_in == 0 && fed < packed) {
      z.avail_in = static_cast<uInt>(std::min<uint64_t>(packed - fed, 1u << 30));
      fed += z.avail_in;
    }
    z.next_out = out.data();
    z.avail_out = static_cast<uInt>(out.size());
    rc = inflate(&z, Z_NO_FLUSH);
    const size_t produced = out.size() - z.avail_out;
    sum = ::crc32(sum, out.data(), static_cast<uInt>(produced));
    total += produced;
  }
  inflateEnd(&z);
  *crc = static_cast<uint32_t>(sum);
  return rc == Z_STREAM_END && total == size;
}

}  // namespace

uint32_t crc32_update(uint32_t crc, const void* data, size_t size) {
  const auto* p = static_cast<const Bytef*>(data);
  uLong sum = crc;
  while (size > 0) {  // zlib takes 32-bit lengths
    const uInt slice = static_cast<uInt>(std::min<size_t>(size, 1u << 30));
    sum = ::crc32(sum, p, slice);
    p += slice;
    size -= slice;
  }
  return static_cast<uint32_t>(sum);
}

std::string check_zip_crcs(const std::string& b) {
  const size_t n = b.size();
  // The end-of-central-directory record: 22 bytes plus a comment of up to 64 KiB.
  // Every archive LibTorch writes starts with a local file header: without
  // one the file is something else altogether, not a network cut short.
  if (n >= 4 && le(b, 0, 4) != kLocalHeader)
    return "not a ZIP archive (a network file is one): it does not start with PK\\x03\\x04";
  if (n < 22) return "truncated: too short for a ZIP archive";
  size_t eocd = std::string::npos;
  for (size_t at = n - 22 + 1; at-- > 0 && n - at <= 22 + 0xffff;) {
    if (le(b, at, 4) == kEndOfDirectory) {
      eocd = at;
      break;
    }
  }
  if (eocd == std::string::npos) return "truncated: no end of central directory";
  uint64_t entries = le(b, eocd + 10, 2);
  uint64_t dir_offset = le(b, eocd + 16, 4);
  if (entries == 0xffff || dir_offset == 0xffffffff) {
    if (eocd < 20 || le(b, eocd - 20, 4) != kZip64Locator) return "bad ZIP64 locator";
    const uint64_t z = le(b, eocd - 20 + 8, 8);
    if (!fits(z, 56, n) || le(b, z, 4) != kZip64End) return "bad ZIP64 end of central directory";
    entries = le(b, z + 32, 8);
    dir_offset = le(b, z + 48, 8);
  }
  uint64_t at = dir_offset;
  for (uint64_t e = 0; e < entries; ++e) {
    if (!fits(at, 46, n) || le(b, at, 4) != kDirectoryEntry) return "damaged central directory";
    const uint64_t method = le(b, at + 10, 2);
    const uint32_t crc = static_cast<uint32_t>(le(b, at + 16, 4));
    uint64_t packed = le(b, at + 20, 4), size = le(b, at + 24, 4), local = le(b, at + 42, 4);
    const size_t name_len = le(b, at + 28, 2), extra_len = le(b, at + 30, 2),
                 comment_len = le(b, at + 32, 2);
    if (at + 46 + name_len + extra_len + comment_len > n) return "damaged central directory";
    const std::string name = shown(b.substr(at + 46, name_len));
    // ZIP64 extended information: the 64-bit values of the fields set to all ones.
    const size_t extra_end = at + 46 + name_len + extra_len;
    for (size_t x = at + 46 + name_len; x + 4 <= extra_end;) {
      const uint64_t id = le(b, x, 2), len = le(b, x + 2, 2);
      // A block's values end with the extra field, whatever its length says.
      const size_t end = std::min<size_t>(x + 4 + len, extra_end);
      size_t f = x + 4;
      if (id == 1) {
        if (size == 0xffffffff && f + 8 <= end) size = le(b, f, 8), f += 8;
        if (packed == 0xffffffff && f + 8 <= end) packed = le(b, f, 8), f += 8;
        if (local == 0xffffffff && f + 8 <= end) local = le(b, f, 8), f += 8;
      }
      x += 4 + len;
    }
    if (!fits(local, 30, n) || le(b, local, 4) != kLocalHeader) {
      return "entry '" + name + "': damaged local header";
    }
    const uint64_t data = local + 30 + le(b, local + 26, 2) + le(b, local + 28, 2);
    if (!fits(data, packed, n)) return "entry '" + name + "' is truncated";
    uint32_t actual = 0;
    if (method == kStored) {
      if (packed != size) return "entry '" + name + "': stored with two sizes";
      actual = crc32_update(0, b.data() + data, size);
    } else if (method == kDeflated) {  // LibTorch deflates its small code entries
      if (!inflated_crc(b.data() + data, packed, size, &actual)) {
        return "entry '" + name + "' does not inflate to its size";
      }
    } else {
      return "entry '" + name + "' uses compression method " + std::to_string(method);
    }
    if (actual != crc) return "entry '" + name + "' fails its CRC-32 check";
    at += 46 + name_len + extra_len + comment_len;
  }
  return "";
}

}  // namespace inchzero
