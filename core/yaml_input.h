// YAML text from outside the program (run configs, lab configs, self-play
// configs), loaded as a tree the readers can walk safely: yaml-cpp refuses
// nesting past 2,000 levels with the bare message "bad file", and keeps both
// entries of a key given twice (the last silently wins). Here both are
// refused by name. Rule files check their keys the same way
// (core/rules/options.cpp).
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

namespace inchzero {

// Deeper than any config nests (a lab config's lists of maps: 4 levels).
inline constexpr int kMaxYamlDepth = 64;

// `text` loaded as YAML. Throws GameError starting "<what>: ": "not valid
// YAML: <yaml-cpp's reason>", "nested deeper than 64 levels (at line L)",
// or "the key 'K' is given twice (in 'trainer', lines A and B)".
YAML::Node load_yaml_input(const std::string& text, const std::string& what);

}  // namespace inchzero
