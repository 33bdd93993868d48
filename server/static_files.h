// What GET of a page path answers: one of the embedded files (web_files.h),
// looked up by name only — nothing is ever read from the disk, so no path
// can reach outside the served files.
#pragma once

#include <string>
#include <string_view>

namespace inchzero {

struct StaticFile {
  std::string_view content;
  std::string content_type;
};

// The file for the (URL-decoded) request path: "/" is index.html, "/app.js"
// is app.js. Throws RequestError: 400 for a path that tries to climb or to
// name something else (a "." or ".." segment, a backslash, a control
// character, an empty segment: "//etc/passwd"), 404 for a file that is not
// served.
StaticFile static_file(const std::string& request_path);

// The MIME type of a served file, by its extension (text/html, text/javascript, …).
std::string content_type_of(const std::string& path);

}  // namespace inchzero
