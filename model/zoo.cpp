#include "model/zoo.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/game.h"
#include "core/json_input.h"

#ifndef INCHZERO_ZOO_DEFAULT
#define INCHZERO_ZOO_DEFAULT "models"
#endif

namespace inchzero {
namespace fs = std::filesystem;

std::string zoo_dir(const std::string& flag) {
  if (!flag.empty()) return flag;
  if (const char* env = std::getenv("INCHZERO_ZOO"); env != nullptr && *env != '\0') return env;
  return INCHZERO_ZOO_DEFAULT;
}

bool valid_zoo_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

void check_zoo_name(const std::string& name) {
  if (!valid_zoo_name(name))
    throw GameError("zoo name '" + name + "' is not valid: use lower-case letters, digits and '-'");
}

std::vector<std::string> zoo_names(const std::string& zoo) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(zoo, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && valid_zoo_name(name)) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
  return text.empty() ? "none" : text;
}

}  // namespace

ZooEntry open_zoo_entry(const std::string& zoo, const std::string& name) {
  check_zoo_name(name);
  ZooEntry entry{name, zoo + "/" + name, {}};
  if (!fs::is_directory(entry.dir))
    throw GameError("no zoo network '" + name + "' in " + zoo +
                    " (available: " + joined(zoo_names(zoo)) + ")");
  const std::string where = "zoo entry '" + name + "' (" + entry.dir + ")";
  for (const std::string& file : {entry.network_path(), entry.config_path()})
    if (!fs::is_regular_file(file))
      throw GameError(where + " is damaged: " + fs::path(file).filename().string() + " is missing");
  std::ifstream in(entry.dir + "/metadata.json");
  if (!in) throw GameError(where + " is damaged: metadata.json is missing");
  std::stringstream text;
  text << in.rdbuf();
  JsonInput metadata = parse_json_input(text.str());
  if (!metadata.ok()) throw GameError(where + " is damaged: metadata.json is " + metadata.problem);
  entry.metadata = std::move(metadata.value);
  for (const char* key : {"game", "rules"})
    if (!entry.metadata.is_object() || !entry.metadata.contains(key) ||
        !entry.metadata[key].is_string())
      throw GameError(where + " is damaged: metadata.json has no \"" + key + "\" string");
  return entry;
}

bool is_zoo_spec(const std::string& spec) { return spec.rfind(kZooPrefix, 0) == 0; }

ZooEntry zoo_entry_of(const std::string& spec) {
  return open_zoo_entry(zoo_dir(), spec.substr(std::string(kZooPrefix).size()));
}

uint64_t folder_bytes(const std::string& dir) {
  uint64_t bytes = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec))
    if (it->is_regular_file()) bytes += it->file_size();
  return bytes;
}

void check_zoo_size(uint64_t bytes) {
  if (bytes > kZooSizeLimit)
    throw GameError("the zoo would hold " + std::to_string(bytes / (1024 * 1024)) +
                    " MiB, over its limit of " + std::to_string(kZooSizeLimit / (1024 * 1024)) +
                    " MiB (it lives in the git repository)");
}

}  // namespace inchzero
