// The id of an extra self-play worker (`inchzero selfplay --run`): it names
// the worker's shards (shards/ext-<id>-NNNNNN.shard), its lock
// (workers/<id>.lock) and every record it writes, so that workers on many
// hosts never collide and a resubmitted job continues under its old name.
#pragma once

#include <functional>
#include <string>

namespace inchzero {

struct WorkerIdChoice {
  std::string id;      // the id
  std::string source;  // where it came from, for the start line
};

// Where the environment comes from (tests pass their own).
using EnvLookup = std::function<const char*(const char*)>;

// The worker id, first of:
//  1. `given` (--worker-id), when not empty;
//  2. Slurm: "slurm-<SLURM_ARRAY_JOB_ID>-<SLURM_ARRAY_TASK_ID>" in a job
//     array, else "slurm-<SLURM_JOB_ID>-<SLURM_PROCID>" (steps of one job);
//  3. Kubernetes: "k8s-<POD_NAME>" (the Downward API), or "k8s-<HOSTNAME>"
//     inside a pod (KUBERNETES_SERVICE_HOST is set there);
//  4. "<host>-<pid>-<6 random hex digits>" (the random part from the OS's
//     random device; it is recorded in the id itself).
// Throws GameError, naming the value and its source, when the id is not
// 1-64 characters of [A-Za-z0-9._-] (it becomes part of file names).
WorkerIdChoice choose_worker_id(const std::string& given, const EnvLookup& env);

// Whether `id` is a valid worker id (see above).
bool valid_worker_id(const std::string& id);

}  // namespace inchzero
