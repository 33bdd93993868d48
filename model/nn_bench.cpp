#include "model/nn_bench.h"

#include <c10/core/InferenceMode.h>
#include <torch/types.h>

#include <chrono>
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>

#include "core/stopwatch.h"
#include "model/compute_threads.h"
#include "model/cpu_features.h"
#include "model/torch_device.h"

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;

// Run `work` until at least `min_seconds` passed (after one warm-up call);
// returns calls per second.
template <class Work>
double calls_per_second(double min_seconds, Work&& work) {
  work();
  int64_t calls = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  do {
    work();
    ++calls;
    elapsed = seconds_since(start);
  } while (elapsed < min_seconds);
  return calls / elapsed;
}

// GFLOP/s of torch::mm 2048×2048 fp32 (OpenBLAS) on the current compute threads.
double measure_blas_gflops(double min_seconds) {
  constexpr int64_t n = 2048;
  adopt_compute_threads();
  torch::NoGradGuard no_grad;
  const torch::Tensor a = torch::rand({n, n}), b = torch::rand({n, n});
  torch::Tensor c = torch::empty({n, n});
  const double rate = calls_per_second(min_seconds, [&] { torch::mm_out(c, a, b); });
  return rate * 2.0 * n * n * n / 1e9;
}

// "71-86 %", or "-" without a peak.
std::string share_range_text(double low, double high) {
  if (low < 0) return "-";
  return std::to_string(std::lround(100.0 * low)) + "-" +
         std::to_string(std::lround(100.0 * high)) + " %";
}

// Run `work(round)` for `rounds` rounds with a peak slice of `kind` before
// the first and after every one; the rounds + 1 peaks, or none when this CPU
// lacks the kind (the rounds run all the same).
template <class Work>
std::vector<double> between_peaks(PeakKind kind, int threads, double slice, int rounds,
                                  Work&& work) {
  const bool paired = peak_available(kind);
  std::vector<double> peaks;
  if (paired) peaks.push_back(measure_peak(kind, threads, slice).gflops);
  for (int r = 0; r < rounds; ++r) {
    work(r);
    if (paired) peaks.push_back(measure_peak(kind, threads, slice).gflops);
  }
  return peaks;
}

struct ShareRange {
  double median = -1, low = -1, high = -1;
};

// gflops[r] against the mean of the peaks beside round r: the median round,
// the lowest and the highest; all -1 without peaks.
ShareRange paired_shares(const std::vector<double>& gflops, const std::vector<double>& peaks) {
  if (peaks.size() != gflops.size() + 1) return {};
  std::vector<double> shares;
  for (size_t r = 0; r < gflops.size(); ++r)
    shares.push_back(gflops[r] / (0.5 * (peaks[r] + peaks[r + 1])));
  std::sort(shares.begin(), shares.end());
  return {shares[shares.size() / 2], shares.front(), shares.back()};
}

// `count` floats, 30 % of them ones and the rest zeros (seed 7): the inputs
// every network bench times.
std::vector<float> random_planes(size_t count) {
  std::mt19937 rng(7);
  std::bernoulli_distribution bit(0.3);
  std::vector<float> planes(count);
  for (auto& v : planes) v = bit(rng) ? 1.0f : 0.0f;
  return planes;
}

std::string network_name(int blocks, int channels) {
  return std::to_string(blocks) + "x" + std::to_string(channels);
}

}  // namespace

double PeakReference::peak(PeakKind kind) const {
  for (const auto& p : peaks)
    if (p.kind == kind) return p.gflops;
  return 0;
}

PeakKind PeakReference::matching_peak(Precision precision) const {
  return resolve_precision(precision) == Precision::kBf16 ? PeakKind::kBf16Dot : PeakKind::kFp32Fma;
}

double PeakReference::share_of(double gflops, PeakKind kind) const {
  const double limit = peak(kind);
  return limit > 0 ? gflops / limit : -1;
}

