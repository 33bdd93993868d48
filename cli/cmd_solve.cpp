// `inchzero solve`: solve a small board exactly (core/solver/solver.h) and
// write the solution file (docs/solved-boards.md); with --retrograde, solve
// every position reachable from a position with cycles handled
// (core/solver/retrograde.h) and report its value and best line; or, with
// --check-network, measure a network against a solution file
// (selfplay/solution_check.h).
#include <fmt/format.h>

#include <iostream>
#include <optional>
#include <sstream>

#include "cli/command.h"
#include "cli/engine_choice.h"
#include "cli/game_selection.h"
#include "core/atomic_file.h"
#include "core/input_file.h"
#include "core/progress.h"
#include "core/registry.h"
#include "core/solver/retrograde.h"
#include "core/solver/retrograde_file.h"
#include "core/solver/solution_file.h"
#include "core/solver/solver.h"
#include "model/backend.h"
#include "model/encoder.h"
#include "selfplay/players/net_player.h"
#include "selfplay/players/player_spec.h"
#include "selfplay/retrograde_check.h"
#include "selfplay/solution_check.h"

namespace inchzero::cli {
namespace {

struct SolveArgs {
  GameSelection selection;
  std::string out;
  int64_t max_positions = solver::SolveLimits{}.max_positions;
  bool quiet = false;
  // --check-network mode.
  std::string network;
  std::string solution;
  SolutionCheckOptions check;
  std::vector<std::string> search;  // "key=value" SearchConfig overrides
  std::string format = "text";
  // --retrograde mode.
  bool retrograde = false;
  double memory_gib = 0;  // 0: three quarters of this machine's memory
  int threads = 2;
  int line_moves = 40;
  std::string positions_file;              // --positions: several positions solved together
  std::vector<std::string> check_players;  // --check: players measured against the solve
  std::string save;                        // --save: the retrograde solution file to write
  std::string load;  // --load: a retrograde solution file read instead of solving
  int64_t conversions = RetrogradeCheckOptions{}.conversions;
  bool counter_in_key = false;  // --counter-in-key: no counter layers
};

const char* value_word(int value) { return value > 0 ? "win" : value < 0 ? "loss" : "draw"; }

// What a value means for the player to move at position i, in words.
std::string retrograde_verdict(const solver::RetrogradeSolution& s, int64_t i) {
  const char* side = s.codec().side(s.key(i)) == 0 ? "Red" : "Blue";
  if (s.terminal(i)) return "the game is over";
  switch (s.value(i)) {
    case solver::Value::kWin:
      return fmt::format("a win for {} (to move) in {} moves", side, s.distance(i));
    case solver::Value::kLoss:
      return fmt::format("a loss for {} (to move) in {} moves", side, s.distance(i));
    case solver::Value::kDraw:
      break;
  }
  return s.endless(i) ? "a draw no line of play ends: neither side can force an end (a fortress)"
                      : fmt::format(
                            "a draw that best play ends in {} moves (at a limit or "
                            "by equal scores)",
                            s.distance(i));
}

// Each --check player measured against the solve (selfplay/retrograde_check.h).
// The players are made before the solve, so a bad spec is refused at once.
nlohmann::json check_players(const SolveArgs& args,
                             const std::vector<std::unique_ptr<PlayerFactory>>& factories,
                             const solver::RetrogradeSolution& s) {
  nlohmann::json out = nlohmann::json::array();
  for (const std::unique_ptr<PlayerFactory>& factory : factories) {
    RetrogradeCheckOptions options;
    options.sample = args.check.sample;
    options.conversions = args.conversions;
    options.seed = args.check.seed;
    std::optional<ProgressBar> bar;
    const RetrogradeCheck result =
        check_player_against_retrograde(s, *factory, options, [&](int64_t done, int64_t total) {
          if (!bar) bar.emplace("check " + factory->describe(), total, !args.quiet);
          bar->update(done);
        });
    if (bar) bar->finish();
    nlohmann::json j = result.to_json();
    j["player"] = factory->describe();
    out.push_back(j);
  }
  return out;
}

std::string check_text(const nlohmann::json& c) {
  const auto share = [](int64_t n, int64_t of) { return of ? 100.0 * n / of : 0.0; };
  const nlohmann::json& won = c["won"];
  const nlohmann::json& drawn = c["drawn"];
  const nlohmann::json& conv = c["conversion"];
  return fmt::format(
      "  check {}: optimal {} of {} contested positions ({:.1f} %; won kept won {} of {}, drawn "
      "kept drawn {} of {}; seed {}); converted {} of {} won positions against perfect "
      "defence ({:.1f} %, {} dropped the win, {:.1f} moves over the distance on average)\n",
      c["player"].get<std::string>(), c["optimal"].get<int64_t>(), c["checked"].get<int64_t>(),
      share(c["optimal"].get<int64_t>(), c["checked"].get<int64_t>()), won["kept"].get<int64_t>(),
      won["checked"].get<int64_t>(), drawn["kept"].get<int64_t>(), drawn["checked"].get<int64_t>(),
      c["seed"].get<uint64_t>(), conv["converted"].get<int64_t>(), conv["games"].get<int64_t>(),
      share(conv["converted"].get<int64_t>(), conv["games"].get<int64_t>()),
      conv["win_dropped"].get<int64_t>(), conv["mean_extra_moves"].get<double>());
}

// A position to solve: its label (from the positions file; empty for
// --position or the start) and state.
struct Root {
  std::string label;
  std::unique_ptr<State> state;
};

// The positions file: one position a line in the game's notation, with an
// optional "label:" before it; blank lines and lines starting with # are
// skipped. Each line is checked as --position is, and a bad one is named by
// its line.
std::vector<Root> read_positions_file(const std::string& path, const Game& game) {
  std::istringstream in(read_input_file(path, "positions file"));
  std::vector<Root> roots;
  // A position the solver cannot key (a stack taller than the rules allow)
  // is named by its line here, not refused by the solve later.
  std::optional<solver::InchwormKeyCodec> codec;
  if (const auto* iw = dynamic_cast<const inchworm::InchwormGame*>(&game))
    codec.emplace(*iw, false);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    Root root;
    std::string text = line.substr(first);
    if (const size_t colon = text.find(':'); colon != std::string::npos) {
      root.label = text.substr(0, colon);
      text = text.substr(colon + 1);
    }
    text.erase(0, std::min(text.size(), text.find_first_not_of(' ')));
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.pop_back();
    try {
      root.state = game.state_from_position(text);
      if (codec) codec->pack(dynamic_cast<const inchworm::InchwormState&>(*root.state));
    } catch (const GameError& e) {
      throw GameError(fmt::format("positions file '{}' line {}: {}", path, number, e.what()));
    }
    roots.push_back(std::move(root));
  }
  if (roots.empty()) throw GameError(fmt::format("positions file '{}' has no position", path));
  return roots;
}

// Value, distance and best line of one solved root, as JSON.
nlohmann::json root_answer(const SolveArgs& args, const solver::RetrogradeSolution& s,
                           const Root& root) {
  const int64_t i =
      s.find(s.codec().pack(dynamic_cast<const inchworm::InchwormState&>(*root.state)));
  return {{"label", root.label},
          {"position", root.state->to_position()},
          {"value", static_cast<int>(s.value(i))},
          {"endless", s.endless(i)},
          {"distance", s.distance(i)},
          {"verdict", retrograde_verdict(s, i)},
          {"best_line", solver::best_line(s, *root.state, args.line_moves)}};
}

// The memory --memory allows (default: three quarters of this machine's).
int64_t retrograde_memory_limit(const SolveArgs& args) {
  const int64_t machine = solver::machine_memory_bytes();
  return args.memory_gib > 0 ? static_cast<int64_t>(args.memory_gib * (1 << 30))
                             : (machine > 0 ? machine / 4 * 3 : int64_t{8} << 30);
}

// The solution --load names, read with the game and rules it was solved
// under; the roots are --position / --positions when given, else its first.
solver::RetrogradeSolution load_retrograde(const SolveArgs& args, std::shared_ptr<const Game>& game,
                                           std::vector<Root>& roots) {
  const solver::RetrogradeFileHeader header = solver::read_retrograde_header(args.load);
  game = load_game_from_label(header.game, header.rules_label);
  if (!args.quiet)
    std::cerr << fmt::format("inchzero solve: reading {} ({} positions of {} '{}', {})\n",
                             args.load, header.positions, header.game, header.rules_label,
                             solver::gib_text(header.array_bytes));
  solver::RetrogradeSolution s = solver::read_retrograde_file(
      args.load, dynamic_cast<const inchworm::InchwormGame&>(*game), retrograde_memory_limit(args));
  if (!args.positions_file.empty()) {
    roots = read_positions_file(args.positions_file, *game);
  } else if (!args.selection.position.empty() || !args.selection.moves.empty()) {
    roots.push_back({"", args.selection.load_state(*game)});
  } else {
    roots.push_back({"", s.codec().unpack(s.key(0))});
  }
  for (const Root& r : roots) {
    const auto& state = dynamic_cast<const inchworm::InchwormState&>(*r.state);
    if (s.find(s.codec().pack(state)) < 0)
      throw GameError(fmt::format("position '{}' is not in {} (not reachable from its solve)",
                                  r.state->to_position(), args.load));
  }
  return s;
}

// Solves --position / --positions (default: the start).
solver::RetrogradeSolution solve_retrograde(const SolveArgs& args, const Game& game,
                                            std::vector<Root>& roots) {
  if (!args.positions_file.empty())
    roots = read_positions_file(args.positions_file, game);
  else
    roots.push_back({"", args.selection.load_state(game)});
  solver::RetrogradeOptions options;
  options.memory_limit_bytes = retrograde_memory_limit(args);
  options.threads = args.threads;
  options.counter_layers = !args.counter_in_key;
  if (!args.quiet)
    std::cerr << fmt::format(
        "inchzero solve: retrograde, {} threads, arrays limited to {} (--memory); a "
        "solve that needs more is refused\n",
        options.threads, solver::gib_text(options.memory_limit_bytes));
  ProgressBar bar("solve " + game.name(), 0, !args.quiet);
  std::vector<const State*> states;
  for (const Root& r : roots) states.push_back(r.state.get());
  solver::RetrogradeSolution s = solver::solve_retrograde(
      states, options, [&](const char* phase, const solver::RetrogradeStats& st) {
        bar.update(st.positions,
                   fmt::format("positions ({}), {} levels, {} rounds, {:.0f} MiB", phase, st.levels,
                               st.rounds, st.array_bytes / 1048576.0));
      });
  bar.finish("positions");
  return s;
}

int run_retrograde(const SolveArgs& args) {
  // A path that cannot be written fails now, as bad input, not after the solve.
  if (!args.save.empty()) {
    try {
      check_writable(args.save);
    } catch (const std::runtime_error& e) {
      throw GameError(std::string("--save: ") + e.what());
    }
  }
  std::shared_ptr<const Game> game;
  std::vector<Root> roots;
  if (args.load.empty()) game = args.selection.load();
  // Refused before the solve, not after it: the file holds keys with the count.
  const auto* inchworm_game = dynamic_cast<const inchworm::InchwormGame*>(game.get());
  if (!args.save.empty() && !args.counter_in_key && inchworm_game &&
      inchworm_game->rules().no_capture_limit > 0)
    throw GameError(
        "--save: a solve with a no-capture limit keeps the count in counter layers, which a "
        "retrograde solution file does not hold yet; add --counter-in-key to save it");
  const solver::RetrogradeSolution s =
      args.load.empty() ? solve_retrograde(args, *game, roots) : load_retrograde(args, game, roots);
  if (!args.save.empty()) {
    solver::write_retrograde_file(args.save, s);
    if (!args.quiet) std::cerr << "inchzero solve: wrote " << args.save << "\n";
  }
  std::vector<std::unique_ptr<PlayerFactory>> factories;
  for (const std::string& spec : args.check_players)
    factories.push_back(make_player_factory(spec, game));
  const solver::RetrogradeStats& st = s.stats();
  nlohmann::json answers = nlohmann::json::array();
  for (const Root& r : roots) answers.push_back(root_answer(args, s, r));
  const nlohmann::json checks = check_players(args, factories, s);
  if (args.format == "json") {
    // The first position's answer at the top, as for one position.
    nlohmann::json j = {{"game", game->name()},
                        {"rules", game->options().label()},
                        {"position", answers[0]["position"]},
                        {"value", answers[0]["value"]},
                        {"endless", answers[0]["endless"]},
                        {"distance", answers[0]["distance"]},
                        {"best_line", answers[0]["best_line"]},
                        {"positions", st.positions},
                        {"base_positions", st.base_positions},
                        {"counter_layers", st.counter_layers},
                        {"terminals", st.terminals},
                        {"moves", st.edges},
                        {"wins", st.wins},
                        {"losses", st.losses},
                        {"forced_draws", st.forced_draws},
                        {"endless_draws", st.endless_draws},
                        {"levels", st.levels},
                        {"rounds", st.rounds},
                        {"seconds", st.seconds},
                        {"enumeration_seconds", st.enumeration_seconds},
                        {"array_bytes", st.array_bytes},
                        {"peak_rss_bytes", st.peak_rss_bytes},
                        {"key_bits", s.codec().bits()},
                        {"threads", args.threads}};
    if (!args.load.empty()) j["loaded"] = args.load;
    if (!args.positions_file.empty()) j["solved"] = answers;
    if (!checks.empty()) j["checks"] = checks;
    std::cout << j.dump() << std::endl;
    return kExitOk;
  }
  std::cout << fmt::format("retrograde solve of {} ({})\n", game->name(), game->options().label());
  if (!args.load.empty())
    std::cout << "  read from " << args.load
              << ": the solve's figures below are those of the run that wrote it\n";
  for (const nlohmann::json& a : answers) {
    const std::vector<std::string> line = a["best_line"];
    std::cout << fmt::format(
        "  {}from {}\n    value: {}\n    best line: {}\n",
        a["label"].get<std::string>().empty() ? "" : a["label"].get<std::string>() + ", ",
        a["position"].get<std::string>(), a["verdict"].get<std::string>(),
        line.empty() ? std::string("(none)") : fmt::format("{}", fmt::join(line, " ")));
  }
  std::cout << fmt::format(
      "  {} positions ({} terminal), {} moves between them, {} levels; wins {}, losses {}, "
      "draws ended by play {}, endless draws {}\n"
      "  {:.2f} s on {} threads ({:.2f} s finding the positions, {} rounds of values), arrays "
      "{:.1f} MiB, peak memory {:.1f} MiB, {}-bit keys\n"
      "{}",
      st.positions, st.terminals, st.edges, st.levels, st.wins, st.losses, st.forced_draws,
      st.endless_draws, st.seconds, args.threads, st.enumeration_seconds, st.rounds,
      st.array_bytes / 1048576.0, st.peak_rss_bytes / 1048576.0, s.codec().bits(),
      st.counter_layers == 0
          ? std::string()
          : fmt::format("  counter layers: {} positions without the plies since a capture, "
                        "each solved for every count 0..{} (rounds: one per score group and "
                        "count)\n",
                        st.base_positions, st.counter_layers - 1));
  for (const nlohmann::json& c : checks) std::cout << check_text(c);
  return kExitOk;
}

int run_solve(const SolveArgs& args) {
  if (!args.selection.position.empty() || !args.selection.moves.empty())
    throw GameError(
        "--position and --moves need --retrograde (the solution file starts at the "
        "game's start)");
  if (args.format != "text") throw GameError("--format needs --check-network or --retrograde");
  if (args.out.empty()) throw GameError("--out is required (the solution file to write)");
  auto game = args.selection.load();
  solver::SolveLimits limits;
  limits.max_positions = args.max_positions;
  // The number of positions is unknown until the end: the bar shows counts.
  ProgressBar bar("solve " + game->name(), 0, !args.quiet);
  solver::SolveStats stats;
  const solver::Solution solution = solver::solve(
      *game, limits,
      [&](const solver::SolveStats& s) {
        bar.update(s.positions, fmt::format("positions, {} terminal", s.terminals));
      },
      &stats);
  bar.finish(fmt::format("positions, {} terminal", stats.terminals));
  solver::write_solution(args.out, solution);
  const solver::SolvedPosition& start = solution.start();
  std::cout << fmt::format(
                   "solved {} ({}): {} positions, {} terminal, start is a {} for the first "
                   "player ({} optimal of its decisions), {:.2f} s, peak memory {:.1f} MiB, "
                   "depth {}; wrote {}",
                   game->name(), game->options().label(), stats.positions, stats.terminals,
                   value_word(start.value), start.best.size(), stats.seconds,
                   stats.peak_rss_bytes / 1048576.0, stats.max_depth, args.out)
            << std::endl;
  return kExitOk;
}

int run_check(const SolveArgs& args) {
  const solver::Solution solution = solver::read_solution(args.solution);
  // The game and rules are the solution's own; the fingerprint check catches
  // a rule file that changed since the board was solved.
  std::shared_ptr<const Game> game = load_game_from_label(solution.game, solution.rules_label);
  solver::check_solution_matches(solution, *game, args.solution);
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  BackendShape shape;
  shape.input_size = encoder->shape().size();
  shape.num_actions = game->num_actions();
  // mock and uniform are network-free baselines; anything else is a network
  // file or a run folder (its newest network).
  const std::string spec = args.network == "mock" || args.network == "uniform"
                               ? args.network
                               : "torch:" + resolve_network_path(args.network);
  std::shared_ptr<InferenceBackend> backend = make_backend(spec, shape, game->name());
  SolutionCheckOptions options = args.check;
  options.search = parse_search_settings(args.search, SearchConfig());
  std::optional<ProgressBar> bar;
  const SolutionCheck result = check_against_solution(
      game, encoder, backend, solution, options, [&](int64_t done, int64_t total) {
        if (!bar) bar.emplace("check " + game->name(), total, !args.quiet);
        bar->update(done);
      });
  if (bar) bar->finish();
  if (args.format == "json") {
    nlohmann::json j = result.to_json();
    j["network"] = backend->describe();
    j["solution"] = args.solution;
    std::cout << j.dump() << std::endl;
    return kExitOk;
  }
  std::cout << fmt::format(
      "{} on {} of {} contested positions (seed {}): raw policy not optimal "
      "{:.1f} %",
      backend->describe(), result.contested, result.solved_contested, result.seed,
      100 * result.policy_error());
  if (result.visits > 0)
    std::cout << fmt::format(", search ({} visits) not optimal {:.1f} %", result.visits,
                             100 * result.search_error());
  std::cout << fmt::format("; mean value error {:.3f} on {} of {} positions",
                           result.mean_value_error(), result.positions, result.solved_positions)
            << std::endl;
  return kExitOk;
}

// The options of the three modes, kept for the rules between them.
struct SolveOptions {
  CLI::Option* out = nullptr;
  // --check-network (and, for --sample and --seed, --check).
  CLI::Option* network = nullptr;
  CLI::Option* solution = nullptr;
  CLI::Option* sample = nullptr;
  CLI::Option* visits = nullptr;
  CLI::Option* search = nullptr;
  CLI::Option* seed = nullptr;
  // --retrograde.
  CLI::Option* retrograde = nullptr;
  CLI::Option* memory = nullptr;
  CLI::Option* threads = nullptr;
  CLI::Option* line = nullptr;
  CLI::Option* check = nullptr;
  CLI::Option* positions = nullptr;
  CLI::Option* conversions = nullptr;
  CLI::Option* save = nullptr;
  CLI::Option* load = nullptr;
  CLI::Option* counter_in_key = nullptr;
};

// The negamax solve's options, and those every mode shares.
void add_solve_options(CLI::App& app, SolveArgs& args, SolveOptions& o) {
  args.selection.add_options(app, /*with_position=*/true);
  o.out = app.add_option("--out", args.out, "solution file to write (gzip JSON lines)");
  app.add_option("--max-positions", args.max_positions,
                 "give up (exit 1) beyond this many positions: the board is too big")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 32));
  app.add_flag("--quiet", args.quiet, "no progress display");
  app.add_option("--format", args.format, "text or json (with --check-network or --retrograde)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
}

