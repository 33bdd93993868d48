#include "selfplay/selfplay_bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <fstream>
#include <iomanip>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "core/progress.h"
#include "core/thread_pool.h"
#include "model/compute_threads.h"

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string a, b, c;
  in >> a >> b >> c;
  return a.empty() ? "unknown" : a + " " + b + " " + c;
}

// `threads` threads each evaluating one batch of `batch` copies of the
// initial position for `seconds`; returns positions per second, all threads together.
double standalone_rate(const Game& game, const Encoder& encoder, const BackendFactory& backends,
                       int threads, int batch, double seconds) {
  const int in = encoder.shape().size();
  std::vector<float> inputs(size_t(batch) * in);
  const auto state = game.initial_state();
  for (int b = 0; b < batch; ++b) encoder.encode(*state, 0, &inputs[size_t(b) * in]);
  std::vector<int64_t> done(threads, 0);
  const auto start = Clock::now();
  run_workers(threads, [&](int t) {
    auto backend = backends(t);
    std::vector<float> logits(size_t(batch) * game.num_actions()), wdl(size_t(batch) * 3);
    backend->evaluate(inputs.data(), batch, logits.data(), wdl.data());  // warm-up
    const auto t0 = Clock::now();
    while (std::chrono::duration<double>(Clock::now() - t0).count() < seconds || done[t] < 3) {
      backend->evaluate(inputs.data(), batch, logits.data(), wdl.data());
      done[t] += batch;
    }
  });
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  int64_t total = 0;
  for (int64_t d : done) total += d;
  // The warm-up call is inside `elapsed` but not counted: a slight underestimate.
  return total / elapsed;
}

}  // namespace

double SelfPlayBenchResult::network_ratio() const {
  return standalone_evals_per_s > 0 ? in_network_evals_per_s / standalone_evals_per_s : 0;
}

double SelfPlayBenchResult::overall_ratio() const {
  const double overall = stats.wall_seconds > 0 ? stats.evaluations / stats.wall_seconds : 0;
  return standalone_evals_per_s > 0 ? overall / standalone_evals_per_s : 0;
}

nlohmann::json SelfPlayBenchResult::to_json() const {
  return {{"selfplay", stats.to_json()},
          {"standalone_batch", standalone_batch},
          {"standalone_evals_per_s", standalone_evals_per_s},
          {"in_network_evals_per_s", in_network_evals_per_s},
          {"network_ratio", network_ratio()},
          {"overall_ratio", overall_ratio()},
          {"load_before", load_before},
          {"load_after", load_after},
          {"cpu", reference.cpu},
          {"peaks_threads", reference.threads},
          {"peak_fp32_fma_gflops", reference.peak(PeakKind::kFp32Fma)},
          {"peak_bf16_dot_gflops", reference.peak(PeakKind::kBf16Dot)},
          {"peak_amx_bf16_gflops", reference.peak(PeakKind::kAmxBf16)},
          {"blas_gflops", reference.blas_gflops}};
}

SelfPlayBenchResult run_selfplay_bench(std::shared_ptr<const Game> game,
                                       std::shared_ptr<const Encoder> encoder,
                                       const BackendFactory& backends,
                                       const SelfPlayBenchOptions& options, std::ostream& log) {
  SelfPlayBenchResult result;
  result.load_before = load_average();
  const int workers = options.config.workers;
  // The limits of every core self-play uses (workers run side by side).
  const int threads = compute_threads();
  result.reference = measure_reference(workers * threads, 0.5);
  set_compute_threads(threads);
  // The standalone network is timed at the batch self-play will use (every
  // worker's games in flight), half before and half after self-play, so that
  // a change of machine load during the run biases neither side.
  const int batch = options.config.games_per_worker;
  log << "standalone network: batch " << batch << ", " << workers << " thread(s), "
      << options.standalone_seconds << " s\n";
  const double before =
      standalone_rate(*game, *encoder, backends, workers, batch, options.standalone_seconds / 2);
  // 1. Self-play until the time is up and a game has finished; a timer
  //    thread raises the stop flag and draws the progress bar. Why wait for
  //    a game: the figures count finished games only (those in progress are
  //    dropped), and on a slow or loaded machine (a sanitizer build beside
  //    other tests) a short run could otherwise end with none: no figures.
  std::atomic<bool> stop{false};
  std::atomic<int64_t> games_finished{0};
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
  std::thread timer([&] {
    ProgressBar bar("self-play", static_cast<int64_t>(std::ceil(options.seconds)));
    const auto start = Clock::now();
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
      if (elapsed >= options.seconds && games_finished.load() > 0) break;
      bar.update(static_cast<int64_t>(std::min(elapsed, options.seconds)), "s");
      if (done_cv.wait_for(lock, std::chrono::milliseconds(500), [&] { return done; })) break;
    }
    stop = true;
    bar.finish("s");
  });
  SelfPlayRunner runner(game, encoder, backends, options.config, options.seed);
  try {
    result.stats = runner.play(-1, &stop, [&](GameRecord&&) { games_finished.fetch_add(1); });
  } catch (...) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
    }
    done_cv.notify_all();
    timer.join();
    throw;
  }
  timer.join();
  result.in_network_evals_per_s =
      result.stats.network_seconds > 0
          ? result.stats.evaluations * workers / result.stats.network_seconds
          : 0;
  // 2. The second half of the standalone timing.
  const double after =
      standalone_rate(*game, *encoder, backends, workers, batch, options.standalone_seconds / 2);
  result.standalone_batch = batch;
  result.standalone_evals_per_s = (before + after) / 2;
  result.load_after = load_average();
  return result;
}