std::string peak_share_text(double share, PeakKind kind) {
  if (share < 0) return std::string("- (no ") + peak_name(kind) + " here)";
  return std::to_string(std::lround(100.0 * share)) + " % " + peak_name(kind);
}

PeakReference measure_reference(int threads, double seconds) {
  set_compute_threads(threads);
  PeakReference r;
  r.cpu = cpu_features().describe();
  r.threads = threads;
  r.peaks = measure_peaks(threads, seconds);
  r.blas_gflops = measure_blas_gflops(seconds);
  return r;
}

void measure_device_peak(PeakReference& r, const Device& device, double seconds) {
  // A GPU needs a large product and several launches per timed call to be
  // busy; the CPU reaches its rate on a smaller one, in seconds not minutes.
  const int64_t n = device.is_cuda() ? 8192 : 1024;
  const int per_call = device.is_cuda() ? 10 : 1;
  const torch::Device where = torch_device(device);
  adopt_compute_threads();
  torch::NoGradGuard no_grad;
  const auto options = torch::TensorOptions().dtype(torch::kBFloat16).device(where);
  const torch::Tensor a = torch::rand({n, n}, options), b = torch::rand({n, n}, options);
  torch::Tensor c = torch::empty({n, n}, options);
  // Several products a call, then a wait: the launches overlap, the clock sees the work.
  const double rate = calls_per_second(seconds, [&] {
    for (int i = 0; i < per_call; ++i) torch::mm_out(c, a, b);
    synchronize(where);
  });
  r.device = to_string(device);
  r.device_name = device_name(device);
  r.matmul_size = static_cast<int>(n);
  r.device_bf16_gflops = rate * per_call * 2.0 * n * n * n / 1e9;
}

void print_reference(const PeakReference& r, std::ostream& out) {
  out << "cpu: " << r.cpu << "\n" << std::fixed << std::setprecision(1);
  out << "limits on " << r.threads << " thread(s), register-only microkernels:";
  for (const auto& p : r.peaks)
    out << "  " << peak_name(p.kind) << " " << p.gflops << " GFLOP/s (" << p.per_core()
        << "/core);";
  out << "\nBLAS reference: torch::mm 2048x2048 fp32 " << r.blas_gflops << " GFLOP/s ("
      << std::setprecision(0) << 100.0 * r.blas_gflops / std::max(1e-9, r.peak(PeakKind::kFp32Fma))
      << " % of the fp32 FMA peak)\n";
  if (!r.device.empty())
    out << "device " << r.device << " (" << r.device_name << "): torch::mm " << r.matmul_size << "x"
        << r.matmul_size << " bf16 " << std::setprecision(1) << r.device_bf16_gflops
        << " GFLOP/s; every row's last column is a share of it\n";
}

void print_reference_json(const PeakReference& r, std::ostream& out) {
  for (const auto& p : r.peaks)
    out << nlohmann::json{{"kind", "peak"},
                          {"peak", peak_name(p.kind)},
                          {"threads", p.threads},
                          {"gflops", p.gflops},
                          {"gflops_per_core", p.per_core()},
                          {"cpu", r.cpu}}
               .dump()
        << "\n";
  out << nlohmann::json{{"kind", "blas"},
                        {"what", "torch::mm 2048x2048 fp32"},
                        {"threads", r.threads},
                        {"gflops", r.blas_gflops},
                        {"cpu", r.cpu}}
             .dump()
      << "\n";
  if (!r.device.empty())
    out << nlohmann::json{{"kind", "device_peak"},
                          {"device", r.device},
                          {"name", r.device_name},
                          {"what", "torch::mm " + std::to_string(r.matmul_size) + "x" +
                                       std::to_string(r.matmul_size) + " bf16"},
                          {"gflops", r.device_bf16_gflops},
                          {"libtorch", libtorch_version()},
                          {"cuda", cuda_version()}}
               .dump()
        << "\n";
}

