#include "train/replay_buffer.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <stdexcept>

#include "selfplay/shard.h"

namespace inchzero {
namespace {

// (own − other) / (own + other) for each player, from the points p0, p1 of
// the game's last position (State::points: Inchworm's score, or the heuristic
// points of the other games: chess material, Invector's stones, Steere's
// checkers borne off); 0 for both when neither has any. From the replayed
// position rather than the record's final_points, which only games that keep
// a score store: so chess gets a material target, old shards included.
void points_margins(double p0, double p1, double out[2]) {
  out[0] = out[1] = 0;
  if (!std::isfinite(p0) || !std::isfinite(p1) || p0 < 0 || p1 < 0 || p0 + p1 <= 0) return;
  out[0] = (p0 - p1) / (p0 + p1);
  out[1] = -out[0];
}

}  // namespace

void set_value_target(const DecisionRecord& decision, int outcome, double search_weight,
                      float wdl[3]) {
  wdl[0] = wdl[1] = wdl[2] = 0.0f;
  // A decision played without search (forced, random opening) has no estimate.
  const double weight = decision.root_visits > 0 ? search_weight : 0.0;
  wdl[outcome] = static_cast<float>(1.0 - weight);
  if (weight <= 0) return;
  // The root's mean draw probability D and win − loss V give W = (1 − D + V)/2
  // and L = (1 − D − V)/2; clamped, since rounding can leave them a hair
  // below 0, then rescaled to sum to 1 (the sum is at least 1: clamping
  // only raises W + L = 1 − D).
  const double draw = std::clamp<double>(decision.root_draw, 0.0, 1.0);
  const double win = std::max(0.0, (1.0 - draw + decision.root_value) / 2);
  const double loss = std::max(0.0, (1.0 - draw - decision.root_value) / 2);
  const double sum = win + draw + loss;
  wdl[0] += static_cast<float>(weight * win / sum);
  wdl[1] += static_cast<float>(weight * draw / sum);
  wdl[2] += static_cast<float>(weight * loss / sum);
}

ReplayBuffer::ReplayBuffer(std::shared_ptr<const Game> game, std::shared_ptr<const Encoder> encoder,
                           const ReplayConfig& config)
    : game_(std::move(game)), encoder_(std::move(encoder)), config_(config), rules_check_(*game_) {
  config_.validate();
}

std::vector<const GameRecord*> ReplayBuffer::window_records() const {
  std::vector<const GameRecord*> records;
  records.reserve(games_.size());
  for (const StoredGame& g : games_) records.push_back(&g.record);
  return records;
}

void ReplayBuffer::add_game(GameRecord record) {
  if (record.game != game_->name()) {
    throw GameError("a record of game '" + record.game + "' in a run of '" + game_->name() + "'");
  }
  // Behaviour and option values (selfplay/record_rules.h).
  if (!rules_check_.fits(record)) {
    throw GameError("a record played under other rules than the run's (" +
                    game_->options().label() + "): " + rules_check_.why_not(record) +
                    " — a record of another run");
  }
  // Replay once to check every action, so that later replays (which do not
  // check, for speed) never apply an illegal action.
  StoredGame stored;
  std::unique_ptr<State> state = record.start_position.empty()
                                     ? game_->initial_state()
                                     : game_->state_from_position(record.start_position);
  for (size_t i = 0; i < record.decisions.size(); ++i) {
    const DecisionRecord& d = record.decisions[i];
    if (state->is_terminal()) {
      throw GameError("decision " + std::to_string(i) + " comes after the end of the game");
    }
    const std::vector<Action> legal = state->legal_actions();
    if (!std::binary_search(legal.begin(), legal.end(), d.action) ||
        d.player != state->current_player()) {
      throw GameError("decision " + std::to_string(i) + " (" + game_->action_to_string(d.action) +
                      ") is not legal in the replay");
    }
    if (legal.size() > 1 && !d.visits.empty() &&
        (d.full_search() || !config_.full_search_samples_only)) {
      stored.samples.push_back(static_cast<int>(i));
    }
    state->apply_action(d.action);
  }
  if (state->is_terminal() ? state->winner() != record.winner
                           : record.end_reason != EndReason::kResign) {
    throw GameError(std::string("the replay does not end as the record says (") +
                    to_string(record.end_reason) + ")");
  }
  // The last position's points give the aux target and, with
  // capped_games: score, the winner of a game drawn at the cap.
  const double p0 = state->points(0), p1 = state->points(1);
  points_margins(p0, p1, stored.points_margin);
  stored.value_winner = record.winner;
  if (config_.capped_games == "score" && record.winner == kNoPlayer &&
      record.end_reason == EndReason::kCap && p0 != p1)
    stored.value_winner = p0 > p1 ? 0 : 1;
  stored.generation = network_generation(record.network);
  stored.record = std::move(record);
  const int64_t samples = static_cast<int64_t>(stored.samples.size());
  total_games_ += 1;
  total_samples_ += samples;
  window_samples_ += samples;
  games_.push_back(std::move(stored));
  trim_window();
}

bool ReplayBuffer::too_old(int generation) const {
  return config_.max_generation_age > 0 && generation >= 0 && newest_generation_ >= 0 &&
         newest_generation_ - generation > config_.max_generation_age;
}

void ReplayBuffer::set_newest_generation(int generation) {
  newest_generation_ = generation;
  trim_window();
}

void ReplayBuffer::set_samples_before(int64_t samples) {
  if (samples < 0) throw std::invalid_argument("ReplayBuffer: negative samples before");
  samples_before_ = samples;
  trim_window();
}

int64_t ReplayBuffer::window_wanted() const {
  return window_size(config_, samples_before_ + total_samples_);
}

int64_t ReplayBuffer::window_before() const { return window_size(config_, samples_before_); }

void ReplayBuffer::trim_window() {
  // The window start only moves forward (W(N) grows by at most one per
  // sample), so games that leave are never needed again.
  const int64_t wanted = window_wanted();
  while (!games_.empty() &&
         window_samples_ - static_cast<int64_t>(games_.front().samples.size()) >= wanted) {
    window_samples_ -= static_cast<int64_t>(games_.front().samples.size());
    games_.pop_front();
  }
  // Games of networks too old leave wherever they are (workers deliver late).
  if (config_.max_generation_age <= 0) return;
  for (const StoredGame& g : games_) {
    if (too_old(g.generation)) window_samples_ -= static_cast<int64_t>(g.samples.size());
  }
  games_.erase(std::remove_if(games_.begin(), games_.end(),
                              [this](const StoredGame& g) { return too_old(g.generation); }),
               games_.end());
}

int64_t ReplayBuffer::load_new_shards(const std::string& shard_dir, ShardArrivals* arrivals) {
  namespace fs = std::filesystem;
  if (!fs::is_directory(shard_dir)) return 0;
  // Known arrivals first, in arrival order; then new files by name.
  std::vector<std::string> names;
  std::set<std::string> present;
  for (const std::string& path : list_shards({shard_dir})) {
    present.insert(fs::path(path).filename().string());
  }
  if (arrivals != nullptr) {
    for (const ShardArrival& a : arrivals->all()) {
      if (seen_files_.count(a.shard)) continue;
      if (!present.count(a.shard)) {
        std::cerr << "warning: shard " << a.shard << " (arrival " << a.seq << ") is no longer in "
                  << shard_dir << "\n";
        seen_files_.insert(a.shard);
        continue;
      }
      names.push_back(a.shard);
    }
  }
  for (const std::string& name : present) {  // std::set: sorted by name
    if (!seen_files_.count(name) && (arrivals == nullptr || !arrivals->find(name))) {
      names.push_back(name);
    }
  }
  const int64_t before = total_samples_;
  for (const std::string& name : names) {
    seen_files_.insert(name);
    const std::string path = (fs::path(shard_dir) / name).string();
    const ShardArrival* arrival = arrivals ? arrivals->find(name) : nullptr;
    if (arrival != nullptr && !arrival->accepted) {
      stale_games_ += arrival->games;
      continue;
    }
    std::vector<GameRecord> records;
    try {
      records = read_shard(path);
    } catch (const GameError& e) {
      std::cerr << "warning: skipping shard " << path << ": " << e.what() << "\n";
      continue;
    }
    if (arrival == nullptr) {
      int generation = -1;
      for (const GameRecord& r : records) {
        const int g = network_generation(r.network);
        if (g >= 0 && (generation < 0 || g < generation)) generation = g;
      }
      const bool accepted = !too_old(generation);
      if (arrivals != nullptr) {
        arrivals->add(name, generation, static_cast<int64_t>(records.size()), accepted);
      }
      if (!accepted) {
        std::cerr << "note: shard " << name << " was played by net-" << generation << ", more than "
                  << config_.max_generation_age << " generations before net-" << newest_generation_
                  << " (replay.max_generation_age): not trained on\n";
        stale_games_ += static_cast<int64_t>(records.size());
        continue;
      }
    }
    for (size_t i = 0; i < records.size(); ++i) {
      try {
        add_game(std::move(records[i]));
      } catch (const GameError& e) {
        std::cerr << "warning: skipping game " << i << " of shard " << path << ": " << e.what()
                  << "\n";
      }
    }
  }
  return total_samples_ - before;
}

std::vector<TrainingBatch> ReplayBuffer::make_batches(int count, int batch_size, int aux_outputs,
                                                      std::mt19937_64& rng, int rank,
                                                      int ranks) const {
  if (window_samples_ <= 0) throw GameError("no training samples in the window yet");
  if (ranks < 1 || rank < 0 || rank >= ranks || batch_size < ranks) {
    throw GameError("batch slice " + std::to_string(rank) + " of " + std::to_string(ranks) +
                    " of a batch of " + std::to_string(batch_size));
  }
  const int input_size = encoder_->shape().size();
  const int num_actions = game_->num_actions();
  const int num_symmetries = std::max(1, game_->num_symmetries());
  // This rank's rows of each batch: [first_row, first_row + rows).
  const int base = batch_size / ranks, extra = batch_size % ranks;
  const int rows = base + (rank < extra ? 1 : 0);
  const int first_row = rank * base + std::min(rank, extra);
  std::vector<TrainingBatch> batches(count);
  for (TrainingBatch& b : batches) {
    b.size = rows;
    b.inputs.assign(static_cast<size_t>(rows) * input_size, 0.0f);
    b.policy_targets.assign(static_cast<size_t>(rows) * num_actions, 0.0f);
    b.policy_weight.assign(rows, 0.0f);
    b.wdl_targets.assign(static_cast<size_t>(rows) * 3, 0.0f);
    b.aux_targets.assign(static_cast<size_t>(rows) * aux_outputs, 0.0f);
  }
  const auto mine = [&](int slot) {
    const int row = slot % batch_size;
    return row >= first_row && row < first_row + rows;
  };

  // 1. Draw the samples: a window-wide index, located by prefix sums.
  std::vector<int64_t> prefix(games_.size() + 1, 0);
  for (size_t g = 0; g < games_.size(); ++g) {
    prefix[g + 1] = prefix[g] + static_cast<int64_t>(games_[g].samples.size());
  }
  struct Pick {
    int game, sample, slot;
  };
  const int total = count * batch_size;
  std::vector<Pick> picks(total);
  std::uniform_int_distribution<int64_t> any_sample(0, window_samples_ - 1);
  for (int slot = 0; slot < total; ++slot) {
    const int64_t index = any_sample(rng);
    const int game = static_cast<int>(std::upper_bound(prefix.begin(), prefix.end(), index) -
                                      prefix.begin() - 1);
    picks[slot] = {game, static_cast<int>(index - prefix[game]), slot};
  }
  // 2. Replay each game once, in order, filling the slots of its picks.
  std::sort(picks.begin(), picks.end(), [](const Pick& a, const Pick& b) {
    return a.game != b.game ? a.game < b.game : a.sample < b.sample;
  });
  std::uniform_int_distribution<int> any_symmetry(0, num_symmetries - 1);
  size_t p = 0;
  while (p < picks.size()) {
    const int game_index = picks[p].game;
    const StoredGame& stored = games_[game_index];
    if (ranks > 1) {  // another rank's game: draw its symmetries all the same
      size_t q = p;
      bool any = false;
      for (; q < picks.size() && picks[q].game == game_index; ++q) any = any || mine(picks[q].slot);
      if (!any) {
        for (; p < q; ++p) any_symmetry(rng);
        continue;
      }
    }
    const GameRecord& record = stored.record;
    std::unique_ptr<State> state = record.start_position.empty()
                                       ? game_->initial_state()
                                       : game_->state_from_position(record.start_position);
    int decision = 0;
    for (; p < picks.size() && picks[p].game == game_index; ++p) {
      const int target = stored.samples[picks[p].sample];
      for (; decision < target; ++decision) state->apply_action(record.decisions[decision].action);
      const DecisionRecord& d = record.decisions[target];
      const int sym = any_symmetry(rng);
      if (!mine(picks[p].slot)) continue;
      TrainingBatch& b = batches[picks[p].slot / batch_size];
      const int row = picks[p].slot % batch_size - first_row;
      encoder_->encode(*state, sym, &b.inputs[static_cast<size_t>(row) * input_size]);
      if (d.full_search()) {
        double visits = 0;
        for (const auto& [action, n] : d.visits) visits += n;
        float* policy = &b.policy_targets[static_cast<size_t>(row) * num_actions];
        for (const auto& [action, n] : d.visits) {
          policy[game_->transform_action(action, sym)] = static_cast<float>(n / visits);
        }
        b.policy_weight[row] = 1.0f;
      }
      const int winner = stored.value_winner;
      const int outcome = winner == kNoPlayer ? 1 : (winner == d.player ? 0 : 2);
      set_value_target(d, outcome, config_.value_target_search_weight,
                       &b.wdl_targets[static_cast<size_t>(row) * 3]);
      if (aux_outputs > 0) {
        b.aux_targets[static_cast<size_t>(row) * aux_outputs] =
            static_cast<float>(stored.points_margin[d.player]);
      }
    }
  }
  return batches;
}

}  // namespace inchzero
