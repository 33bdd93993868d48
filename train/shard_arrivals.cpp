#include "train/shard_arrivals.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <stdexcept>

#include "core/atomic_file.h"
#include "core/game.h"

namespace inchzero {

ShardArrivals::ShardArrivals(std::string path, bool read_only)
    : path_(std::move(path)), read_only_(read_only) {
  std::string text;
  if (std::filesystem::exists(path_)) text = read_file(path_);
  size_t begin = 0;
  for (int line_number = 1; begin < text.size(); ++line_number) {
    const size_t newline = text.find('\n', begin);
    const bool complete = newline != std::string::npos;
    const size_t end = complete ? newline : text.size();
    const std::string line = text.substr(begin, end - begin);
    const size_t next = complete ? newline + 1 : text.size();
    if (line.empty()) {
      begin = next;
      good_size_ = static_cast<int64_t>(next);
      continue;
    }
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    ShardArrival a;
    bool ok = j.is_object();
    if (ok) {
      try {
        a.shard = j.at("shard").get<std::string>();
        a.seq = j.at("seq").get<int64_t>();
        a.generation = j.at("generation").get<int>();
        a.games = j.at("games").get<int64_t>();
        a.accepted = j.at("accepted").get<bool>();
      } catch (const nlohmann::json::exception&) {
        ok = false;
      }
    }
    if (!ok && !complete) {  // a crash while appending the last line
      torn_tail_ = true;
      break;
    }
    const std::string where = path_ + " line " + std::to_string(line_number);
    if (!ok) throw GameError(where + ": not a shard arrival; the file is damaged");
    if (by_name_.count(a.shard)) throw GameError(where + ": shard " + a.shard + " listed twice");
    by_name_[a.shard] = arrivals_.size();
    arrivals_.push_back(a);
    good_size_ = static_cast<int64_t>(next);
    missing_newline_ = !complete;
    begin = next;
  }
}

const ShardArrival* ShardArrivals::find(const std::string& shard) const {
  const auto it = by_name_.find(shard);
  return it == by_name_.end() ? nullptr : &arrivals_[it->second];
}

void ShardArrivals::keep_first(size_t n) {
  if (!read_only_ || n > arrivals_.size()) {
    throw std::logic_error("ShardArrivals::keep_first: not a read-only view of enough arrivals");
  }
  for (size_t i = n; i < arrivals_.size(); ++i) by_name_.erase(arrivals_[i].shard);
  arrivals_.resize(n);
}

const ShardArrival& ShardArrivals::add(const std::string& shard, int generation, int64_t games,
                                       bool accepted) {
  ShardArrival a{shard, arrivals_.empty() ? 0 : arrivals_.back().seq + 1, generation, games,
                 accepted};
  const nlohmann::json j = {{"shard", a.shard},
                            {"seq", a.seq},
                            {"generation", a.generation},
                            {"games", a.games},
                            {"accepted", a.accepted}};
  if (read_only_) {
    by_name_[a.shard] = arrivals_.size();
    arrivals_.push_back(a);
    return arrivals_.back();
  }
  if (torn_tail_) {  // cut the torn line off (only the trainer writes this file)
    std::filesystem::resize_file(path_, static_cast<uintmax_t>(good_size_));
    torn_tail_ = false;
  }
  append_line_durably(path_, (missing_newline_ ? "\n" : "") + j.dump());
  missing_newline_ = false;
  by_name_[a.shard] = arrivals_.size();
  arrivals_.push_back(a);
  return arrivals_.back();
}

int network_generation(const std::string& network) {
  static const std::regex pattern(R"(net-([0-9]{1,9}))");
  std::smatch m;
  if (std::regex_match(network, m, pattern)) return std::stoi(m[1].str());
  return network == "uniform" ? 0 : -1;
}

}  // namespace inchzero