double time_backend(InferenceBackend& backend, int batch, double seconds) {
  const BackendShape shape = backend.shape();
  const std::vector<float> inputs = random_planes(static_cast<size_t>(batch) * shape.input_size);
  std::vector<float> policy(static_cast<size_t>(batch) * shape.num_actions),
      wdl(static_cast<size_t>(batch) * 3);
  return batch * calls_per_second(seconds, [&] {
           backend.evaluate(inputs.data(), batch, policy.data(), wdl.data());
         });
}

PairedRate time_against_peak(InferenceBackend& backend, int batch, double flops_per_position,
                             PeakKind kind, int threads, double seconds, int rounds) {
  rounds = std::max(1, rounds);
  std::vector<double> rates, gflops;
  const std::vector<double> peaks =
      between_peaks(kind, threads, seconds / rounds, rounds, [&](int) {
        rates.push_back(time_backend(backend, batch, seconds / rounds));
        gflops.push_back(rates.back() * flops_per_position / 1e9);
      });
  const ShareRange shares = paired_shares(gflops, peaks);
  PairedRate result;
  result.evals_per_second = std::accumulate(rates.begin(), rates.end(), 0.0) / rounds;
  result.share = shares.median;
  result.share_low = shares.low;
  result.share_high = shares.high;
  return result;
}

std::vector<NnBenchRow> run_nn_bench(const NnBenchOptions& options, const PeakReference& reference,
                                     std::ostream& log) {
  set_compute_threads(options.threads);
  std::vector<NnBenchRow> rows;
  for (const NetworkConfig& config : options.networks) {
    const std::shared_ptr<const Network> master = Network::create(config, 1);
    const BackendShape shape{config.input.size(), config.num_actions};
    for (InferenceEngine engine : options.engines)
      for (Precision asked : options.precisions) {
        const auto backend =
            make_network_backend(master, shape, "bench", "", {asked, engine, options.device});
        for (int batch : options.batches) {
          NnBenchRow row;
          row.blocks = config.arch.blocks;
          row.channels = config.arch.channels;
          row.batch = batch;
          row.engine = engine;
          row.asked = asked;
          row.computed = resolve_precision(asked);
          row.flops_per_position = static_cast<double>(config.flops_per_position());
          row.peak_kind = reference.matching_peak(row.computed);
          const PairedRate paired =
              time_against_peak(*backend, batch, row.flops_per_position, row.peak_kind,
                                options.threads, options.seconds_per_point, options.rounds);
          row.evals_per_second = paired.evals_per_second;
          row.ms_per_batch = 1000.0 * batch / row.evals_per_second;
          row.gflops = row.evals_per_second * row.flops_per_position / 1e9;
          row.peak_share = paired.share;
          row.peak_share_low = paired.share_low;
          row.peak_share_high = paired.share_high;
          row.rounds = options.rounds;
          if (row.computed == Precision::kBf16 && reference.peak(PeakKind::kAmxBf16) > 0)
            row.amx_share = row.gflops / reference.peak(PeakKind::kAmxBf16);
          row.blas_share = row.gflops / std::max(1e-9, reference.blas_gflops);
          if (reference.device_bf16_gflops > 0)
            row.device_share = row.gflops / reference.device_bf16_gflops;
          rows.push_back(row);
          log << network_name(row.blocks, row.channels) << " " << to_string(engine) << " "
              << to_string(asked) << " batch " << batch << ": " << std::fixed
              << std::setprecision(0) << row.evals_per_second << " evals/s\n";
        }
      }
  }
  return rows;
}

