#include "selfplay/players/uci_process.h"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <stdexcept>

#include "core/stop_signals.h"

namespace inchzero {

UciProcess::~UciProcess() {
  if (pid_ <= 0) return;
  try {
    send("quit");
  } catch (const std::exception&) {
    // The engine is gone already; just reap it.
  }
  close(to_engine_);
  close(from_engine_);
  waitpid(pid_, nullptr, 0);
}

bool UciProcess::start(const std::string& path, std::string& why) {
  if (access(path.c_str(), X_OK) != 0) {
    why = path + " is not installed (Debian package `stockfish`)";
    return false;
  }
  int down[2], up[2];  // parent -> engine, engine -> parent
  if (pipe(down) != 0 || pipe(up) != 0) {
    why = "cannot create pipes";
    return false;
  }
  pid_ = fork();
  if (pid_ < 0) {
    why = "cannot fork";
    return false;
  }
  if (pid_ == 0) {
    dup2(down[0], STDIN_FILENO);
    dup2(up[1], STDOUT_FILENO);
    close(down[0]);
    close(down[1]);
    close(up[0]);
    close(up[1]);
    unblock_signals_for_exec();
    execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(down[0]);
  close(up[1]);
  to_engine_ = down[1];
  from_engine_ = up[0];
  // A dead engine must not kill us with SIGPIPE on the next write.
  std::signal(SIGPIPE, SIG_IGN);
  try {
    send("uci");
    for (std::string line; read_line(line);) {
      if (line.rfind("id name ", 0) == 0) name_ = line.substr(8);
      if (line == "uciok") return true;
    }
  } catch (const std::exception& e) {
    why = e.what();
    return false;
  }
  why = path + " did not answer the UCI handshake";
  return false;
}

void UciProcess::send(const std::string& line) {
  const std::string text = line + "\n";
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(to_engine_, text.data() + done, text.size() - done);
    if (n <= 0) throw std::runtime_error("stockfish stopped reading its input");
    done += static_cast<size_t>(n);
  }
}

bool UciProcess::read_line(std::string& line) {
  for (;;) {
    const size_t end = buffer_.find('\n');
    if (end != std::string::npos) {
      line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return true;
    }
    char chunk[4096];
    const ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n <= 0) return false;
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

void UciProcess::sync() {
  send("isready");
  for (std::string line; line != "readyok";)
    if (!read_line(line)) throw std::runtime_error("stockfish exited");
}

void UciProcess::set_option(const std::string& name, const std::string& value) {
  send("setoption name " + name + " value " + value);
  sync();
}

std::string UciProcess::best_move(const std::string& fen, const std::string& limits) {
  send("position fen " + fen);
  sync();
  send("go " + limits);
  for (std::string line; read_line(line);) {
    if (line.rfind("bestmove ", 0) == 0) {
      const size_t end = line.find(' ', 9);
      return line.substr(9, end == std::string::npos ? end : end - 9);
    }
  }
  throw std::runtime_error("stockfish exited while searching");
}

UciProcess::PerftRun UciProcess::perft(const std::string& fen, int depth) {
  send("position fen " + fen);
  sync();
  PerftRun run;
  const auto start = std::chrono::steady_clock::now();
  send("go perft " + std::to_string(depth));
  for (std::string line; read_line(line);) {
    if (line.rfind("Nodes searched: ", 0) == 0) {
      run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      run.nodes = std::stoull(line.substr(16));
      return run;
    }
  }
  throw std::runtime_error("stockfish exited during perft");
}

}  // namespace inchzero
