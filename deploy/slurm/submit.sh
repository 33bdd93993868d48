#!/usr/bin/env bash
# Submit (or resubmit) a cluster run: one trainer job and a job array of
# self-play workers sharing RUN (docs/cluster.md). Safe to run again: a
# trainer or worker array already queued or running for this RUN is not
# submitted twice (matched by job name and RUN in the comment).
#   RUN=/shared/runs/r1 [WORKERS=8] [RANKS=1] [CONFIG=deploy/slurm/config.yaml] deploy/slurm/submit.sh
# RANKS: data-parallel trainer ranks (one task each, trainer.sbatch).
# SBATCH_EXTRA is added to both sbatch commands (e.g. "--account=x
# --partition=y", or smaller --cpus-per-task/--mem than the scripts ask).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${RUN:?set RUN to the run folder on the shared file system}"
: "${WORKERS:=8}" "${RANKS:=1}"
: "${CONFIG:=$here/config.yaml}"
: "${SBATCH:=sbatch}" "${SQUEUE:=squeue}" "${SBATCH_EXTRA:=}"
read -r -a extra <<<"$SBATCH_EXTRA"
case $WORKERS in '' | *[!0-9]* | 0) echo "WORKERS must be a positive number" >&2; exit 2 ;; esac
case $RANKS in '' | *[!0-9]* | 0) echo "RANKS must be a positive number" >&2; exit 2 ;; esac
export RUN CONFIG RANKS
queued() { # job name -> whether a job of that name for RUN is pending or running
  "$SQUEUE" --noheader --me --name "$1" --format '%k' 2>/dev/null | grep -qxF "run=$RUN"
}
if queued inchzero-trainer; then
  echo "trainer for $RUN already queued or running"
else
  "$SBATCH" --parsable --comment "run=$RUN" --ntasks "$RANKS" --export=ALL,RUN,CONFIG,RANKS \
    "${extra[@]}" "$here/trainer.sbatch"
fi
if queued inchzero-worker; then
  echo "workers for $RUN already queued or running"
else
  "$SBATCH" --parsable --comment "run=$RUN" --array "0-$((WORKERS - 1))" --export=ALL,RUN \
    "${extra[@]}" "$here/worker.sbatch"
fi
