#include "server/json_body.h"

#include <algorithm>

#include "core/json_input.h"
#include "core/quoted_text.h"
#include "server/request_error.h"

namespace inchzero {

JsonBody::JsonBody(const std::string& text, const std::vector<std::string>& known_keys) {
  JsonInput in = parse_json_input(text);
  if (!in.ok()) throw RequestError(400, "the body is " + in.problem);
  json_ = std::move(in.value);
  if (!json_.is_object()) throw RequestError(400, "the body must be a JSON object");
  for (const auto& [key, value] : json_.items()) {
    if (std::find(known_keys.begin(), known_keys.end(), key) != known_keys.end()) continue;
    std::string known;
    for (const std::string& k : known_keys) known += (known.empty() ? "" : ", ") + k;
    throw RequestError(400, "unknown key '" + quoted_excerpt(key) + "' (known: " + known + ")",
                       key);
  }
}

std::string JsonBody::text(const std::string& key) const {
  auto value = optional_text(key);
  if (!value) throw RequestError(400, "'" + key + "' is missing", key);
  return *value;
}

std::optional<std::string> JsonBody::optional_text(const std::string& key) const {
  auto it = json_.find(key);
  if (it == json_.end()) return std::nullopt;
  if (!it->is_string()) throw RequestError(400, "'" + key + "' must be a string", key);
  return it->get<std::string>();
}

std::vector<std::string> JsonBody::texts(const std::string& key, size_t max_items) const {
  std::vector<std::string> out;
  auto it = json_.find(key);
  if (it == json_.end()) return out;
  if (!it->is_array()) throw RequestError(400, "'" + key + "' must be an array of strings", key);
  if (it->size() > max_items)
    throw RequestError(400,
                       "'" + key + "' has " + std::to_string(it->size()) + " items; at most " +
                           std::to_string(max_items) + " are served",
                       key);
  for (size_t i = 0; i < it->size(); ++i) {
    const auto& item = (*it)[i];
    if (!item.is_string())
      throw RequestError(
          400,
          "'" + key + "[" + std::to_string(i) + "]' must be a string, not " + json_excerpt(item),
          key);
    out.push_back(item.get<std::string>());
  }
  return out;
}

int64_t JsonBody::integer(const std::string& key, int64_t min, int64_t max,
                          int64_t fallback) const {
  auto it = json_.find(key);
  if (it == json_.end()) return fallback;
  if (!it->is_number_integer()) throw RequestError(400, "'" + key + "' must be an integer", key);
  const int64_t value = it->get<int64_t>();
  if (value < min || value > max)
    throw RequestError(400,
                       "'" + key + "' must be in [" + std::to_string(min) + ", " +
                           std::to_string(max) + "], not " + json_excerpt(*it),
                       key);
  return value;
}

bool JsonBody::boolean(const std::string& key, bool fallback) const {
  auto it = json_.find(key);
  if (it == json_.end()) return fallback;
  if (!it->is_boolean()) throw RequestError(400, "'" + key + "' must be true or false", key);
  return it->get<bool>();
}

}  // namespace inchzero
