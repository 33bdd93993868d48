// GET of a page path: embedded files only, looked up by name; any path that
// could climb out of them is refused before a lookup.
#include "server/static_files.h"

#include <gtest/gtest.h>

#include <vector>

#include "server/request_error.h"
#include "server/web_files.h"

namespace inchzero {
namespace {

int status_of(const std::string& path) {
  try {
    static_file(path);
    return 200;
  } catch (const RequestError& e) {
    return e.status;
  }
}

TEST(StaticFiles, ServesTheEmbeddedPage) {
  const StaticFile index = static_file("/");
  EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  EXPECT_NE(index.content.find("<html"), std::string::npos);
  for (const std::string& path : web_file_paths()) EXPECT_EQ(status_of("/" + path), 200) << path;
  EXPECT_EQ(content_type_of("app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type_of("style.css"), "text/css; charset=utf-8");
}

TEST(StaticFiles, RefusesEverythingElse) {
  EXPECT_EQ(status_of("/nothing.html"), 404);
  EXPECT_EQ(status_of("/etc/passwd"), 404) << "looked up among the embedded files only";
  for (const std::string& path : std::vector<std::string>{
           "/../etc/passwd", "/../../etc/passwd", "/a/../index.html", "//etc/passwd",
           "/./index.html", "/..", "/.", "/index.html/..", "/..\\..\\etc\\passwd",
           std::string("/index.html\0", 12), "relative.html", ""})
    EXPECT_EQ(status_of(path), 400) << path;
}

}  // namespace
}  // namespace inchzero
