#include "selfplay/eval/ladder.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/atomic_file.h"
#include "core/folder_lock.h"
#include "core/gnuplot.h"
#include "core/json_input.h"
#include "core/seed.h"
#include "selfplay/eval/match.h"
#include "selfplay/eval/match_stats.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

struct Pairing {
  int a, b;  // player indices; a is the match's p0
};

// One pairing's results, for player a.
struct PairingRow {
  std::string a, b;
  int wins = 0, draws = 0, losses = 0;
};

// One finished game as games.jsonl keeps it.
struct LadderGame {
  int pairing = 0, index = 0;
  bool a_first = true;  // player a moved first
  int result = 0;       // for player a: +1, 0, -1
};

// The gauntlet as ladder.json keeps it: "" (a round robin) or the one spec,
// as before several were allowed, so that those ladders resume; a list when
// there are several.
json gauntlet_json(const std::vector<std::string>& gauntlet) {
  if (gauntlet.size() > 1) return gauntlet;
  return gauntlet.empty() ? std::string() : gauntlet.front();
}

// Every setting a resumed ladder must share (not the threads).
json settings_json(const Game& game, const LadderOptions& o) {
  return {{"game", game.name()},
          {"rules", game.options().label()},
          {"rule_values", game.options().to_yaml()},
          {"players", o.players},
          {"gauntlet", gauntlet_json(o.gauntlet)},
          {"games_per_pairing", o.games},
          {"games_in_band", o.games_in_band},
          {"seed", o.seed},
          {"opening_plies", o.opening_plies},
          {"search", o.search.to_json()}};
}

// The settings a resume may raise (game i is the same game whatever the
// number of games), with the option that sets each.
constexpr std::pair<const char*, const char*> kGrowableSettings[] = {
    {"games_per_pairing", "--games"}, {"games_in_band", "--games-in-band"}};

void check_or_write_settings(const std::string& path, const json& settings) {
  if (!fs::exists(path)) return write_file_atomically(path, settings.dump(2) + "\n");
  json old = parse_json_input(read_file(path)).value;
  if (!old.is_object())
    throw GameError(path + ": not a JSON object of settings (a damaged ladder folder?)");
  // A ladder from before games_in_band existed played none.
  if (!old.contains("games_in_band")) old["games_in_band"] = 0;
  const std::string folder = fs::path(path).parent_path().string();
  // Which pairings went on was decided by their first games_per_pairing
  // games: with other first games the same settings could have chosen
  // other pairings, so those games are fixed once a band was played —
  // unless every pairing now plays at least the band's number, which keeps
  // every game played and leaves the band nothing to decide.
  const auto number = [](const json& j, const char* key) {
    return j.contains(key) && j[key].is_number_integer() ? j[key].get<int>() : 0;
  };
  const int old_first = number(old, "games_per_pairing"), old_band = number(old, "games_in_band");
  const int new_first = number(settings, "games_per_pairing");
  if (old_band > old_first && new_first != old_first && new_first < old_band)
    throw GameError(fmt::format(
        "the ladder in {} played on to {} games the pairings whose first {} were in the band "
        "(--games-in-band): --games must stay {}, since other first games could pick other "
        "pairings, or be at least {}, so that every pairing plays them all",
        folder, old_band, old_first, old_first, old_band));
  for (const auto& [key, option] : kGrowableSettings) {
    if (old[key].is_number_integer() && old[key].get<int>() > settings[key].get<int>())
      throw GameError(fmt::format(
          "the ladder in {} was played with {} = {}, more than {} {}: fewer would drop games "
          "(a resume may only raise it)",
          folder, key, old[key].dump(), option, settings[key].dump()));
    old[key] = settings[key];
  }
  for (const auto& [key, value] : settings.items())
    if (!old.contains(key) || old[key] != value)
      throw GameError("the ladder in " + folder + " was played with " + key + " = " +
                      (old.contains(key) ? old[key].dump() : "none") + ", not " + value.dump() +
                      ": use another --out or the same settings");
  write_file_atomically(path, settings.dump(2) + "\n");
}

// A pairing's first games scored strictly between 10 % and 90 % (for
// either side: the band is symmetric).
bool in_band(const std::vector<LadderGame>& games, int pairing, int first_games) {
  int n = 0;
  double points = 0;
  for (const LadderGame& g : games)
    if (g.pairing == pairing && g.index < first_games) ++n, points += (g.result + 1) / 2.0;
  return n > 0 && points > 0.1 * n && points < 0.9 * n;
}

