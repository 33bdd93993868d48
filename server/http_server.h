// `inchzero serve`: the browser UI's page and its JSON API over HTTP
// (cpp-httplib; the only file that includes it but its test, a client). Every request is
// stateless — it carries the game, its rules and its moves — so any number
// of pages can play at once; routes and fields are in docs/ui.md:
//
//   GET  /                       the page (embedded web/ files, web_files.h)
//   GET  /api/info               games, rule sets, options, engines, runs, limits
//   POST /api/position           a position replayed: board, decisions, end
//   POST /api/analyse?engine=ID  one analysis query, answered as `inchzero analyse` does
//   POST /api/records            the games of a plain-text record file
//   POST /api/export             a game as a text record or PGN
//   GET  /api/runs               the runs' shards and pictures
//   GET  /api/runs/R/shards/S/games[/N]   a shard's games, one game replayed
//   GET  /api/runs/R/images/K    a picture of run R (PNG)
//
// Refused requests get a 4xx status and {"error": …, "field": …}.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "server/engine_pool.h"
#include "server/run_catalog.h"

namespace inchzero {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;                  // 0: any free port
  size_t max_body_bytes = 1 << 20;  // larger request bodies get 413
};

// Whether `host` is a loopback address (127.0.0.0/8, ::1, localhost).
bool is_loopback_host(const std::string& host);

class UiServer {
 public:
  UiServer(EnginePool& engines, RunCatalog& runs, const ServerOptions& options);
  ~UiServer();
  UiServer(const UiServer&) = delete;
  UiServer& operator=(const UiServer&) = delete;

  // Bind the address; returns the port. Throws GameError when it cannot.
  int bind();
  // Serve until stop() is called (from another thread).
  void serve();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace inchzero
