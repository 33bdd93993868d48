#include "train/worker_id.h"

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <vector>

#include "core/game.h"

namespace inchzero {
namespace {

EnvLookup env_of(std::map<std::string, std::string> vars) {
  auto shared = std::make_shared<std::map<std::string, std::string>>(std::move(vars));
  return [shared](const char* name) -> const char* {
    const auto it = shared->find(name);
    return it == shared->end() ? nullptr : it->second.c_str();
  };
}

TEST(WorkerId, ComesFromTheFlagThenSlurmThenKubernetesThenTheHost) {
  const auto slurm = env_of({{"SLURM_ARRAY_JOB_ID", "4711"},
                             {"SLURM_ARRAY_TASK_ID", "3"},
                             {"SLURM_JOB_ID", "4714"},
                             {"POD_NAME", "worker-abc"}});
  EXPECT_EQ(choose_worker_id("mine", slurm).id, "mine");
  EXPECT_EQ(choose_worker_id("", slurm).id, "slurm-4711-3");
  EXPECT_EQ(choose_worker_id("", env_of({{"SLURM_JOB_ID", "9"}, {"SLURM_PROCID", "2"}})).id,
            "slurm-9-2");
  EXPECT_EQ(choose_worker_id("", env_of({{"POD_NAME", "worker-abc"}})).id, "k8s-worker-abc");
  EXPECT_EQ(
      choose_worker_id("", env_of({{"KUBERNETES_SERVICE_HOST", "10.0.0.1"}, {"HOSTNAME", "w-7"}}))
          .id,
      "k8s-w-7");
  // Outside a pod HOSTNAME is just the shell's: the host-pid-random id.
  const WorkerIdChoice plain = choose_worker_id("", env_of({{"HOSTNAME", "w-7"}}));
  EXPECT_TRUE(std::regex_match(plain.id, std::regex(R"(.+-[0-9]+-[0-9a-f]{6})"))) << plain.id;
  EXPECT_NE(plain.id, choose_worker_id("", env_of({})).id);  // the random part
}

TEST(WorkerId, RefusesIdsThatCannotBeFileNames) {
  for (const std::string& bad :
       std::vector<std::string>{"a/b", "", std::string(65, 'x'), "sp ace"}) {
    EXPECT_FALSE(valid_worker_id(bad)) << bad;
  }
  try {
    choose_worker_id("", env_of({{"POD_NAME", "bad/name"}}));
    FAIL() << "a pod name with '/' was taken";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("POD_NAME"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace inchzero