// The finished games of games.jsonl. A torn last line (a crash while
// appending) is cut off the file, so that the next game starts a line of its
// own; any other bad line is an error naming it.
std::vector<LadderGame> read_games(const std::string& path, int pairings, int games) {
  std::vector<LadderGame> out;
  const std::vector<std::string> lines = read_appended_lines(path);
  std::set<std::pair<int, int>> seen;
  for (size_t i = 0; i < lines.size(); ++i) {
    const json j = parse_json_input(lines[i]).value;
    if (!j.is_object()) {
      throw GameError(path + ":" + std::to_string(i + 1) + ": not a game record");
    }
    LadderGame g;
    try {
      g.pairing = j.at("pairing").get<int>();
      g.index = j.at("index").get<int>();
      g.a_first = j.at("p0_first").get<bool>();
      g.result = j.at("result").get<int>();
    } catch (const json::exception& e) {
      throw GameError(path + ":" + std::to_string(i + 1) + ": " + e.what());
    }
    if (g.pairing < 0 || g.pairing >= pairings || g.index < 0 || g.index >= games ||
        g.result < -1 || g.result > 1 || !seen.insert({g.pairing, g.index}).second)
      throw GameError(path + ":" + std::to_string(i + 1) + ": a game this ladder cannot have");
    out.push_back(g);
  }
  return out;
}

// "+12", "-3", and "+0" rather than "-0".
std::string signed_elo(double elo) {
  return fmt::format("{:+.0f}", std::abs(elo) < 0.5 ? 0.0 : elo);
}

std::string report_markdown(const Game& game, const LadderOptions& o, const LadderReport& r,
                            const std::vector<PairingRow>& pairings) {
  std::ostringstream md;
  md << "# Ladder: " << game.name() << " (" << game.options().label() << ")\n\n";
  md << fmt::format(
      "{} of {} games played: {} of {} players, {} games per pairing{}, colours alternated, "
      "{} random opening plies per pair of games, seed {}.\n\n",
      r.games_played, r.games_total,
      o.gauntlet.empty() ? "round robin"
                         : "gauntlet of " + fmt::format("{}", fmt::join(o.gauntlet, ", ")),
      o.players.size(), o.games,
      o.games_in_band > o.games
          ? fmt::format(" ({} where the first {} scored between 10 % and 90 %)", o.games_in_band,
                        o.games)
          : "",
      o.opening_plies, o.seed);
  md << "Ratings: maximum likelihood over all games of a Bradley–Terry model with draws "
        "(Davidson) and a first-move advantage; as the prior, one virtual game per pairing "
        "scored 1/2 and a weak normal prior on the draw propensity "
        "(`selfplay/eval/ladder_fit.h`); 95 % intervals from the observed information; "
     << r.anchor << " = 0.\n\n";
  md << "| rank | player | Elo | 95 % interval | games | W-D-L | score "
        "|\n|---|---|---|---|---|---|---|\n";
  std::vector<size_t> order(r.rows.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return r.rows[x].elo > r.rows[y].elo; });
  int rank = 1;
  for (size_t i : order) {
    const LadderPlayerRow& p = r.rows[i];
    const double score = p.games ? (p.wins + 0.5 * p.draws) / p.games : 0;
    md << fmt::format("| {} | `{}` | {} | [{}, {}] | {} | {}-{}-{} | {:.1f} % |\n", rank++, p.spec,
                      signed_elo(p.elo), signed_elo(p.elo_low), signed_elo(p.elo_high), p.games,
                      p.wins, p.draws, p.losses, 100 * score);
  }
  md << fmt::format(
      "\nFirst mover's advantage: {} Elo. Draw propensity ν = {:.3f} (between equals, "
      "P(draw) = ν / (2 + ν) = {:.1f} %).\n",
      signed_elo(r.fit.advantage_elo), r.fit.draw_nu, 100 * r.fit.draw_nu / (2 + r.fit.draw_nu));
  md << "\n## Pairings\n\nScores of the first player named, with 95 % Wilson intervals.\n\n"
     << "| player | opponent | games | W-D-L | score | 95 % interval "
        "|\n|---|---|---|---|---|---|\n";
  for (const PairingRow& p : pairings) {
    const MatchSummary s = summarize_match(p.wins, p.draws, p.losses);
    md << fmt::format("| `{}` | `{}` | {} | {}-{}-{} | {:.1f} % | [{:.1f}, {:.1f}] % |\n", p.a, p.b,
                      s.games, p.wins, p.draws, p.losses, 100 * s.score, 100 * s.score_interval.low,
                      100 * s.score_interval.high);
  }
  md << "\n![ratings](ratings.png)\n";
  return md.str();
}

