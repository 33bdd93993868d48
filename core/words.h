// Splitting text into words: move lists on the command line and UCI commands
// read their input at whitespace; position notations and move texts split at
// one separator character.
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

// The parts of `text` between the `sep` characters: n separators give n + 1
// parts, empty ones included (one empty part for an empty text). A find
// loop: a stream per call made parsing moves slow (the analysis
// engine parses every query's new moves).
inline std::vector<std::string> split_at(const std::string& text, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t end; (end = text.find(sep, start)) != std::string::npos; start = end + 1)
    parts.push_back(text.substr(start, end - start));
  parts.push_back(text.substr(start));
  return parts;
}

}  // namespace inchzero
