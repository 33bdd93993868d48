#include "lab/games_journal.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/atomic_file.h"
#include "core/json_input.h"

namespace inchzero::lab {

GamesJournal::GamesJournal(std::string path, std::string what, std::string noun,
                           nlohmann::json settings, std::map<std::string, int> parts)
    : path_(std::move(path)),
      what_(std::move(what)),
      noun_(std::move(noun)),
      parts_(std::move(parts)) {
  const std::vector<std::string> lines = read_appended_lines(path_);
  if (lines.empty()) {
    write_file_atomically(path_, settings.dump() + "\n");
    return;
  }
  const JsonInput head = parse_json_input(lines[0]);
  if (head.value != settings) {
    throw refuse_line(0, "it is of another " + noun_ + " (" +
                             (head.ok() ? json_excerpt(head.value) : head.problem) +
                             ", this one is " + settings.dump() + ")");
  }
  for (size_t i = 1; i < lines.size(); ++i) {
    const JsonInput parsed = parse_json_input(lines[i]);
    const nlohmann::json& line = parsed.value;
    std::string part;
    int index = -1;
    try {
      if (!parsed.ok() || !line.is_object()) throw std::runtime_error("not an object");
      index = line.at("index").get<int>();
      seconds_ = std::max(seconds_, line.at("seconds").get<double>());
      part = line.value("part", std::string());
    } catch (const std::exception&) {
      throw refuse_line(i, "not a game line");
    }
    const auto size = parts_.find(part);
    if (size == parts_.end() || index < 0 || index >= size->second || games_[part].count(index)) {
      throw refuse_line(i, "a game this " + noun_ + " cannot have");
    }
    games_[part][index] = line;
    ++count_;
  }
}

const std::map<int, nlohmann::json>& GamesJournal::games(const std::string& part) const {
  static const std::map<int, nlohmann::json> kNone;
  const auto it = games_.find(part);
  return it == games_.end() ? kNone : it->second;
}

bool GamesJournal::finished(const std::string& part, int index) const {
  return games(part).count(index) != 0;
}

void GamesJournal::append(const std::string& part, int index, nlohmann::json line, double seconds) {
  line["index"] = index;
  line["seconds"] = seconds;
  if (!part.empty()) line["part"] = part;
  append_line_durably(path_, line.dump());
  games_[part][index] = std::move(line);
  ++count_;
}

GameError GamesJournal::refuse(const std::string& part, int index, const std::string& why) const {
  return GameError(what_ + " '" + path_ + "': game " + std::to_string(index) +
                   (part.empty() ? "" : " of " + part) + ": " + why + "; remove it to play the " +
                   noun_ + " again");
}

GameError GamesJournal::refuse_line(size_t line, const std::string& why) const {
  return GameError(what_ + " '" + path_ + "':" + std::to_string(line + 1) + ": " + why +
                   "; remove it to play the " + noun_ + " again");
}

}  // namespace inchzero::lab
