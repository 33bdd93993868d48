#include "train/gloo_sync.h"

#include <signal.h>
#include <torch/types.h>

#include <chrono>
#include <cstdlib>
#include <torch/csrc/distributed/c10d/FileStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include "core/game.h"

namespace inchzero {
namespace {

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
    try {
      op();
    } catch (const std::exception& e) {
      // c10::Error's what() carries a C++ backtrace: keep its first line.
      std::string message = e.what();
      message = message.substr(0, message.find('\n'));
      throw std::runtime_error("rank " + std::to_string(rank_) + " of " + std::to_string(ranks_) +
                               ": gloo " + what +
                               " failed (a peer rank died or stopped answering): " + message);
    }
  }

  c10::intrusive_ptr<c10d::ProcessGroupGloo> group_;
  int rank_, ranks_;
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

std::unique_ptr<GradientSync> connect_gloo(int rank, int ranks, const std::string& rendezvous,
                                           double timeout_seconds) {
  if (ranks < 1 || rank < 0 || rank >= ranks) {
    throw GameError("rank " + std::to_string(rank) + " of " + std::to_string(ranks) +
                    ": want 0 <= rank < ranks");
  }
  const auto timeout = std::chrono::milliseconds(static_cast<int64_t>(timeout_seconds * 1000));
  // A write to a dead peer's socket must fail with EPIPE (Gloo then throws
  // and the step ends with an error), not kill this process with SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  try {
    auto store = make_store(rendezvous, rank, ranks, timeout);
    auto options = c10d::ProcessGroupGloo::Options::create(timeout);
    const char* host = std::getenv("INCHZERO_GLOO_HOST");
    options->devices.push_back(host != nullptr && *host != '\0'
                                   ? c10d::ProcessGroupGloo::createDeviceForHostname(host)
                                   : c10d::ProcessGroupGloo::createDefaultDevice());
    auto group = c10::make_intrusive<c10d::ProcessGroupGloo>(store, rank, ranks, options);
    return std::make_unique<GlooSync>(std::move(group), rank, ranks);
  } catch (const GameError&) {
    throw;
  } catch (const std::exception& e) {
    std::string message = e.what();
    message = message.substr(0, message.find('\n'));
    throw std::runtime_error("rank " + std::to_string(rank) + " of " + std::to_string(ranks) +
                             ": cannot form the group at " + rendezvous + ": " + message);
  }
}

}  // namespace inchzero
