// Reading a LibTorch archive (a network or a checkpoint) from a file the
// user named, checked first: LibTorch does not check the CRCs of its ZIP
// entries, so a damaged file would be read with bad weights (or abort deep
// inside LibTorch). One reader for Network::load and
// Trainer::load_checkpoint, so both refuse the same files the same way.
#pragma once

#include <torch/serialize/input-archive.h>

#include <string>

namespace inchzero {

// Loads the archive in `path` into `archive`, its tensors onto the CPU
// whatever device wrote them. Throws GameError naming the file as `what`
// ("network file", "checkpoint"): "<what> '<path>' does not exist" (and
// read_input_file's other refusals: a folder, a FIFO, ...), "<what>
// '<path>' is damaged: <the entry that fails its CRC>", or "<what>
// '<path>' is not readable<unreadable_detail>" when LibTorch cannot read it.
void read_checked_archive(const std::string& path, const std::string& what,
                          const std::string& unreadable_detail,
                          torch::serialize::InputArchive& archive);

}  // namespace inchzero
