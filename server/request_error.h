// A request the server refuses: an HTTP status (4xx) and a message naming
// the problem, and the JSON key at fault when there is one. The HTTP layer
// (http_server.h) answers it as {"error": message, "field": field}.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/quoted_text.h"

namespace inchzero {

struct RequestError : std::runtime_error {
  RequestError(int http_status, const std::string& message, std::string field_name = "")
      : std::runtime_error(message), status(http_status), field(std::move(field_name)) {}
  int status;         // 400 bad request, 404 not found, 413 too large, 429 too many, …
  std::string field;  // the request key at fault, or empty
};

// {"error": message, "field": field (when not empty)}; the message made safe
// (core/quoted_text.h: no control bytes, at most 2,000 bytes).
inline nlohmann::ordered_json error_json(const std::string& message,
                                         const std::string& field = "") {
  nlohmann::ordered_json j = {{"error", safe_message(message)}};
  if (!field.empty()) j["field"] = quoted_excerpt(field);
  return j;
}

}  // namespace inchzero
