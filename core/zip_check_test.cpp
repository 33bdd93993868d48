#include "core/zip_check.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>
#include <vector>

namespace inchzero {
namespace {

void put(std::string& out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>(value >> (8 * i) & 0xff));
}

std::string raw_deflate(const std::string& data) {
  z_stream z{};
  deflateInit2(&z, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

struct Entry {
  std::string name, data;
  bool deflate = false;
};

// A ZIP archive of `entries`, written the way LibTorch's writer does (local
// header, data; central directory; end record). With `zip64`, the sizes and
// offsets are in ZIP64 extra fields and a ZIP64 end record, as for files
// over 4 GiB.
std::string make_zip(const std::vector<Entry>& entries, bool zip64) {
  std::string out, directory;
  for (const Entry& e : entries) {
    const std::string packed = e.deflate ? raw_deflate(e.data) : e.data;
    const uint32_t crc = crc32_update(0, e.data.data(), e.data.size());
    const uint64_t offset = out.size();
    put(out, 0x04034b50, 4);
    put(out, 20, 2), put(out, 0, 2), put(out, e.deflate ? 8 : 0, 2), put(out, 0, 4);
    put(out, crc, 4), put(out, packed.size(), 4), put(out, e.data.size(), 4);
    put(out, e.name.size(), 2), put(out, 0, 2);
    out += e.name + packed;
    std::string extra;
    if (zip64) {
      put(extra, 1, 2), put(extra, 24, 2);
      put(extra, e.data.size(), 8), put(extra, packed.size(), 8), put(extra, offset, 8);
    }
    put(directory, 0x02014b50, 4);
    put(directory, 45, 2), put(directory, 45, 2), put(directory, 0, 2);
    put(directory, e.deflate ? 8 : 0, 2), put(directory, 0, 4), put(directory, crc, 4);
    put(directory, zip64 ? 0xffffffff : packed.size(), 4);
    put(directory, zip64 ? 0xffffffff : e.data.size(), 4);
    put(directory, e.name.size(), 2), put(directory, extra.size(), 2), put(directory, 0, 2);
    put(directory, 0, 2), put(directory, 0, 2), put(directory, 0, 4);
    put(directory, zip64 ? 0xffffffff : offset, 4);
    directory += e.name + extra;
  }
  const uint64_t dir_offset = out.size();
  out += directory;
  if (zip64) {
    const uint64_t end64 = out.size();
    put(out, 0x06064b50, 4), put(out, 44, 8), put(out, 45, 2), put(out, 45, 2);
    put(out, 0, 4), put(out, 0, 4), put(out, entries.size(), 8), put(out, entries.size(), 8);
    put(out, directory.size(), 8), put(out, dir_offset, 8);
    put(out, 0x07064b50, 4), put(out, 0, 4), put(out, end64, 8), put(out, 1, 4);
  }
  put(out, 0x06054b50, 4), put(out, 0, 2), put(out, 0, 2);
  put(out, zip64 ? 0xffff : entries.size(), 2), put(out, zip64 ? 0xffff : entries.size(), 2);
  put(out, directory.size(), 4), put(out, zip64 ? 0xffffffff : dir_offset, 4), put(out, 0, 2);
  return out;
}

const std::vector<Entry> kEntries = {{"archive/data.pkl", std::string(300, 'p'), true},
                                     {"archive/data/0", std::string(1000, '\x3f'), false},
                                     {"archive/version", "3\n", false}};

TEST(ZipCheck, Crc32OfTheCheckString) { EXPECT_EQ(crc32_update(0, "123456789", 9), 0xCBF43926u); }

TEST(ZipCheck, IntactArchivesPass) {
  EXPECT_EQ(check_zip_crcs(make_zip(kEntries, false)), "");
  EXPECT_EQ(check_zip_crcs(make_zip(kEntries, true)), "");
}

TEST(ZipCheck, FlippedStoredBytesAreFound) {
  for (bool zip64 : {false, true}) {
    std::string zip = make_zip(kEntries, zip64);
    const size_t at = zip.find(std::string(1000, '\x3f')) + 500;
    zip[at] = static_cast<char>(zip[at] ^ 0xff);
    EXPECT_EQ(check_zip_crcs(zip), "entry 'archive/data/0' fails its CRC-32 check") << zip64;
  }
}

TEST(ZipCheck, DamagedDeflatedEntriesAreFound) {
  std::string zip = make_zip(kEntries, false);
  const size_t at = zip.find("archive/data.pkl") + 16 + 2;  // inside its deflate stream
  zip[at] = static_cast<char>(zip[at] ^ 0x55);
  const std::string problem = check_zip_crcs(zip);
  EXPECT_NE(problem.find("entry 'archive/data.pkl'"), std::string::npos) << problem;
}

TEST(ZipCheck, TruncatedOrForeignFilesAreRefused) {
  const std::string zip = make_zip(kEntries, false);
  EXPECT_EQ(check_zip_crcs(zip.substr(0, zip.size() / 2)),
            "truncated: no end of central directory");
  EXPECT_EQ(check_zip_crcs(""), "truncated: too short for a ZIP archive");
  // Random bytes are no ZIP archive at all, not a truncated one.
  EXPECT_EQ(check_zip_crcs(std::string(100, 'x')),
            "not a ZIP archive (a network file is one): it does not start with PK\\x03\\x04");
  EXPECT_EQ(check_zip_crcs("PK\x03\x04" + std::string(10, 'x')),
            "truncated: too short for a ZIP archive");
}

TEST(ZipCheck, NamesWithControlBytesKeepTheProblemOneLine) {
  std::string zip = make_zip({{"bad\nname\x7f", std::string(10, 'q'), false}}, false);
  const size_t at = zip.find(std::string(10, 'q'));
  zip[at] = 'r';
  EXPECT_EQ(check_zip_crcs(zip), "entry 'bad\\x0aname\\x7f' fails its CRC-32 check");
}

// Offsets read from the file near 2^64, where offset + length wraps around.
TEST(ZipCheck, OffsetsNearTheTopOfTheRangeAreRefused) {
  const std::string zip = make_zip(kEntries, true);
  auto patched = [&](size_t at, uint64_t value) {
    std::string out = zip, bytes;
    put(bytes, value, 8);
    out.replace(at, 8, bytes);
    return check_zip_crcs(out);
  };
  const uint64_t top = ~uint64_t{0} - 15;
  const size_t end64 = zip.find(std::string("PK\x06\x06", 4));
  const size_t locator = zip.find(std::string("PK\x06\x07", 4));
  EXPECT_EQ(patched(locator + 8, top), "bad ZIP64 end of central directory");
  EXPECT_EQ(patched(end64 + 48, top), "damaged central directory");
  // The first entry's local header offset, in its ZIP64 extra field.
  const size_t name = zip.find("archive/data.pkl", zip.find("archive/data.pkl") + 1);
  EXPECT_EQ(patched(name + 16 + 4 + 16, top), "entry 'archive/data.pkl': damaged local header");
  // Its packed size: the data would end past the file.
  EXPECT_EQ(patched(name + 16 + 4 + 8, top), "entry 'archive/data.pkl' is truncated");
}

}  // namespace
}  // namespace inchzero