// ratings.dat (one line per player, strongest first) and ratings.gp.
std::string draw_ratings(const std::string& out, const LadderReport& r) {
  std::vector<const LadderPlayerRow*> rows;
  for (const LadderPlayerRow& p : r.rows) rows.push_back(&p);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto* x, const auto* y) { return x->elo < y->elo; });
  std::ostringstream dat;
  for (size_t i = 0; i < rows.size(); ++i)
    dat << fmt::format("{} {:.1f} {:.1f} {:.1f} \"{}\"\n", i, rows[i]->elo, rows[i]->elo_low,
                       rows[i]->elo_high, rows[i]->spec);
  write_file_atomically(out + "/ratings.dat", dat.str());
  const int height = 120 + 40 * static_cast<int>(rows.size());
  std::ostringstream gp;
  gp << "# The ladder's ratings; `gnuplot ratings.gp` redraws ratings.png.tmp\n"
     << "set terminal pngcairo size 900," << height << " noenhanced\n"
     << "set output 'ratings.png.tmp'\n"
     << "set title 'Elo with 95 % intervals (" << r.anchor << " = 0)'\n"
     << "set xlabel 'Elo'\nset grid xtics\nset key off\n"
     << "set yrange [-0.7:" << rows.size() - 0.3 << "]\n"
     << "plot 'ratings.dat' using 2:1:3:4:ytic(5) with xerrorbars pt 7 lc rgb '#1f77b4'\n";
  write_file_atomically(out + "/ratings.gp", gp.str());
  return run_gnuplot(out, "ratings.gp", "gnuplot.log", "ratings.png");
}

}  // namespace

