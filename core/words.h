// Splitting a line into whitespace-separated words: move lists on the command
// line and UCI commands read their input this way.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace inchzero {

// The words of `text`, split at runs of whitespace (none for a blank text).
inline std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

}  // namespace inchzero
