// The browser UI's static files (web/: plain HTML, JavaScript and CSS, no
// build step), compiled into the binary by cmake/EmbedWeb.cmake, so that
// `inchzero serve` runs from any directory and never reads a page from the
// disk.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace inchzero {

// The content of the file at `path`, relative to web/ ("index.html",
// "app.js"); nullptr when there is none.
const std::string_view* web_file(const std::string& path);

// Every embedded path, sorted.
std::vector<std::string> web_file_paths();

}  // namespace inchzero