std::vector<NnLayerRow> time_nn_layers(const NnBenchOptions& options,
                                       const PeakReference& reference) {
  set_compute_threads(options.threads);
  const int rounds = std::max(1, options.rounds);
  const double slice = options.seconds_per_point / rounds;
  std::vector<NnLayerRow> rows;
  for (const NetworkConfig& config : options.networks) {
    const std::shared_ptr<const Network> master = Network::create(config, 1);
    for (Precision asked : options.precisions) {
      const OnednnNetwork network(*master, asked);
      const PeakKind kind = reference.matching_peak(network.precision());
      for (int batch : options.batches) {
        const std::vector<float> inputs =
            random_planes(static_cast<size_t>(batch) * config.input.size());
        std::vector<std::vector<LayerTiming>> by_round;
        const std::vector<double> peaks = between_peaks(
            kind, options.threads, slice, rounds,
            [&](int) { by_round.push_back(network.time_layers(inputs.data(), batch, slice)); });
        std::vector<LayerTiming> mean(by_round.front());
        double call = 0;
        for (size_t i = 0; i < mean.size(); ++i) {
          mean[i].seconds = 0;
          for (const auto& round : by_round) mean[i].seconds += round[i].seconds / rounds;
          call += mean[i].seconds;
        }
        for (size_t i = 0; i < mean.size(); ++i) {
          NnLayerRow row;
          row.blocks = config.arch.blocks;
          row.channels = config.arch.channels;
          row.batch = batch;
          row.computed = network.precision();
          row.layer = mean[i];
          row.share_of_call = mean[i].seconds / std::max(1e-12, call);
          if (mean[i].flops > 0) {
            std::vector<double> gflops;
            for (const auto& round : by_round)
              gflops.push_back(mean[i].flops / round[i].seconds / 1e9);
            const ShareRange shares = paired_shares(gflops, peaks);
            row.peak_share = shares.median;
            row.peak_share_low = shares.low;
            row.peak_share_high = shares.high;
          }
          rows.push_back(row);
        }
      }
    }
  }
  return rows;
}

void print_nn_layers(const std::vector<NnLayerRow>& rows, std::ostream& out) {
  for (size_t i = 0; i < rows.size(); ++i) {
    const NnLayerRow& r = rows[i];
    const bool first = i == 0 || rows[i - 1].blocks != r.blocks ||
                       rows[i - 1].channels != r.channels || rows[i - 1].batch != r.batch ||
                       rows[i - 1].computed != r.computed;
    if (first)
      out << "\nlayers of " << network_name(r.blocks, r.channels) << " (onednn, "
          << to_string(r.computed) << ", batch " << r.batch << "), each run alone in order:\n\n"
          << "| layer | kernel | MFLOP/call | us/call | % of the call | GFLOP/s | % of matching "
             "peak | rounds (low-high) |\n|---|---|---:|---:|---:|---:|---:|---:|\n";
    out << "| " << r.layer.name << " | " << r.layer.implementation << " | " << std::fixed
        << std::setprecision(2) << r.layer.flops / 1e6 << " | " << std::setprecision(1)
        << 1e6 * r.layer.seconds << " | " << 100.0 * r.share_of_call << " | ";
    if (r.layer.flops > 0)
      out << r.layer.flops / r.layer.seconds / 1e9 << " | "
          << (r.peak_share >= 0 ? std::to_string(std::lround(100.0 * r.peak_share)) + " %" : "-")
          << " | " << share_range_text(r.peak_share_low, r.peak_share_high) << " |\n";
    else
      out << "- | - | - |\n";
  }
}

nlohmann::json to_json(const NnLayerRow& r, const PeakReference& reference) {
  return {{"kind", "layer"},
          {"blocks", r.blocks},
          {"channels", r.channels},
          {"batch", r.batch},
          {"engine", "onednn"},
          {"computed_precision", to_string(r.computed)},
          {"layer", r.layer.name},
          {"kernel", r.layer.implementation},
          {"flops", r.layer.flops},
          {"seconds", r.layer.seconds},
          {"share_of_call", r.share_of_call},
          {"peak_share", r.peak_share >= 0 ? nlohmann::json(r.peak_share) : nullptr},
          {"peak_share_low", r.peak_share >= 0 ? nlohmann::json(r.peak_share_low) : nullptr},
          {"peak_share_high", r.peak_share >= 0 ? nlohmann::json(r.peak_share_high) : nullptr},
          {"threads", reference.threads},
          {"cpu", reference.cpu}};
}

