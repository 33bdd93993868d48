#include "server/http_server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "engine/analysis_query.h"
#include "server/game_catalog.h"
#include "server/json_body.h"
#include "server/position_view.h"
#include "server/record_view.h"
#include "server/request_error.h"
#include "server/static_files.h"

namespace inchzero {
namespace {

using json = nlohmann::ordered_json;

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

// Runs a handler, turning what it throws into a JSON error.
template <class F>
void answer(httplib::Response& res, F&& handler) {
  try {
    handler();
  } catch (const RequestError& e) {
    send_json(res, e.status, error_json(e.what(), e.field));
  } catch (const GameError& e) {
    send_json(res, 400, error_json(e.what()));
  } catch (const std::bad_alloc&) {
    send_json(res, 503, error_json("out of memory while answering this request"));
  } catch (const std::exception& e) {
    send_json(res, 500, error_json(std::string("internal error: ") + e.what()));
  }
}

// A decimal number from a route's match; 404 when it is not one.
size_t index_of(const std::string& text) {
  if (text.empty() || text.size() > 9) throw RequestError(404, "no such item '" + text + "'");
  return static_cast<size_t>(std::stoul(text));
}

std::string status_message(int status, size_t max_body) {
  switch (status) {
    case 400:
      return "bad request";
    case 404:
      return "not found";
    case 405:
      return "method not allowed";
    case 413:
      return "the request body is larger than this server's limit of " + std::to_string(max_body) +
             " bytes (inchzero serve --max-body)";
    case 414:
      return "the request line is too long";
    default:
      return "HTTP error " + std::to_string(status);
  }
}

// The Host header a page on this machine sends: refusing others keeps a web
// site that rebinds its DNS name to 127.0.0.1 from reading the API.
bool host_header_ok(const std::string& header, const std::string& host, int port) {
  const std::string p = ":" + std::to_string(port);
  for (const std::string& name :
       {host, std::string("127.0.0.1"), std::string("localhost"), std::string("[::1]")})
    if (header == name + p || header == name) return true;
  return false;
}

}  // namespace

bool is_loopback_host(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

struct UiServer::Impl {
  EnginePool& engines;
  RunCatalog& runs;
  ServerOptions options;
  GameCache games;
  httplib::Server http;
  int port = 0;
  // The socket cpp-httplib listens on, seen by the socket-options callback.
  socket_t listening_socket = INVALID_SOCKET;

  Impl(EnginePool& e, RunCatalog& r, const ServerOptions& o) : engines(e), runs(r), options(o) {}

  void routes();
  void widen_backlog() const;
  json info() const;
  json position(const std::string& body);
};

json UiServer::Impl::info() const {
  return {{"server", "inchzero serve"},
          {"protocolVersion", kEngineProtocolVersion},
          {"games", games_json()},
          {"engines", engines.describe()},
          {"runs", runs.list()},
          {"limits",
           {{"maxVisits", engines.limits().max_visits},
            {"maxTimeMs", engines.limits().max_time_ms},
            {"maxBodyBytes", options.max_body_bytes}}}};
}

json UiServer::Impl::position(const std::string& body) {
  const JsonBody request(body, position_request_keys());
  const PositionRequest parsed = parse_position_request(request);
  const auto game = games.get(parsed.rules);
  json view = position_view(*game, replay_request(*game, parsed));
  view["networks"] = engines.networks_for(*game);
  return view;
}

void UiServer::Impl::routes() {
  using httplib::Request;
  using httplib::Response;
  http.set_payload_max_length(options.max_body_bytes);
  // Without it a kept-alive connection waits for the delayed ACK (~40 ms)
  // between the header and the body of an answer.
  http.set_tcp_nodelay(true);
  // cpp-httplib's default also sets SO_REUSEPORT, which lets a second server
  // share a port in use (and half its connections): reuse the address only.
  http.set_socket_options([this](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
    listening_socket = sock;
  });
  http.set_pre_routing_handler([this](const Request& req, Response& res) {
    if (!is_loopback_host(options.host)) return httplib::Server::HandlerResponse::Unhandled;
    if (host_header_ok(req.get_header_value("Host"), options.host, port))
      return httplib::Server::HandlerResponse::Unhandled;
    send_json(res, 403,
              error_json("this server answers pages of this machine only (Host: " +
                         req.get_header_value("Host") + ")"));
    return httplib::Server::HandlerResponse::Handled;
  });
  http.set_error_handler([this](const Request&, Response& res) {
    if (res.body.empty())
      send_json(res, res.status, error_json(status_message(res.status, options.max_body_bytes)));
  });
  http.set_exception_handler([](const Request&, Response& res, std::exception_ptr) {
    send_json(res, 500, error_json("internal error"));
  });

  http.Get("/api/info", [this](const Request&, Response& res) {
    answer(res, [&] { send_json(res, 200, info()); });
  });
  http.Post("/api/position", [this](const Request& req, Response& res) {
    answer(res, [&] { send_json(res, 200, position(req.body)); });
  });
  http.Post("/api/analyse", [this](const Request& req, Response& res) {
    answer(res, [&] {
      std::string engine = req.get_param_value("engine");
      if (engine.empty()) {
        const json list = engines.describe();
        if (list.empty() || list[0]["kind"] != "network")
          throw RequestError(400, "no network is served: name a player, ?engine=random", "engine");
        engine = list[0]["id"];
      }
      auto [status, body] = engines.analyse(engine, req.body);
      send_json(res, status, body);
    });
  });
  http.Post("/api/records", [](const Request& req, Response& res) {
    answer(res, [&] { send_json(res, 200, text_records_json(req.body)); });
  });
  http.Post("/api/export", [this](const Request& req, Response& res) {
    answer(res, [&] {
      const JsonBody request(req.body, export_request_keys());
      const PositionRequest parsed = parse_position_request(request);
      const std::string format = request.optional_text("format").value_or("text");
      const std::string players = request.optional_text("players").value_or("");
      const std::string text = export_record(games.get(parsed.rules), parsed, format, players);
      res.set_header("Cache-Control", "no-store");
      res.set_content(text, format == "pgn" ? "application/x-chess-pgn" : "text/plain");
    });
  });
  http.Get("/api/runs", [this](const Request&, Response& res) {
    answer(res, [&] { send_json(res, 200, runs.list()); });
  });
  http.Get(R"(/api/runs/(\d+)/shards/([^/]+)/games)", [this](const Request& req, Response& res) {
    answer(res, [&] {
      send_json(res, 200, runs.shard_games(index_of(req.matches[1]), req.matches[2]));
    });
  });
  http.Get(R"(/api/runs/(\d+)/shards/([^/]+)/games/(\d+))",
           [this](const Request& req, Response& res) {
             answer(res, [&] {
               send_json(res, 200,
                         runs.game(index_of(req.matches[1]), req.matches[2],
                                   static_cast<int64_t>(index_of(req.matches[3]))));
             });
           });
  http.Get(R"(/api/runs/(\d+)/images/(\d+))", [this](const Request& req, Response& res) {
    answer(res, [&] {
      auto [bytes, name] = runs.image(index_of(req.matches[1]), index_of(req.matches[2]));
      res.set_header("Cache-Control", "no-store");
      res.set_content(bytes, "image/png");
    });
  });
  http.Get(R"(/api(/.*)?)", [](const Request& req, Response& res) {
    send_json(res, 404, error_json("no API endpoint '" + req.path + "' (see docs/ui.md)"));
  });
  http.Get(R"(/.*)", [](const Request& req, Response& res) {
    answer(res, [&] {
      const StaticFile file = static_file(req.path);
      res.set_header("X-Content-Type-Options", "nosniff");
      res.set_content(std::string(file.content), file.content_type.c_str());
    });
  });
}

// Debian's libcpp-httplib is compiled with a listen backlog of 5. When the
// accepting thread is not scheduled for a moment (a loaded machine), a burst
// of connections (a page's parallel requests, many sessions) overflows that
// queue and the kernel resets some of them; the client sees "connection
// reset by peer". Listening again on the bound socket widens the queue to
// the system's limit (Linux takes a second listen() as a new backlog).
void UiServer::Impl::widen_backlog() const {
  int accepting = 0;
  socklen_t size = sizeof(accepting);
  if (listening_socket == INVALID_SOCKET ||
      getsockopt(listening_socket, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &size) != 0 || !accepting)
    throw GameError("cannot widen the listen queue: the listening socket is unknown");
  if (::listen(listening_socket, SOMAXCONN) != 0)
    throw GameError(std::string("cannot widen the listen queue: ") + std::strerror(errno));
}

UiServer::UiServer(EnginePool& engines, RunCatalog& runs, const ServerOptions& options)
    : impl_(std::make_unique<Impl>(engines, runs, options)) {
  impl_->routes();
}

UiServer::~UiServer() = default;

int UiServer::bind() {
  const std::string& host = impl_->options.host;
  if (impl_->options.port == 0) {
    impl_->port = impl_->http.bind_to_any_port(host);
    if (impl_->port < 0) throw GameError("cannot listen on " + host + " (any port)");
  } else {
    if (!impl_->http.bind_to_port(host, impl_->options.port))
      throw GameError("cannot listen on " + host + ":" + std::to_string(impl_->options.port) +
                      " (in use? try --port 0 for any free port)");
    impl_->port = impl_->options.port;
  }
  impl_->widen_backlog();
  return impl_->port;
}

void UiServer::serve() { impl_->http.listen_after_bind(); }

void UiServer::stop() { impl_->http.stop(); }

}  // namespace inchzero
