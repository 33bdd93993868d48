// A UCI engine process (Debian's Stockfish) driven over pipes: the external
// rung of FIDE ladders (stockfish_player.h) and `inchzero bench rules`, which
// times `go perft N` on the same positions as our move generator. Nothing is
// installed or downloaded here.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>

namespace inchzero {

// Where Debian's `stockfish` package installs the engine.
inline const char* const kDebianStockfish = "/usr/games/stockfish";

class UciProcess {
 public:
  UciProcess() = default;
  UciProcess(const UciProcess&) = delete;
  UciProcess& operator=(const UciProcess&) = delete;
  // Sends "quit" and waits for the process.
  ~UciProcess();

  // Start the engine at `path` and complete the UCI handshake. Returns false
  // (with `why` set) if it is not executable or does not answer.
  bool start(const std::string& path, std::string& why);
  // The engine's "id name" line, after start().
  const std::string& name() const { return name_; }

  struct PerftRun {
    uint64_t nodes = 0;
    double seconds = 0;  // wall time from "go perft" to "Nodes searched"
  };
  // `position fen <fen>` then `go perft <depth>`; throws std::runtime_error
  // if the engine dies or answers something unexpected.
  PerftRun perft(const std::string& fen, int depth);

  // `setoption name <name> value <value>`.
  void set_option(const std::string& name, const std::string& value);
  // `position fen <fen>`, then `go <limits>` (e.g. "depth 3", "nodes 1000",
  // "movetime 50"): the move after "bestmove". Throws std::runtime_error if
  // the engine dies or answers none.
  std::string best_move(const std::string& fen, const std::string& limits);

 private:
  void send(const std::string& line);
  // The next line from the engine ("" and false at end of stream).
  bool read_line(std::string& line);
  // Send `isready` and read up to `readyok`.
  void sync();

  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  std::string buffer_, name_;
};

}  // namespace inchzero
