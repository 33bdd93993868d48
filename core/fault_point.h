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

namespace inchzero {

void fault_point(const char* name);

}  // namespace inchzero
