// Named fault points for crash testing (tests/cli/crash_matrix.sh), in the
// manner of SQLite's crash tests: the run calls fault_point("name") at every
// phase boundary and inside multi-file writes, and the environment variable
// INCHZERO_FAULT=name[:n] makes the process die there, at the n-th pass
// (default the first), by SIGKILL — exactly what `kill -9` does: no
// destructors, no atexit handlers, no flush of stdio buffers.
//
// The variable is read only here. Unset, a fault point costs one load and
// one compare, so the points stay in release builds and the test runs the
// binary users run.
#pragma once

#include <string>

namespace inchzero {

// With INCHZERO_FAULT=term:NAME[:n] the n-th pass through fault_point("NAME")
// sends SIGTERM to the process instead and returns: a stop asked at an exact
// point (tests/cli/data_parallel_run.sh stops one rank mid-phase). With
// INCHZERO_FAULT=stop:NAME[:n] it sends itself SIGSTOP there: the process
// freezes at a known moment and a test kills it from outside with a real
// `kill -9` (tests/cli/run_resume.sh), without racing the work it kills.
void fault_point(const char* name);

// An injected write failure, for testing the I/O error paths where no small
// file system can be mounted: with INCHZERO_FAULT=fail_write:TEXT, writes of
// files whose path contains TEXT fail as on a full disk (returns true with
// errno = ENOSPC); the caller then takes its real error path.
bool fault_write_fails(const std::string& path);

// An injected exception, for testing that an error deep inside parallel work
// (a game of the lab) reaches the user as an error rather than an abort:
// with INCHZERO_FAULT=throw:NAME[:n], the n-th pass (default the first)
// through fault_throw("NAME") throws std::runtime_error("injected fault
// 'NAME'"). Unset, it costs what fault_point costs.
void fault_throw(const char* name);

}  // namespace inchzero