void print_selfplay_bench(const SelfPlayBenchOptions& options, const SelfPlayBenchResult& r,
                          std::ostream& out) {
  const SelfPlayStats& s = r.stats;
  const auto pct = [](double x) {
    std::ostringstream o;
    o << std::fixed << std::setprecision(1) << 100 * x << " %";
    return o.str();
  };
  const double wall = s.wall_seconds > 0 ? s.wall_seconds : 1;
  const double worker = s.worker_seconds > 0 ? s.worker_seconds : 1;
  out << std::fixed << std::setprecision(1);
  out << "self-play: " << options.config.workers << " worker(s) x "
      << options.config.games_per_worker << " games, " << options.config.full_visits << "/"
      << options.config.cheap_visits << " visits (full/cheap), " << s.wall_seconds << " s\n";
  out << "load average before: " << r.load_before << ", after: " << r.load_after << "\n";
  out << "  simulations/s           " << s.simulations / wall << "\n";
  out << "  decisions/s             " << s.decisions / wall << "  (" << s.decisions
      << " decisions, " << s.games << " games finished)\n";
  out << "  network evaluations/s   " << s.evaluations / wall << "  (mean batch " << s.mean_batch()
      << ")\n";
  out << "  cache hit rate          " << pct(s.cache_hit_rate()) << "\n";
  out << "  time in the network     " << pct(s.network_seconds / worker) << "\n";
  out << "  encode + decode         " << pct(s.encode_seconds / worker) << "\n";
  out << "  search + rules          "
      << pct((s.worker_seconds - s.network_seconds - s.encode_seconds) / worker) << "\n";
  out << "  batch sizes             ";
  // Power-of-two buckets keep the histogram on one line.
  for (int lo = 1; lo < static_cast<int>(s.batch_sizes.size()); lo *= 2) {
    int64_t n = 0;
    for (int b = lo; b < std::min<int>(2 * lo, s.batch_sizes.size()); ++b) n += s.batch_sizes[b];
    if (n) out << lo << "-" << 2 * lo - 1 << ":" << n << " ";
  }
  out << "\n";
  out << "standalone network at batch " << r.standalone_batch << ": " << r.standalone_evals_per_s
      << " evaluations/s\n";
  out << std::setprecision(2);
  out << "in self-play / standalone (while in the network): " << r.network_ratio()
      << "  (target >= 0.80)\n";
  out << "self-play overall / standalone:                   " << r.overall_ratio() << "\n";
  if (options.flops_per_position > 0) {
    const double gflops = r.in_network_evals_per_s * options.flops_per_position / 1e9;
    const PeakKind kind = r.reference.matching_peak(options.precision);
    out << std::setprecision(1) << "network in self-play: " << gflops << " GFLOP/s ("
        << options.flops_per_position / 1e6 << " MFLOP/position, "
        << to_string(resolve_precision(options.precision)) << ") = " << std::setprecision(0)
        << 100 * gflops / std::max(1e-9, r.reference.peak(kind)) << " % of the " << peak_name(kind)
        << " peak";
    if (resolve_precision(options.precision) == Precision::kBf16 &&
        r.reference.peak(PeakKind::kAmxBf16) > 0)
      out << ", " << 100 * gflops / r.reference.peak(PeakKind::kAmxBf16) << " % of the AMX peak";
    out << ", " << 100 * gflops / std::max(1e-9, r.reference.blas_gflops)
        << " % of the BLAS figure\n";
  }
  print_reference(r.reference, out);
}

}  // namespace inchzero