// --check-network: a network measured against a negamax solution file.
void add_network_check_options(CLI::App& app, SolveArgs& args, SolveOptions& o) {
  o.network = app.add_option("--check-network", args.network,
                             "instead of solving, measure this network (a file, a run folder's "
                             "newest, or the baselines mock | uniform) against --solution");
  o.solution = app.add_option("--solution", args.solution, "solution file for --check-network")
                   ->check(CLI::ExistingFile);
  o.sample = app.add_option("--sample", args.check.sample,
                            "contested positions checked for decisions, and positions for the "
                            "value, each drawn with --seed (0 = all)")
                 ->capture_default_str()
                 ->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
  o.visits = app.add_option("--visits", args.check.visits,
                            "search visits per checked position (0 = no search)")
                 ->capture_default_str()
                 ->check(CLI::Range(0, 1 << 20));
  o.search = app.add_option("--search", args.search,
                            "search setting key=value for --visits (selfplay/search_config.h: "
                            "c_puct, gumbel, score_utility, ...; a run's check uses its "
                            "selfplay.search), repeatable");
  o.seed = app.add_option("--seed", args.check.seed, "seed of the sample")->capture_default_str();
}

// --retrograde: the cycle-aware solve, its solution file and its player checks.
void add_retrograde_options(CLI::App& app, SolveArgs& args, SolveOptions& o) {
  o.retrograde = app.add_flag(
      "--retrograde", args.retrograde,
      "solve every position reachable from --position (default: the start) with cycles "
      "handled, and print its value and best line (inchworm; --save keeps the solve in a "
      "retrograde solution file, --load reads one)");
  o.memory = app.add_option("--memory", args.memory_gib,
                            "--retrograde: refuse a solve whose arrays need more GiB than this "
                            "(default: three quarters of this machine's memory)")
                 ->check(CLI::Range(0.001, 1e6));
  o.threads =
      app.add_option("--threads", args.threads, "--retrograde: threads that expand positions")
          ->capture_default_str()
          ->check(CLI::Range(1, 256));
  o.line =
      app.add_option("--line", args.line_moves, "--retrograde: moves of the best line to print")
          ->capture_default_str()
          ->check(CLI::Range(0, 100000));
  o.check = app.add_option(
      "--check", args.check_players,
      "--retrograde: measure this player (a match spec: ab:2, siege:2, zoo:NAME, ...) against "
      "the solve: how often its move keeps the exact value on --sample contested positions, and "
      "how many of --conversions won positions it wins against perfect defence; repeatable");
  o.positions = app.add_option(
      "--positions", args.positions_file,
      "--retrograde: solve every position of this file together (one a line in the game's "
      "notation, optionally after 'label:'; # comments) and give each one's value and best line");
  o.conversions =
      app.add_option("--conversions", args.conversions,
                     "--check: won positions played out against perfect defence (0 = none)")
          ->capture_default_str()
          ->check(CLI::Range(int64_t{0}, int64_t{1} << 30));
  o.save = app.add_option(
      "--save", args.save,
      "--retrograde: write the solve to this file (a retrograde solution file, about 60 bytes a "
      "position; docs/solved-boards.md), for --load");
  o.load = app.add_option("--load", args.load,
                          "--retrograde: read this retrograde solution file (--save) instead of "
                          "solving, with the game and rules it was solved under; its first "
                          "position unless --position or --positions names others in it")
               ->check(CLI::ExistingFile);
  o.counter_in_key = app.add_flag(
      "--counter-in-key", args.counter_in_key,
      "--retrograde with a no-capture limit: keep the plies since a capture in each position's "
      "key (about 60 bytes for each position and count reached) instead of solving the count in "
      "layers over the positions without it (2 bytes a position and count); the older solve, "
      "to check the layers against, and the one --save can write");
}

