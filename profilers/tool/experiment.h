// `minijvm prof experiment`: accuracy experiments, from a spec of workloads
// × profiler settings to a CSV and an HTML report (README "Accuracy
// experiments").
//
// Each job (workload × configuration × seed × repetition) runs the workload
// three times: unprofiled (the baseline), with the sampler alone (its
// overhead, as the ratio to the baseline of the same job; the two run back to
// back, in alternating order), and with the sampler beside -profile=cct (its
// accuracy against the exact profile of that same execution). A job is one
// CSV row, whatever happened: a failure or a timeout is a row with its
// error. Rows are appended as jobs finish, so an interrupted experiment
// resumes where it stopped; a job run alone (--job, for GNU parallel and
// Slurm) writes a shard that --merge combines.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "vm/result.h"

namespace minijvm::prof::experiment {

struct Workload {
  std::string name;
  std::vector<std::string> args;  // after the VM: -cp ..., the main class, its arguments
  std::string dir;                // the working directory of its runs (absolute)
};

// One point of a configuration grid: the profiler, its settings in the
// order the spec gives them, and the -profile= argument they make.
struct Config {
  std::string profiler;
  std::vector<std::pair<std::string, std::string>> settings;
  std::string text() const;  // "cbs:stride=3,samples=16"
};

struct Spec {
  std::string name;
  std::string path;     // the spec file (absolute)
  std::string minijvm;  // the VM to run (absolute)
  std::vector<std::string> vm_options;  // before each workload's arguments
  std::vector<Workload> workloads;
  std::vector<Config> configs;          // the grids, expanded
  int repetitions = 1;
  std::vector<uint64_t> seeds{1};
  double timeout_s = 600;
  double threshold = 0.1;  // hot-edge coverage
  // Whether each job also runs the sampler with cct, for its accuracy;
  // false: overheads only (the accuracy columns stay empty).
  bool accuracy = true;
};

// Expands one grid, "cbs:stride={1,3},samples={8,16},clock=bytecodes", into
// its points (the product of the braced lists, first setting slowest).
// Error: one line.
Result<std::vector<Config>> expand_grid(const std::string& grid);

// Reads a spec (JSON, README "Accuracy experiments"); `self` is the path of
// this minijvm, the default VM.
Result<Spec> read_spec(const std::string& path, const std::string& self);

struct Job {
  size_t index;  // in the spec's order: workload, configuration, seed, repetition
  const Workload* workload;
  const Config* config;
  uint64_t seed;
  int repetition;
  std::string key() const;  // identifies the job's row across runs (resuming)
};
std::vector<Job> jobs_of(const Spec& spec);

// A CSV table: the header, and rows of cells by column name.
struct Table {
  std::vector<std::string> columns;
  std::vector<std::map<std::string, std::string>> rows;
};
// The columns of `spec`'s rows: fixed ones, and one per setting any
// configuration names.
std::vector<std::string> columns_of(const Spec& spec);
std::string csv_line(const std::vector<std::string>& cells);
// The header and the rows, in the table's column order.
std::string csv_text(const Table& table);
// Error: a malformed file. A last line without its newline (a row cut off
// by an interruption) is dropped.
Result<Table> read_csv(const std::string& path);

// The self-contained HTML report of a results table (experiment_report.cpp).
std::string html_report(const Table& table, const std::string& title);

// The command line after "prof experiment"; the exit status.
int experiment_main(const std::vector<std::string>& args);

}  // namespace minijvm::prof::experiment