LadderReport run_ladder(const std::shared_ptr<const Game>& game, const LadderOptions& options,
                        const std::string& out,
                        const std::function<void(int done, int total)>& progress) {
  // 1. Players and pairings.
  LadderOptions o = options;
  // A gauntlet's players not named by --players come first, in their order.
  std::vector<std::string> unnamed;
  for (const std::string& spec : o.gauntlet)
    if (std::find(o.players.begin(), o.players.end(), spec) == o.players.end() &&
        std::find(unnamed.begin(), unnamed.end(), spec) == unnamed.end())
      unnamed.push_back(spec);
  o.players.insert(o.players.begin(), unnamed.begin(), unnamed.end());
  if (o.players.size() < 2) throw GameError("a ladder needs at least two players");
  if (o.games < 1) throw GameError("a ladder needs at least one game per pairing");
  if (o.games_in_band < 0) throw GameError("--games-in-band must be 0 or more");
  const int most_games = std::max(o.games, o.games_in_band);
  for (size_t i = 0; i < o.players.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (o.players[i] == o.players[j])
        throw GameError("player '" + o.players[i] + "' is named twice");
  const int n = static_cast<int>(o.players.size());
  std::vector<Pairing> pairings;
  const auto in_gauntlet = [&](int player) {
    return std::find(o.gauntlet.begin(), o.gauntlet.end(), o.players[player]) != o.gauntlet.end();
  };
  // With one gauntlet player these are the pairings (and their indices in
  // games.jsonl) of the ladders from before several were allowed.
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      if (o.gauntlet.empty() || in_gauntlet(a) != in_gauntlet(b)) pairings.push_back({a, b});
  std::vector<std::unique_ptr<PlayerFactory>> factories;
  for (const std::string& spec : o.players)
    factories.push_back(make_player_factory(spec, game, o.search, o.inference));

  // 2. The folder, held for the whole ladder (a second ladder would append
  // to the same games.jsonl): settings checked, finished games read back.
  std::error_code ec;
  const bool new_folder = !fs::exists(out, ec);
  auto lock =
      FolderLock::take(out, "ladder.lock", "ladder",
                       " (after Ctrl-C a ladder finishes its games in flight before it exits)");
  try {
    check_or_write_settings(out + "/ladder.json", settings_json(*game, o));
  } catch (...) {
    // Refused before a game (a full disk, settings of another ladder): a
    // folder this ladder made holds nothing but its lock, and goes.
    if (new_folder) {
      lock.reset();
      fs::remove_all(out, ec);
    }
    throw;
  }
  const std::string games_path = out + "/games.jsonl";
  std::vector<LadderGame> games =
      read_games(games_path, static_cast<int>(pairings.size()), most_games);
  std::set<std::pair<int, int>> done;
  for (const LadderGame& g : games) done.insert({g.pairing, g.index});
  // Each pairing's number of games: `games`, or `games_in_band` once its
  // first `games` are in and scored in the band (until then the total
  // counts the first ones only, and grows as pairings turn out in the band).
  const auto pairing_games = [&](int k) {
    for (int i = 0; i < o.games; ++i)
      if (!done.count({k, i})) return o.games;
    return in_band(games, k, o.games) ? most_games : o.games;
  };
  // Games beyond a pairing's number (played when its first games were fewer
  // and in the band) are kept and rated: a resume never drops a game.
  const auto total_games = [&] {
    std::vector<int> present(pairings.size());
    for (const LadderGame& g : games) ++present[g.pairing];
    int total = 0;
    for (size_t k = 0; k < pairings.size(); ++k)
      total += std::max(present[k], pairing_games(static_cast<int>(k)));
    return total;
  };
  LadderReport report;

  // 3. The missing games, each appended as it ends.
  int played = static_cast<int>(games.size());
  if (progress) progress(played, total_games());
  // Each pairing twice: its first `games`, then up to pairing_games() (the
  // same number unless those scored in the band).
  for (size_t pass = 0; pass < pairings.size() * 2; ++pass) {
    if (o.stop && o.stop->load()) break;
    const int pairing = static_cast<int>(pass / 2);
    const bool first_games = pass % 2 == 0;
    const int wanted = first_games ? o.games : pairing_games(pairing);
    int missing = 0;
    for (int i = 0; i < wanted; ++i) missing += !done.count({pairing, i});
    if (missing == 0) continue;
    // What skip() reads must not change while the match plays (its workers
    // call it unlocked, while the callback below adds to `done`).
    std::vector<char> have(wanted);
    for (int i = 0; i < wanted; ++i) have[i] = done.count({pairing, i}) > 0;
    MatchOptions m;
    m.games = wanted;
    m.seed = derive_seed(o.seed, {static_cast<uint64_t>(pairing)});
    m.threads = o.threads;
    m.opening_plies = o.opening_plies;
    m.stop = o.stop;
    m.skip = [&have](int index) { return have[index] != 0; };
    const Pairing& p = pairings[pairing];
    play_match(*game, *factories[p.a], *factories[p.b], m, [&](int, int, const MatchGame& g) {
      const LadderGame lg{pairing, g.index, g.p0_colour == 0, g.result};
      append_line_durably(games_path, json{{"pairing", pairing},
                                           {"p0", o.players[p.a]},
                                           {"p1", o.players[p.b]},
                                           {"index", g.index},
                                           {"p0_first", lg.a_first},
                                           {"result", g.result},
                                           {"end_reason", g.end_reason},
                                           {"plies", g.plies},
                                           {"final_points", g.final_points}}
                                          .dump());
      games.push_back(lg);
      done.insert({pairing, g.index});
      if (progress) progress(++played, total_games());
    });
  }
  report.games_played = static_cast<int>(games.size());
  report.games_total = total_games();

  // 4. Ratings from every game.
  std::vector<PairResults> results;
  std::vector<PairingRow> pairing_rows;
  for (const Pairing& p : pairings) pairing_rows.push_back({o.players[p.a], o.players[p.b]});
  report.rows.resize(n);
  for (int p = 0; p < n; ++p) report.rows[p].spec = o.players[p];
  for (const LadderGame& g : games) {
    const Pairing& p = pairings[g.pairing];
    const int first = g.a_first ? p.a : p.b, second = g.a_first ? p.b : p.a;
    const int first_result = g.a_first ? g.result : -g.result;
    results.push_back({first, second, first_result > 0, first_result == 0, first_result < 0});
    LadderPlayerRow& ra = report.rows[p.a];
    LadderPlayerRow& rb = report.rows[p.b];
    ++ra.games, ++rb.games;
    PairingRow& pr = pairing_rows[g.pairing];
    (g.result > 0 ? pr.wins : g.result < 0 ? pr.losses : pr.draws)++;
    if (g.result > 0)
      ++ra.wins, ++rb.losses;
    else if (g.result < 0)
      ++ra.losses, ++rb.wins;
    else
      ++ra.draws, ++rb.draws;
  }
  for (const LadderPlayerRow& row : report.rows)
    if (row.games == 0) return report;  // not every player has played yet
  const auto random_it = std::find(o.players.begin(), o.players.end(), "random");
  LadderFitOptions fit_options;
  fit_options.anchor =
      random_it == o.players.end() ? 0 : static_cast<int>(random_it - o.players.begin());
  report.anchor = o.players[fit_options.anchor];
  report.fit = fit_ladder(n, results, fit_options);
  for (int p = 0; p < n; ++p) {
    report.rows[p].elo = report.fit.elo[p];
    report.rows[p].elo_low = report.fit.elo_low[p];
    report.rows[p].elo_high = report.fit.elo_high[p];
  }

  // 5. The report.
  write_file_atomically(out + "/ladder.md", report_markdown(*game, o, report, pairing_rows));
  write_file_atomically(out + "/ladder.csv", ladder_csv(report.rows));
  report.plot_error = draw_ratings(out, report);
  report.rated = true;
  return report;
}

}  // namespace inchzero