void print_nn_bench(const NnBenchOptions& options, const PeakReference& reference,
                    const std::vector<NnBenchRow>& rows, std::ostream& out) {
  print_reference(reference, out);
  out << "layout: " << (options.layout == WeightLayout::kChannelsLast ? "channels-last" : "NCHW")
      << "   compute threads: " << options.threads << "\n"
      << "share of the matching peak: the median of " << options.rounds
      << " rounds, each round's network rate against the peak measured just before and after "
         "it\n";
  for (const NetworkConfig& c : options.networks)
    out << "network " << network_name(c.arch.blocks, c.arch.channels) << ": input "
        << c.input.channels << "x" << c.input.height << "x" << c.input.width << ", "
        << c.num_actions << " actions, " << std::setprecision(2) << c.flops_per_position() / 1e6
        << " MFLOP/position\n";
  const bool device = reference.device_bf16_gflops > 0;  // the column only with --device
  out << "\n| net | engine | precision | batch | evals/s | ms/batch | GFLOP/s | % of matching peak "
         "| rounds (low-high) | % of "
         "AMX peak | % of BLAS | x fp32 |"
      << (device ? " % of device bf16 mm |" : "") << "\n"
      << "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|" << (device ? "---:|" : "")
      << "\n";
  for (const auto& r : rows) {
    // The same net, engine and batch in fp32, for the speed-up column.
    double fp32_rate = 0;
    for (const auto& o : rows)
      if (o.blocks == r.blocks && o.channels == r.channels && o.batch == r.batch &&
          o.engine == r.engine && o.computed == Precision::kFp32)
        fp32_rate = o.evals_per_second;
    std::string precision = to_string(r.asked);
    if (r.asked == Precision::kAuto) precision += " (" + to_string(r.computed) + ")";
    out << "| " << network_name(r.blocks, r.channels) << " | " << to_string(r.engine) << " | "
        << precision << " | " << r.batch << " | " << std::setprecision(0) << r.evals_per_second
        << " | " << std::setprecision(3) << r.ms_per_batch << " | " << std::setprecision(1)
        << r.gflops << " | " << peak_share_text(r.peak_share, r.peak_kind) << " | "
        << share_range_text(r.peak_share_low, r.peak_share_high) << " | " << std::setprecision(0)
        << (r.amx_share >= 0 ? std::to_string(std::lround(100.0 * r.amx_share)) + " %" : "-")
        << " | " << 100.0 * r.blas_share << " % | ";
    if (fp32_rate > 0)
      out << std::setprecision(2) << r.evals_per_second / fp32_rate;
    else
      out << "-";
    out << " |";
    if (device) out << " " << std::lround(100.0 * r.device_share) << " % |";
    out << "\n";
  }
}

nlohmann::json to_json(const NnBenchRow& r, const PeakReference& reference) {
  nlohmann::json j{
      {"kind", "network"},
      {"blocks", r.blocks},
      {"channels", r.channels},
      {"batch", r.batch},
      {"engine", to_string(r.engine)},
      {"precision", to_string(r.asked)},
      {"computed_precision", to_string(r.computed)},
      {"threads", reference.threads},
      {"evals_per_s", r.evals_per_second},
      {"ms_per_batch", r.ms_per_batch},
      {"mflop_per_position", r.flops_per_position / 1e6},
      {"gflops", r.gflops},
      {"peak", peak_name(r.peak_kind)},
      {"peak_gflops", reference.peak(r.peak_kind)},
      {"peak_share", r.peak_share >= 0 ? nlohmann::json(r.peak_share) : nullptr},
      {"peak_share_low", r.peak_share >= 0 ? nlohmann::json(r.peak_share_low) : nullptr},
      {"peak_share_high", r.peak_share >= 0 ? nlohmann::json(r.peak_share_high) : nullptr},
      {"rounds", r.rounds},
      {"blas_share", r.blas_share},
      {"cpu", reference.cpu}};
  if (r.amx_share >= 0) j["amx_share"] = r.amx_share;
  if (r.device_share >= 0) {
    j["device"] = reference.device;
    j["device_bf16_gflops"] = reference.device_bf16_gflops;
    j["device_share"] = r.device_share;
  }
  return j;
}

}  // namespace inchzero
