// Files from configs/ compiled into the binary, so that `inchzero` runs from
// any directory with its shipped rule sets and training configs
// (generated at build time by cmake/EmbedFiles.cmake).
#pragma once

#include <string>
#include <vector>

namespace inchzero {

// Content of an embedded file by its path relative to configs/
// (e.g. "rules/inchworm/original.yaml"); nullptr if there is none.
const std::string* embedded_file(const std::string& relative_path);

// Every embedded path, sorted.
std::vector<std::string> embedded_file_paths();

}  // namespace inchzero
