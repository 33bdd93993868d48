// Which self-play samples the trainer may draw from, and how many training
// steps the new samples pay for.
//
// Window: the most recent W samples, where W grows with the number N of
// samples the run has produced, following KataGo's power-law taper
// (shuffle.py): with minimum m, exponent a, growth g and scale s (= m),
//   W(N) = N                                       while N <= m
//   W(N) = m + g · (x^a − s^a) / (a · s^(a−1)),    x = N − m + s,
// capped at max_samples. Early data (from a weak network) leaves the window
// soon; later the window keeps a larger, slowly growing history. With a = 1
// and g = 1 the window is everything.
//
// Reuse cap (OpenSpiel's replay_buffer_reuse): an iteration trains at most
// reuse × (new samples) / batch_size steps, so the trainer never runs far
// ahead of self-play and over-fits the window.
#pragma once

#include <cstdint>
#include <string>

#include "core/config_fields.h"

namespace inchzero {

struct ReplayConfig {
  int64_t min_samples = 20000;            // m: the window is everything up to here
  double taper_exponent = 0.75;           // a
  double growth = 0.4;                    // g: window samples added per produced sample at N = m
  int64_t max_samples = 1000000;          // hard cap on the window
  double reuse = 4.0;                     // training samples drawn per new self-play sample
  int64_t max_steps_per_iteration = 0;    // optional hard cap (0 = none)
  int max_generation_age = 0;             // drop games of networks this much older (0 = keep)
  double value_target_search_weight = 0;  // share of the searched root WDL in the value target
  bool full_search_samples_only = false;  // cheap-search decisions are no samples
  std::string capped_games = "draw";      // how a game drawn at the move cap trains

  // Throws GameError naming the key ("replay.growth") when a value is out of
  // range (each field's Range below, then max_samples >= min_samples).
  void validate() const;

  // Fields declared once, for YAML in / JSON out / checks / docs (core/config_fields.h).
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("min_samples", c.min_samples, "the window holds every sample until the run has this many",
      Range{1, kNoLimit});
    v("taper_exponent", c.taper_exponent,
      "power-law exponent of the window growth (KataGo taper; 1 = linear)",
      Range{0, 1, Range::kOpenLow});
    // growth <= 1 keeps the window start moving forward (see ReplayBuffer).
    v("growth", c.growth, "window samples added per new sample once past min_samples (<= 1)",
      Range{0, 1, Range::kOpenLow});
    v("max_samples", c.max_samples, "hard cap on the window size in samples (>= min_samples)");
    v("reuse", c.reuse,
      "training samples drawn per new self-play sample (caps the steps of an iteration)",
      Range{0, kNoLimit, Range::kOpenLow});
    v("max_steps_per_iteration", c.max_steps_per_iteration,
      "hard cap on training steps per iteration (0 = only the reuse cap)", Range{0, kNoLimit});
    v("max_generation_age", c.max_generation_age,
      "games played by a network more than this many iterations older than the newest leave "
      "the window, and late shards that old are not trained on (0 = keep every generation)",
      Range{0, kNoLimit});
    // Why: a cheap search's decision is a value-only sample, and in games of
    // thousands of decisions those outnumber the policy samples 3 to 1 and
    // fill the window with few games' correlated results. KataGo trains on
    // the full searches only.
    v("full_search_samples_only", c.full_search_samples_only,
      "only full searches are training samples; cheap searches (selfplay.full_search_share) "
      "give none (false = every searched decision is a sample, cheap ones for the value only)");
    // Why: in games of hundreds of plies the final result is a noisy target
    // far from most decisions; the search's own estimate is a lower-variance
    // (but biased) one. Blending the two is the "average of z and q" target
    // (Abrams, "Lessons from AlphaZero", part 4).
    v("value_target_search_weight", c.value_target_search_weight,
      "share of the searched root's win/draw/loss estimate in a sample's value target; the rest "
      "is the game's result (0 = the result only)",
      Range{0, 1});
    // Why: in long games (Inchworm to 60: 450-1,000+ plies) most self-play
    // games of a young network are drawn at the cap, and "draw" everywhere
    // teaches the value head nothing (it learns to expect draws). Scoring
    // them by who is ahead gives every game a signal while the rules, the
    // records and the search stay the real ones: a training-side
    // adjudication, like KataGo's score-based targets.
    v("capped_games", c.capped_games,
      "value target of a game drawn at the move cap (end reason 'cap'): 'draw', as played, or "
      "'score': won by the side ahead on points at the end (State::points; equal points stay a "
      "draw); the records keep the draw",
      Choices{"draw", "score"});
  }
};

// W(N): the window size for a run that has produced `total_samples`.
int64_t window_size(const ReplayConfig& config, int64_t total_samples);

// Training steps that `new_samples` fresh samples pay for at `batch_size`,
// rounded down, capped by max_steps_per_iteration.
int64_t training_steps_for(const ReplayConfig& config, int64_t new_samples, int batch_size);

}  // namespace inchzero
