// A request body read as one JSON object whose keys are all known: each
// endpoint lists its keys once, and a misspelt key is an error naming it
// (as the analysis protocol does, engine/analysis_query.h). Typed getters
// throw RequestError(400) naming the key and what it must be.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace inchzero {

class JsonBody {
 public:
  // Throws RequestError(400) for text that is not JSON, a value that is not
  // an object, or a key outside `known_keys` (the message lists them).
  JsonBody(const std::string& text, const std::vector<std::string>& known_keys);

  bool has(const std::string& key) const { return json_.contains(key); }
  // The value of `key` (which must be present).
  std::string text(const std::string& key) const;
  std::optional<std::string> optional_text(const std::string& key) const;
  // An array of strings, at most `max_items` of them; empty when absent.
  std::vector<std::string> texts(const std::string& key, size_t max_items) const;
  // An integer in [min, max]; `fallback` when absent.
  int64_t integer(const std::string& key, int64_t min, int64_t max, int64_t fallback) const;
  bool boolean(const std::string& key, bool fallback) const;

 private:
  nlohmann::json json_;
};

}  // namespace inchzero