// Which options need or exclude which: each mode's options need the mode,
// and the modes exclude one another's inputs.
void constrain_modes(CLI::App& app, const SolveOptions& o) {
  o.positions->excludes(app.get_option("--position"));
  o.positions->excludes(app.get_option("--moves"));
  for (CLI::Option* opt :
       {o.memory, o.threads, o.line, o.check, o.positions, o.save, o.load, o.counter_in_key})
    opt->needs(o.retrograde);
  o.load->excludes(o.save);
  o.load->excludes(o.counter_in_key);
  for (const char* name : {"--game", "--rules", "--set", "--threads"})
    o.load->excludes(app.get_option(name));
  o.conversions->needs(o.check);
  o.retrograde->excludes(o.out);
  o.retrograde->excludes(o.network);
  o.network->needs(o.solution);
  o.solution->needs(o.network);
  for (CLI::Option* opt : {o.visits, o.search}) opt->needs(o.network);
  // --sample and --seed serve --check-network and --check alike (checked when run).
  o.network->excludes(o.out);
  for (const char* name : {"--game", "--rules", "--set", "--max-positions"})
    o.network->excludes(app.get_option(name));
}

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<SolveArgs>();
  SolveOptions options;
  add_solve_options(app, *args, options);
  add_network_check_options(app, *args, options);
  add_retrograde_options(app, *args, options);
  constrain_modes(app, options);
  app.footer(
      "Solves every position reachable from the start by memoised negamax and writes each "
      "one's exact value and optimal decisions. Only games whose positions the notation keys "
      "exactly: inchworm (repetition_draw=0, or a cap below its reach), invector, "
      "steere-inchworm. Board sizes that solve in seconds: docs/solved-boards.md. "
      "--check-network reports the share of contested positions (where some decision is not "
      "optimal) at which the raw policy's and the search's choice is not optimal, and the mean "
      "absolute value error. --retrograde --check PLAYER measures any player against the "
      "retrograde solve: decisions that keep the exact value, and won positions converted "
      "against perfect defence (docs/solved-boards.md).");
  return [args, sample = options.sample, seed = options.seed]() {
    if ((sample->count() || seed->count()) && args->network.empty() && args->check_players.empty())
      throw GameError("--sample and --seed need --check-network or --check");
    if (args->retrograde) return run_retrograde(*args);
    return args->network.empty() ? run_solve(*args) : run_check(*args);
  };
}

}  // namespace

extern const CommandSpec kSolveCommand{
    "solve", "solve a small board exactly, or check a network against a solved board", &setup};

}  // namespace inchzero::cli
