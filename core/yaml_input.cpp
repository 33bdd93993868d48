#include "core/yaml_input.h"

#include <yaml-cpp/depthguard.h>

#include <map>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/quoted_text.h"

namespace inchzero {
namespace {

// A node to check, where it is ("trainer.lr"), and how deep.
struct Pending {
  YAML::Node node;
  std::string where;
  int depth;
};

std::string child_path(const std::string& where, const std::string& key) {
  return where.empty() ? key : where + "." + key;
}

// Walks the tree with an explicit stack (its depth is what is checked).
void check_tree(const YAML::Node& root, const std::string& what) {
  std::vector<Pending> stack{{root, "", 1}};
  while (!stack.empty()) {
    Pending p = std::move(stack.back());
    stack.pop_back();
    if (!p.node.IsMap() && !p.node.IsSequence()) continue;
    if (p.depth > kMaxYamlDepth)
      throw GameError(what + ": nested deeper than " + std::to_string(kMaxYamlDepth) +
                      " levels (at line " + std::to_string(p.node.Mark().line + 1) + ")");
    if (p.node.IsSequence()) {
      for (size_t i = 0; i < p.node.size(); ++i)
        stack.push_back({p.node[i], p.where + "[" + std::to_string(i) + "]", p.depth + 1});
      continue;
    }
    std::map<std::string, int> line_of;  // key -> its line
    for (const auto& item : p.node) {
      // A key that is not a scalar (a list as a key) is left to the reader,
      // which names it.
      const std::string key = item.first.IsScalar() ? item.first.Scalar() : "";
      const int line = item.first.Mark().line + 1;
      if (item.first.IsScalar()) {
        const auto [it, fresh] = line_of.emplace(key, line);
        if (!fresh)
          throw GameError(what + ": the key '" + quoted_excerpt(child_path(p.where, key)) +
                          "' is given twice (lines " + std::to_string(it->second) + " and " +
                          std::to_string(line) + ")");
      }
      stack.push_back({item.second, child_path(p.where, key), p.depth + 1});
    }
  }
}

}  // namespace

YAML::Node load_yaml_input(const std::string& text, const std::string& what) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::DeepRecursion& e) {
    throw GameError(what + ": nested deeper than " + std::to_string(kMaxYamlDepth) +
                    " levels (at line " + std::to_string(e.mark.line + 1) + ")");
  } catch (const YAML::Exception& e) {
    throw GameError(what + ": not valid YAML: " + quoted_excerpt(e.what(), 200));
  }
  check_tree(root, what);
  return root;
}

}  // namespace inchzero
