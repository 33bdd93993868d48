// The model zoo (docs/zoo.md): trained networks kept in the repository as
// models/<name>/ — network.pt, metadata.json (the export metadata), the run's
// config.yaml, metrics.jsonl, learning_curve.png, README.md and, once a
// ladder has rated it, ladder/. This header finds the zoo and reads its
// entries; writing one from a training run is train/zoo_add.h.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace inchzero {

// The prefix that names a zoo network wherever a network file is accepted
// ("zoo:inchworm-60", model/network_path.h).
constexpr const char* kZooPrefix = "zoo:";
// The most the whole zoo may hold: it lives in the git repository.
constexpr uint64_t kZooSizeLimit = 100ull * 1024 * 1024;
// An entry keeps its run's trainer checkpoint only under this size (the
// optimizer state of a large network would dominate the zoo).
constexpr uint64_t kZooCheckpointLimit = 5ull * 1024 * 1024;

// The zoo folder: `flag` (a command's --zoo) when not empty, else the
// environment's INCHZERO_ZOO when set, else models/ of the source tree the
// binary was built from (its path compiled in, so a build finds the
// repository's zoo from any directory without embedding the networks).
std::string zoo_dir(const std::string& flag = "");

// Whether `name` is a valid entry name: one or more of [a-z0-9-].
bool valid_zoo_name(const std::string& name);
// Throws GameError naming `name` and the allowed characters when invalid.
void check_zoo_name(const std::string& name);

// The names of the zoo's entries (its sub-folders with a valid name), sorted;
// empty when the folder does not exist.
std::vector<std::string> zoo_names(const std::string& zoo);

// One entry of the zoo, checked when opened.
struct ZooEntry {
  std::string name;
  std::string dir;          // zoo/name
  nlohmann::json metadata;  // metadata.json: at least "game" and "rules"

  std::string network_path() const { return dir + "/network.pt"; }
  std::string config_path() const { return dir + "/config.yaml"; }
  std::string ladder_dir() const { return dir + "/ladder"; }
  std::string game() const { return metadata.at("game").get<std::string>(); }
  std::string rules() const { return metadata.at("rules").get<std::string>(); }
};

// Open entry `name` of `zoo`. Throws GameError with one line naming the
// problem: an invalid name, an unknown name (listing the names there are),
// a missing network.pt or config.yaml, a metadata.json that is missing, not
// JSON, or without a string "game" and "rules".
ZooEntry open_zoo_entry(const std::string& zoo, const std::string& name);

// Whether `spec` names a zoo network ("zoo:NAME").
bool is_zoo_spec(const std::string& spec);
// The entry `spec` ("zoo:NAME") names in zoo_dir(); throws as open_zoo_entry.
ZooEntry zoo_entry_of(const std::string& spec);

// Bytes of every regular file under `dir` (0 when it does not exist).
uint64_t folder_bytes(const std::string& dir);

// Throws GameError when `bytes` is over kZooSizeLimit, naming the size.
void check_zoo_size(uint64_t bytes);

}  // namespace inchzero
