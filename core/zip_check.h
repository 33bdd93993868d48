// Integrity check of ZIP archives, the container of LibTorch's saved files
// (networks, checkpoints). Each entry of a ZIP carries the CRC-32 of its
// data, but LibTorch's reader does not check it: a network with flipped bits
// in its weights loads and plays. check_zip_crcs reads the central directory
// (ZIP64 included) and recomputes every entry's CRC.
#pragma once

#include <cstdint>
#include <string>

namespace inchzero {

// CRC-32 (ISO-HDLC, the ZIP and zlib polynomial) of `size` bytes, continuing `crc`.
uint32_t crc32_update(uint32_t crc, const void* data, size_t size);

// "" when `bytes` is a well-formed ZIP whose stored entries all match their
// CRC-32; otherwise what is wrong, e.g. "entry 'archive/data/3' fails its
// CRC-32 check" or "truncated: no end of central directory".
std::string check_zip_crcs(const std::string& bytes);

}  // namespace inchzero
