#include "fuzz/fuzz_games.h"

#include <pthread.h>

#include <cstdio>
#include <cstdlib>
#include <exception>

#include "core/registry.h"

namespace inchzero::fuzz {

const std::vector<std::shared_ptr<const Game>>& games() {
  static const std::vector<std::shared_ptr<const Game>> all = [] {
    std::vector<std::shared_ptr<const Game>> out;
    for (const GameEntry& entry : game_table()) out.push_back(load_game(entry.name));
    out.push_back(load_game("inchworm-chess", "fide"));
    return out;
  }();
  return all;
}

void run_on_small_stack(const std::function<void()>& body) {
  struct Call {
    const std::function<void()>* body;
    std::exception_ptr error;
  } call{&body, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  pthread_t thread;
  const int rc = pthread_create(
      &thread, &attr,
      [](void* arg) -> void* {
        auto* c = static_cast<Call*>(arg);
        try {
          (*c->body)();
        } catch (...) {
          c->error = std::current_exception();
        }
        return nullptr;
      },
      &call);
  pthread_attr_destroy(&attr);
  if (rc != 0) broken("cannot start a thread for the input");
  pthread_join(thread, nullptr);
  if (call.error) std::rethrow_exception(call.error);
}

void broken(const std::string& what) {
  std::fprintf(stderr, "invariant broken: %s\n", what.c_str());
  std::abort();
}

}  // namespace inchzero::fuzz
