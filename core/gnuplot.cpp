#include "core/gnuplot.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "core/stop_signals.h"

namespace inchzero {

std::string find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    const std::string candidate = dir + "/" + program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

std::string run_gnuplot(const std::string& folder, const std::string& script,
                        const std::string& log, const std::string& png) {
  namespace fs = std::filesystem;
  const std::string gnuplot = find_on_path("gnuplot");
  if (gnuplot.empty()) return "gnuplot is not installed (apt-get install gnuplot-nox); no PNG";
  const fs::path target = fs::path(folder) / png;
  const fs::path drawn = fs::path(folder) / (png + ".tmp");
  pid_t pid = ::fork();
  if (pid < 0) return "cannot start gnuplot";
  if (pid == 0) {
    if (::chdir(folder.c_str()) != 0) ::_exit(127);
    const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out >= 0) {
      ::dup2(out, 1);
      ::dup2(out, 2);
    }
    unblock_signals_for_exec();
    execl(gnuplot.c_str(), "gnuplot", script.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  std::error_code ec;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || (!png.empty() && !fs::exists(drawn, ec))) {
    if (!png.empty()) fs::remove(drawn, ec);
    return "gnuplot failed (exit status " + std::to_string(WEXITSTATUS(status)) + "; see " +
           (fs::path(folder) / log).string() + ")";
  }
  if (!png.empty()) fs::rename(drawn, target);
  return "";
}

}  // namespace inchzero
