// `inchzero lab`: the rule-variant lab (issue 5) — compare Inchworm rule sets
// by agent-vs-agent games at several search budgets and by the scripted
// wall-builder's results against the agent; writes report.md, report.csv and
// plots. Resumable: finished (rule set, budget) cells are kept in OUT/results.
#include <iostream>

#include "cli/command.h"
#include "cli/network_choice.h"
#include "core/folder_lock.h"
#include "core/game.h"
#include "core/stop_signals.h"
#include "lab/lab_config.h"
#include "lab/lab_report.h"
#include "lab/lab_runner.h"

namespace inchzero::cli {
namespace {

struct LabArgs {
  std::string config_path;
  std::string out_dir = "lab-out";
  bool quiet = false;
  bool report_only = false;
  std::vector<std::string> only;
  bool cells_only = false;
  bool gates_only = false;
  InferenceChoice inference;  // --precision, --device
  bool config_doc = false;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<LabArgs>();
  // (required unless --config-doc, checked when the command runs)
  CLI::Option* config_option =
      app.add_option("--config", args->config_path,
                     "lab config (configs/lab/quick.yaml: minutes; configs/lab/wall.yaml: hours)");
  app.add_flag("--config-doc", args->config_doc,
               "print every lab config key with its default, accepted values and meaning as a "
               "markdown table, and exit (docs/lab/README.md holds a copy)")
      ->excludes(config_option);
  app.add_option("--out", args->out_dir,
                 "output folder (results/ per rule set and budget, report.md, report.csv, "
                 "plots/); rerunning resumes")
      ->capture_default_str();
  app.add_flag("--quiet", args->quiet, "no progress lines");
  app.add_flag("--report-only", args->report_only,
               "play nothing: report the cells already finished in --out");
  app.add_option("--only", args->only,
                 "play only these rule sets (names from the config, comma-separated); the "
                 "report covers every finished cell")
      ->delimiter(',');
  app.add_flag("--cells-only", args->cells_only,
               "play the missing cells (agent and builder games) but no strength-gate match; "
               "the same command without it plays the gates")
      ->excludes("--report-only");
  app.add_flag("--gates-only", args->gates_only,
               "play the strength-gate matches but no missing cell (an agent is admitted before "
               "its cells are paid for); the same command without it plays the cells")
      ->excludes("--report-only")
      ->excludes("--cells-only");
  args->inference.add_options(app);
  return [args]() {
    if (args->config_doc) {
      std::cout << lab::LabConfig::doc_table();
      return kExitOk;
    }
    if (args->config_path.empty()) {
      throw GameError("lab: --config is required (e.g. configs/lab/quick.yaml)");
    }
    const lab::LabConfig config = lab::LabConfig::from_file(args->config_path);
    lab::LabRunOptions options;
    options.inference = args->inference.resolve(!args->quiet).options;
    options.quiet = args->quiet;
    options.play_missing = !args->report_only;
    options.only = args->only;
    options.play_gates = !args->cells_only;
    options.play_cells = !args->gates_only;
    const std::atomic<bool>& stop = install_stop_handler();
    options.stop = &stop;
    // Two labs in one folder would play and write the same cells.
    const auto lock = FolderLock::take(args->out_dir, "lab.lock", "lab");
    const std::vector<lab::CellResult> cells = lab::run_lab(config, args->out_dir, options);
    if (stop.load()) {
      std::cerr << "stopped; run the same command again to resume\n";
      return kExitFailure;
    }
    if (cells.empty() && args->gates_only) {
      // Nothing to report yet: the gate files are the run's result.
      std::cout << "gates played; no finished cells in " << args->out_dir << " to report yet\n";
      return kExitOk;
    }
    if (cells.empty()) throw GameError("no finished lab results in " + args->out_dir);
    const std::string command = "inchzero lab --config " + args->config_path + " --out " +
                                args->out_dir + (args->report_only ? " --report-only" : "");
    const bool plotted = lab::write_report(config, cells, args->out_dir, command);
    std::cout << "report: " << args->out_dir << "/report.md, " << args->out_dir << "/report.csv"
              << (plotted ? ", " + args->out_dir + "/plots/*.png" : "") << "\n";
    return plotted ? kExitOk : kExitFailure;
  };
}

}  // namespace

extern const CommandSpec kLabCommand{
    "lab", "rule-variant lab: which Inchworm fix removes the drawing wall (report.md/.csv/plots)",
    &setup};

}  // namespace inchzero::cli
