#include "train/gloo_sync.h"

#include <signal.h>
#include <torch/types.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <torch/csrc/distributed/c10d/FileStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <vector>

#include "core/game.h"

namespace inchzero {
namespace {

// c10::Error's what() carries a C++ backtrace: its first line.
std::string first_line(const std::exception& e) {
  const std::string message = e.what();
  return message.substr(0, message.find('\n'));
}

// Run `op`; an exception becomes a std::runtime_error of `context` and its
// first line.
template <class F>
void run_or_throw(F&& op, const std::string& context) {
  try {
    op();
  } catch (const std::exception& e) {
    throw std::runtime_error(context + first_line(e));
  }
}

class GlooSync : public GradientSync {
 public:
  GlooSync(c10::intrusive_ptr<c10d::ProcessGroupGloo> group, int rank, int ranks)
      : group_(std::move(group)), rank_(rank), ranks_(ranks) {}
  int rank() const override { return rank_; }
  int ranks() const override { return ranks_; }
  void sum(float* values, size_t count) override { all_reduce(values, count, torch::kFloat32); }
  void sum(double* values, size_t count) override { all_reduce(values, count, torch::kFloat64); }
  void broadcast(float* values, size_t count) override {
    std::vector<at::Tensor> tensors{
        torch::from_blob(values, {static_cast<int64_t>(count)}, torch::kFloat32)};
    run("broadcast", [&] { group_->broadcast(tensors)->wait(); });
  }

 private:
  void all_reduce(void* values, size_t count, torch::ScalarType type) {
    std::vector<at::Tensor> tensors{torch::from_blob(values, {static_cast<int64_t>(count)}, type)};
    run("all-reduce", [&] { group_->allreduce(tensors)->wait(); });
  }
  template <class F>
  void run(const char* what, F&& op) {
    run_or_throw(op, "rank " + std::to_string(rank_) + " of " + std::to_string(ranks_) + ": gloo " +
                         what + " failed (a peer rank died or stopped answering): ");
  }

  c10::intrusive_ptr<c10d::ProcessGroupGloo> group_;
  int rank_, ranks_;
};

class C10dStore : public RankStore {
 public:
  C10dStore(c10::intrusive_ptr<c10d::Store> store, std::string rendezvous)
      : store_(std::move(store)), rendezvous_(std::move(rendezvous)) {}
  void set(const std::string& key, const std::string& value) override {
    run("set", [&] { store_->set(key, std::vector<uint8_t>(value.begin(), value.end())); });
  }
  bool has(const std::string& key) override {
    bool found = false;
    run("check", [&] { found = store_->check({key}); });
    return found;
  }
  std::string get(const std::string& key) override {
    std::vector<uint8_t> value;
    run("get", [&] { value = store_->get(key); });
    return std::string(value.begin(), value.end());
  }
  int64_t add(const std::string& key, int64_t delta) override {
    int64_t value = 0;
    run("add", [&] { value = store_->add(key, delta); });
    return value;
  }

 private:
  template <class F>
  void run(const char* what, F&& op) {
    run_or_throw(op, "store " + rendezvous_ + ": " + what + " failed: ");
  }
  c10::intrusive_ptr<c10d::Store> store_;
  std::string rendezvous_;
};

c10::intrusive_ptr<c10d::Store> make_store(const std::string& spec, int rank, int ranks,
                                           std::chrono::milliseconds timeout) {
  if (spec.rfind("file:", 0) == 0 && spec.size() > 5) {
    auto store = c10::make_intrusive<c10d::FileStore>(spec.substr(5), ranks);
    store->setTimeout(timeout);
    return store;
  }
  if (spec.rfind("tcp:", 0) == 0) {
    const std::string address = spec.substr(4);
    const auto colon = address.rfind(':');
    int port = -1;
    if (colon != std::string::npos && colon > 0) port = std::atoi(address.c_str() + colon + 1);
    if (port <= 0 || port > 65535) {
      throw GameError("rendezvous '" + spec + "': want tcp:HOST:PORT");
    }
    c10d::TCPStoreOptions options;
    options.port = static_cast<uint16_t>(port);
    options.isServer = rank == 0;
    options.numWorkers = static_cast<size_t>(ranks);
    options.timeout = timeout;
    return c10::make_intrusive<c10d::TCPStore>(address.substr(0, colon), options);
  }
  throw GameError("rendezvous '" + spec + "': want file:PATH or tcp:HOST:PORT");
}

}  // namespace

RankGroup join_rank_group(const RankOptions& o) {
  check_rank_options(o);
  const int rank = o.rank, ranks = o.ranks;
  const std::string& rendezvous = o.rendezvous;
  const auto timeout = std::chrono::milliseconds(static_cast<int64_t>(o.timeout_seconds * 1000));
  // A write to a dead peer's socket must fail with EPIPE (Gloo then throws
  // and the step ends with an error), not kill this process with SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  try {
    auto store = make_store(rendezvous, rank, ranks, timeout);
    // Gloo's own rendezvous would find the keys of this rank's first start
    // and connect to peers that no longer expect it (or hang): refuse, as
    // a usage error (exit 2).
    if (store->add("inchzero/joined/" + std::to_string(rank), 1) > 1) {
      // A FileStore counts its users as they are destroyed and removes the
      // file at `ranks`: this refused one must not count, or the file would
      // go from under the running group. So it is never destroyed: kept
      // until the process ends, reachable from a static, so that a leak
      // checker (the full ASan run) does not report it as lost.
      static auto* const never_destroyed = new std::vector<c10::intrusive_ptr<c10d::Store>>;
      never_destroyed->push_back(std::move(store));
      throw GameError(
          "rank " + std::to_string(rank) + " of " + std::to_string(ranks) +
          " already joined the group at " + rendezvous +
          " once: a rank cannot re-join a running group; stop every rank and start them all "
          "again (a fresh file: rendezvous)");
    }
    auto options = c10d::ProcessGroupGloo::Options::create(timeout);
    const char* host = std::getenv("INCHZERO_GLOO_HOST");
    options->devices.push_back(host != nullptr && *host != '\0'
                                   ? c10d::ProcessGroupGloo::createDeviceForHostname(host)
                                   : c10d::ProcessGroupGloo::createDefaultDevice());
    auto group = c10::make_intrusive<c10d::ProcessGroupGloo>(store, rank, ranks, options);
    RankGroup joined;
    joined.sync = std::make_unique<GlooSync>(std::move(group), rank, ranks);
    joined.store = std::make_unique<C10dStore>(store, rendezvous);
    return joined;
  } catch (const GameError&) {
    throw;
  } catch (const std::exception& e) {
    if (rank == 0) forget_rendezvous(o);  // the keys of this attempt would refuse the next
    throw std::runtime_error("rank " + std::to_string(rank) + " of " + std::to_string(ranks) +
                             ": cannot form the group at " + rendezvous + ": " + first_line(e));
  }
}

void forget_rendezvous(const RankOptions& o) {
  if (o.rendezvous.rfind("file:", 0) != 0) return;
  std::error_code ec;
  std::filesystem::remove(o.rendezvous.substr(5), ec);
}

}  // namespace inchzero
