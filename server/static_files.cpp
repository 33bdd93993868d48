#include "server/static_files.h"

#include "server/request_error.h"
#include "server/web_files.h"

namespace inchzero {
namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Throws when a segment of `path` (without its leading '/') could climb or is
// not a plain name.
void check_segments(const std::string& path) {
  size_t start = 0;
  while (true) {
    const size_t slash = path.find('/', start);
    const std::string segment = path.substr(start, slash - start);
    if (segment.empty() || segment == "." || segment == "..")
      throw RequestError(400, "refused path '/" + path + "': no empty, '.' or '..' segments");
    if (slash == std::string::npos) return;
    start = slash + 1;
  }
}

}  // namespace

std::string content_type_of(const std::string& path) {
  if (ends_with(path, ".html")) return "text/html; charset=utf-8";
  if (ends_with(path, ".js")) return "text/javascript; charset=utf-8";
  if (ends_with(path, ".css")) return "text/css; charset=utf-8";
  if (ends_with(path, ".svg")) return "image/svg+xml";
  if (ends_with(path, ".png")) return "image/png";
  if (ends_with(path, ".json")) return "application/json";
  return "application/octet-stream";
}

StaticFile static_file(const std::string& request_path) {
  if (request_path.empty() || request_path[0] != '/')
    throw RequestError(400, "refused path '" + request_path + "': it must start with '/'");
  for (unsigned char c : request_path)
    if (c < 0x20 || c == 0x7f || c == '\\')
      throw RequestError(400, "refused path: control characters and backslashes are not served");
  const std::string path = request_path == "/" ? "index.html" : request_path.substr(1);
  check_segments(path);
  const std::string_view* content = web_file(path);
  if (!content) throw RequestError(404, "no page '/" + path + "'");
  return {*content, content_type_of(path)};
}

}  // namespace inchzero
