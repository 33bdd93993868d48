#include "train/worker_id.h"

#include <fmt/format.h>
#include <unistd.h>

#include <random>

#include "core/game.h"

namespace inchzero {
namespace {

std::string env_or_empty(const EnvLookup& env, const char* name) {
  const char* value = env(name);
  return value == nullptr ? std::string() : std::string(value);
}

bool safe_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

// Host names may hold characters a file name should not: keep the safe ones.
std::string sanitised(std::string text) {
  for (char& c : text) {
    if (!safe_char(c)) c = '_';
  }
  return text.substr(0, 40);
}

}  // namespace

bool valid_worker_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    if (!safe_char(c)) return false;
  }
  return true;
}

WorkerIdChoice choose_worker_id(const std::string& given, const EnvLookup& env) {
  WorkerIdChoice choice;
  if (!given.empty()) {
    choice = {given, "--worker-id"};
  } else if (const std::string job = env_or_empty(env, "SLURM_ARRAY_JOB_ID"); !job.empty()) {
    choice = {"slurm-" + job + "-" + env_or_empty(env, "SLURM_ARRAY_TASK_ID"),
              "SLURM_ARRAY_JOB_ID/SLURM_ARRAY_TASK_ID"};
  } else if (const std::string slurm_job = env_or_empty(env, "SLURM_JOB_ID"); !slurm_job.empty()) {
    const std::string rank = env_or_empty(env, "SLURM_PROCID");
    choice = {"slurm-" + slurm_job + "-" + (rank.empty() ? "0" : rank),
              "SLURM_JOB_ID/SLURM_PROCID"};
  } else if (const std::string pod = env_or_empty(env, "POD_NAME"); !pod.empty()) {
    choice = {"k8s-" + pod, "POD_NAME"};
  } else if (!env_or_empty(env, "KUBERNETES_SERVICE_HOST").empty() &&
             !env_or_empty(env, "HOSTNAME").empty()) {
    choice = {"k8s-" + env_or_empty(env, "HOSTNAME"), "HOSTNAME in a Kubernetes pod"};
  } else {
    char host[64] = "host";
    ::gethostname(host, sizeof host - 1);
    std::random_device device;
    choice = {fmt::format("{}-{}-{:06x}", sanitised(host), ::getpid(), device() & 0xffffff),
              "host, pid and a random number"};
  }
  if (!valid_worker_id(choice.id)) {
    throw GameError("worker id '" + choice.id + "' (from " + choice.source +
                    ") must be 1-64 characters of A-Z a-z 0-9 . _ -");
  }
  return choice;
}

}  // namespace inchzero
