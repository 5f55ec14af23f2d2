#include "profilers/tool/experiment.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include "profilers/export/export.h"
#include "profilers/profiler.h"
#include "profilers/tool/prof_tool.h"

extern char** environ;

namespace minijvm::prof::experiment {

namespace fs = std::filesystem;

namespace {

VmError spec_error(const std::string& message) {
  return make_error("java/lang/IllegalArgumentException", message);
}

std::string trim(std::string s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Splits at the commas outside braces.
std::vector<std::string> split_top(const std::string& s) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string part;
  for (char c : s) {
    if (c == '{') ++depth;
    if (c == '}') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(part);
      part.clear();
    } else {
      part += c;
    }
  }
  parts.push_back(part);
  return parts;
}

std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                        "_-+=/.,:@%") == std::string::npos)
    return s;
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string join_command(const std::vector<std::string>& argv) {
  std::string s;
  for (const std::string& a : argv) {
    if (!s.empty()) s += ' ';
    s += shell_quote(a);
  }
  return s;
}

std::string format(const char* fmt, double v) {
  if (std::isnan(v)) return "";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, fmt, v);
  return buffer;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The last non-empty line of a file, for an error cell.
std::string last_line(const std::string& path) {
  std::istringstream in(read_file(path));
  std::string line, last;
  while (std::getline(in, line))
    if (!trim(line).empty()) last = trim(line);
  return last;
}

// Writes `text` to `path` through a temporary file and a rename: a reader
// (or a resumed run) never sees half of it.
bool write_atomically(const std::string& path, const std::string& text) {
  std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) return false;
  }
  return std::rename(temporary.c_str(), path.c_str()) == 0;
}

}  // namespace

std::string Config::text() const {
  std::string s = profiler;
  for (size_t i = 0; i < settings.size(); ++i) {
    s += i == 0 ? ':' : ',';
    s += settings[i].first;
    s += '=';
    s += settings[i].second;
  }
  return s;
}

Result<std::vector<Config>> expand_grid(const std::string& grid) {
  std::string text = trim(grid);
  size_t colon = text.find(':');
  Config base;
  base.profiler = text.substr(0, colon);
  if (!is_sampler_mode(base.profiler))
    return spec_error("configuration '" + grid + "': '" + base.profiler +
                      "' is not a sampler (timer, cbs, sample, partial, incremental, async)");
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;
  if (colon != std::string::npos && colon + 1 < text.size()) {
    for (const std::string& raw : split_top(text.substr(colon + 1))) {
      std::string setting = trim(raw);
      size_t eq = setting.find('=');
      if (eq == std::string::npos || eq == 0)
        return spec_error("configuration '" + grid + "': '" + setting + "' is not NAME=VALUE");
      std::string name = trim(setting.substr(0, eq)), value = trim(setting.substr(eq + 1));
      if (name == "out")
        return spec_error("configuration '" + grid + "': out= is chosen by the experiment");
      for (const auto& axis : axes)
        if (axis.first == name) return spec_error("configuration '" + grid + "': " + name + " given twice");
      std::vector<std::string> values;
      if (!value.empty() && value.front() == '{') {
        if (value.back() != '}' || value.find('{', 1) != std::string::npos)
          return spec_error("configuration '" + grid + "': unbalanced braces in " + setting);
        for (const std::string& v : split_top(value.substr(1, value.size() - 2))) {
          if (trim(v).empty()) return spec_error("configuration '" + grid + "': an empty value in " + setting);
          values.push_back(trim(v));
        }
      } else {
        if (value.empty() || value.find_first_of("{}") != std::string::npos)
          return spec_error("configuration '" + grid + "': bad value in " + setting);
        values.push_back(value);
      }
      axes.emplace_back(name, std::move(values));
    }
  }
  // The product, the first axis slowest.
  std::vector<Config> points{base};
  for (const auto& [name, values] : axes) {
    std::vector<Config> next;
    for (const Config& c : points)
      for (const std::string& v : values) {
        Config d = c;
        d.settings.emplace_back(name, v);
        next.push_back(std::move(d));
      }
    points = std::move(next);
  }
  return points;
}

Result<Spec> read_spec(const std::string& path, const std::string& self) {
  std::string text = read_file(path);
  if (text.empty() && !std::ifstream(path)) return spec_error("cannot read " + path);
  rapidjson::Document doc;
  doc.Parse(text.c_str(), text.size());
  if (doc.HasParseError())
    return spec_error(path + ": " + rapidjson::GetParseError_En(doc.GetParseError()) + " at offset " +
                      std::to_string(doc.GetErrorOffset()));
  if (!doc.IsObject()) return spec_error(path + ": the spec is not a JSON object");
  Spec spec;
  spec.path = fs::absolute(path).lexically_normal().string();
  fs::path base = fs::path(spec.path).parent_path();
  spec.name = fs::path(path).stem().string();
  spec.minijvm = self;
  auto bad = [&](const std::string& what) { return spec_error(path + ": " + what); };
  auto strings = [&](const rapidjson::Value& v, const char* what,
                     std::vector<std::string>* out) -> Result<void> {
    if (!v.IsArray()) return bad(std::string(what) + " is not an array of strings");
    for (const auto& e : v.GetArray()) {
      if (!e.IsString()) return bad(std::string(what) + " is not an array of strings");
      out->emplace_back(e.GetString(), e.GetStringLength());
    }
    return {};
  };
  bool have_configs = false;
  for (const auto& member : doc.GetObject()) {
    std::string key(member.name.GetString(), member.name.GetStringLength());
    const rapidjson::Value& v = member.value;
    if (key == "name") {
      if (!v.IsString() || v.GetStringLength() == 0) return bad("name is not a non-empty string");
      spec.name = v.GetString();
      if (spec.name.find_first_of("/\\") != std::string::npos) return bad("name holds a slash");
    } else if (key == "minijvm") {
      if (!v.IsString()) return bad("minijvm is not a string");
      spec.minijvm = (base / v.GetString()).lexically_normal().string();
    } else if (key == "vm_options") {
      CHECK_OK(strings(v, "vm_options", &spec.vm_options));
    } else if (key == "repetitions") {
      if (!v.IsInt() || v.GetInt() < 1) return bad("repetitions is not a positive integer");
      spec.repetitions = v.GetInt();
    } else if (key == "seeds") {
      if (!v.IsArray() || v.Empty()) return bad("seeds is not a non-empty array of integers");
      spec.seeds.clear();
      for (const auto& e : v.GetArray()) {
        if (!e.IsUint64()) return bad("seeds is not a non-empty array of integers");
        spec.seeds.push_back(e.GetUint64());
      }
    } else if (key == "timeout") {
      if (!v.IsNumber() || v.GetDouble() <= 0) return bad("timeout is not a positive number of seconds");
      spec.timeout_s = v.GetDouble();
    } else if (key == "threshold") {
      if (!v.IsNumber() || v.GetDouble() <= 0 || v.GetDouble() > 1) return bad("threshold is not in (0, 1]");
      spec.threshold = v.GetDouble();
    } else if (key == "accuracy") {
      if (!v.IsBool()) return bad("accuracy is not true or false");
      spec.accuracy = v.GetBool();
    } else if (key == "configurations") {
      std::vector<std::string> grids;
      CHECK_OK(strings(v, "configurations", &grids));
      for (const std::string& g : grids) {
        auto points = expand_grid(g);
        if (!points.ok()) return bad(points.error().message);
        for (Config& c : points.value()) spec.configs.push_back(std::move(c));
      }
      have_configs = true;
    } else if (key == "workloads") {
      if (!v.IsArray()) return bad("workloads is not an array");
      for (const auto& w : v.GetArray()) {
        if (!w.IsObject()) return bad("a workload is not an object");
        Workload workload;
        workload.dir = base.string();
        for (const auto& field : w.GetObject()) {
          std::string name(field.name.GetString(), field.name.GetStringLength());
          if (name == "name" && field.value.IsString()) {
            workload.name = field.value.GetString();
          } else if (name == "args") {
            CHECK_OK(strings(field.value, "a workload's args", &workload.args));
          } else if (name == "dir" && field.value.IsString()) {
            workload.dir = (base / field.value.GetString()).lexically_normal().string();
          } else {
            return bad("a workload has a bad or unknown field '" + name + "' (name, args, dir)");
          }
        }
        if (workload.name.empty() || workload.args.empty())
          return bad("a workload needs a name and args");
        for (const Workload& other : spec.workloads)
          if (other.name == workload.name) return bad("two workloads are named " + workload.name);
        spec.workloads.push_back(std::move(workload));
      }
    } else {
      return bad("unknown field '" + key +
                 "' (name, workloads, configurations, repetitions, seeds, timeout, threshold, "
                 "accuracy, vm_options, minijvm)");
    }
  }
  if (spec.workloads.empty()) return bad("no workloads");
  if (!have_configs || spec.configs.empty()) return bad("no configurations");
  return spec;
}

std::string Job::key() const {
  return workload->name + "|" + config->text() + "|" + std::to_string(seed) + "|" +
         std::to_string(repetition);
}

std::vector<Job> jobs_of(const Spec& spec) {
  std::vector<Job> jobs;
  for (const Workload& w : spec.workloads)
    for (const Config& c : spec.configs)
      for (uint64_t seed : spec.seeds)
        for (int r = 1; r <= spec.repetitions; ++r) jobs.push_back({jobs.size(), &w, &c, seed, r});
  return jobs;
}

// --- the table -------------------------------------------------------------------------

namespace {

const std::vector<std::string> kLeadingColumns = {"job", "workload", "profiler", "config"};
const std::vector<std::string> kTrailingColumns = {
    "seed",           "repetition",     "status",         "error",
    "baseline_s",     "sampler_s",      "overhead",       "with_cct_s",
    "samples_taken",  "ticks",          "overlap_context", "overlap_edge",
    "overlap_method", "hot_edge_coverage", "top10_methods", "exact_contexts",
    "same_output",    "minijvm_version", "jdk",           "machine",
    "command"};

// A setting's column: its name, unless a measure has it.
std::string setting_column(const std::string& name) {
  for (const auto* list : {&kLeadingColumns, &kTrailingColumns})
    if (std::find(list->begin(), list->end(), name) != list->end()) return "setting_" + name;
  return name;
}

}  // namespace

std::vector<std::string> columns_of(const Spec& spec) {
  std::vector<std::string> columns = kLeadingColumns;
  for (const Config& c : spec.configs)
    for (const auto& [name, value] : c.settings) {
      std::string column = setting_column(name);
      if (std::find(columns.begin(), columns.end(), column) == columns.end()) columns.push_back(column);
    }
  columns.insert(columns.end(), kTrailingColumns.begin(), kTrailingColumns.end());
  return columns;
}

std::string csv_line(const std::vector<std::string>& cells) {
  std::string line;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) line += ',';
    const std::string& c = cells[i];
    if (c.find_first_of(",\"\n\r") == std::string::npos) {
      line += c;
      continue;
    }
    line += '"';
    for (char ch : c) line += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    line += '"';
  }
  return line + "\n";
}

std::string csv_text(const Table& table) {
  std::string text = csv_line(table.columns);
  std::vector<std::string> cells(table.columns.size());
  for (const auto& row : table.rows) {
    for (size_t i = 0; i < table.columns.size(); ++i) {
      auto it = row.find(table.columns[i]);
      cells[i] = it == row.end() ? std::string() : it->second;
    }
    text += csv_line(cells);
  }
  return text;
}

Result<Table> read_csv(const std::string& path) {
  std::string text = read_file(path);
  if (text.empty() && !std::ifstream(path)) return spec_error("cannot read " + path);
  // A row cut off by an interruption has no newline yet.
  if (!text.empty() && text.back() != '\n') text.erase(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string cell;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        cell += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      record.push_back(std::move(cell));
      cell.clear();
    } else if (c == '\n') {
      record.push_back(std::move(cell));
      cell.clear();
      records.push_back(std::move(record));
      record.clear();
    } else if (c != '\r') {
      cell += c;
    }
  }
  if (quoted) return spec_error(path + ": an unterminated quoted cell");
  Table table;
  if (records.empty()) return spec_error(path + ": no header");
  table.columns = records[0];
  for (size_t r = 1; r < records.size(); ++r) {
    if (records[r].size() != table.columns.size())
      return spec_error(path + ": row " + std::to_string(r) + " has " + std::to_string(records[r].size()) +
                        " cells, the header " + std::to_string(table.columns.size()));
    std::map<std::string, std::string> row;
    for (size_t i = 0; i < table.columns.size(); ++i) row[table.columns[i]] = records[r][i];
    table.rows.push_back(std::move(row));
  }
  return table;
}

// --- running ---------------------------------------------------------------------------

namespace {

std::atomic<bool> g_interrupted{false};
// The process groups of the runs under way, for the signal handler.
constexpr int kMaxWorkers = 256;
std::atomic<pid_t> g_running[kMaxWorkers];

void on_interrupt(int) {
  g_interrupted.store(true);
  for (auto& pid : g_running) {
    pid_t p = pid.load();
    if (p > 0) kill(-p, SIGKILL);
  }
}

struct Run {
  bool started = false;
  bool timed_out = false;
  int exit_code = -1;  // or 128 + the signal
  double wall_s = 0;
  std::string failure;  // why it could not start
};

// Runs `argv` in `dir`, its stdout and stderr to files, in a process group
// of its own (so an interrupt reaches the experiment, which ends its runs),
// killed after `timeout_s`.
Run run_process(const std::vector<std::string>& argv, const std::string& dir, const std::string& out,
                const std::string& err, double timeout_s, int worker) {
  Run run;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  int status = posix_spawn(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (status != 0) {
    run.failure = "cannot run " + argv[0] + ": " + std::strerror(status);
    return run;
  }
  run.started = true;
  g_running[worker].store(pid);
  if (g_interrupted.load()) kill(-pid, SIGKILL);
  // A pidfd waits for the exit with a timeout and no polling loop.
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (pidfd >= 0) {
    pollfd p{pidfd, POLLIN, 0};
    int ready;
    do {
      ready = poll(&p, 1, static_cast<int>(std::min(timeout_s * 1000.0, 2.0e9)));
    } while (ready < 0 && errno == EINTR);
    if (ready == 0) {
      run.timed_out = true;
      kill(-pid, SIGKILL);
    }
    close(pidfd);
  }
  int wstatus = 0;
  while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  run.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  g_running[worker].store(0);
  kill(-pid, SIGKILL);  // what the program left running in its group
  run.exit_code = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  return run;
}

struct Environment {
  std::string minijvm_version, jdk, machine;
};

Environment environment_of(const Spec& spec, const std::string& scratch) {
  Environment env;
  std::string out = scratch + "/version.out", err = scratch + "/version.err";
  run_process({spec.minijvm, "-version"}, scratch, out, err, 60, 0);
  std::istringstream lines(read_file(err) + read_file(out));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("minijvm version ", 0) == 0) {
      env.minijvm_version = line.substr(16);
      env.minijvm_version.erase(std::remove(env.minijvm_version.begin(), env.minijvm_version.end(), '"'),
                                env.minijvm_version.end());
    } else if (line.rfind("class library: ", 0) == 0) {
      env.jdk = line.substr(15, line.find(',') == std::string::npos ? std::string::npos : line.find(',') - 15);
    }
  }
  std::remove(out.c_str());
  std::remove(err.c_str());
  char host[256] = {0};
  gethostname(host, sizeof host - 1);
  std::string cpu;
  std::ifstream cpuinfo("/proc/cpuinfo");
  while (std::getline(cpuinfo, line))
    if (line.rfind("model name", 0) == 0) {
      cpu = trim(line.substr(line.find(':') + 1));
      break;
    }
  env.machine = std::string(host) + ", " + (cpu.empty() ? "unknown CPU" : cpu) + ", " +
                std::to_string(std::thread::hardware_concurrency()) + " cores";
  return env;
}

// A job's row: every run it makes, measured; never throws, a failure is a
// row with its error.
std::vector<std::string> run_job(const Spec& spec, const Job& job, const std::vector<std::string>& columns,
                                 const Environment& env, const std::string& runs_dir, bool keep,
                                 int worker) {
  std::map<std::string, std::string> cell;
  cell["job"] = std::to_string(job.index);
  cell["workload"] = job.workload->name;
  cell["profiler"] = job.config->profiler;
  cell["config"] = job.config->text();
  for (const auto& [name, value] : job.config->settings) cell[setting_column(name)] = value;
  cell["seed"] = std::to_string(job.seed);
  cell["repetition"] = std::to_string(job.repetition);
  cell["minijvm_version"] = env.minijvm_version;
  cell["jdk"] = env.jdk;
  cell["machine"] = env.machine;

  std::string dir = runs_dir + "/job-" + std::to_string(job.index);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string sampler = job.config->text();
  bool has_seed = false;
  for (const auto& s : job.config->settings) has_seed |= s.first == "seed";
  sampler += job.config->settings.empty() ? ":" : ",";
  if (!has_seed) sampler += "seed=" + std::to_string(job.seed) + ",";
  auto command = [&](std::vector<std::string> profiles) {
    std::vector<std::string> argv{spec.minijvm};
    argv.insert(argv.end(), spec.vm_options.begin(), spec.vm_options.end());
    argv.insert(argv.end(), profiles.begin(), profiles.end());
    argv.insert(argv.end(), job.workload->args.begin(), job.workload->args.end());
    return argv;
  };
  struct Step {
    const char* name;
    std::vector<std::string> argv;
    Run run;
  };
  Step baseline{"unprofiled", command({}), {}};
  Step alone{"sampler", command({"-profile=" + sampler + "out=" + dir + "/alone.json"}), {}};
  Step both{"sampler + cct",
            command({"-profile=cct:out=" + dir + "/exact.json", "-profile=" + sampler + "out=" + dir + "/sampled.json"}),
            {}};
  cell["command"] = join_command(spec.accuracy ? both.argv : alone.argv);
  // The overhead pair back to back, in alternating order, then the
  // accuracy run (unless the spec wants overheads only).
  std::vector<Step*> order{&baseline, &alone};
  if (job.repetition % 2 == 0) std::swap(order[0], order[1]);
  if (spec.accuracy) order.push_back(&both);
  std::string status = "ok", error;
  for (Step* step : order) {
    std::string stem = dir + "/" + (step == &baseline ? "baseline" : step == &alone ? "alone" : "both");
    step->run = run_process(step->argv, job.workload->dir, stem + ".out", stem + ".err", spec.timeout_s, worker);
    if (g_interrupted.load()) return {};
    const Run& r = step->run;
    if (!r.started) {
      status = "failed";
      error = r.failure;
    } else if (r.timed_out) {
      status = "timeout";
      error = std::string("the ") + step->name + " run took longer than " + format("%g", spec.timeout_s) + " s";
    } else if (r.exit_code != 0) {
      status = "failed";
      std::string last = last_line(stem + ".err");
      error = std::string("the ") + step->name + " run exited with " + std::to_string(r.exit_code) +
              (last.empty() ? "" : ": " + last);
    }
    if (status != "ok") break;
  }
  auto seconds = [](const Step& s) { return s.run.started && !s.run.timed_out ? format("%.3f", s.run.wall_s) : ""; };
  cell["baseline_s"] = seconds(baseline);
  cell["sampler_s"] = seconds(alone);
  cell["with_cct_s"] = seconds(both);
  if (status == "ok") {
    cell["overhead"] = format("%.4f", alone.run.wall_s / baseline.run.wall_s);
    std::string base_out = read_file(dir + "/baseline.out");
    cell["same_output"] = base_out == read_file(dir + "/alone.out") &&
                                  (!spec.accuracy || base_out == read_file(dir + "/both.out"))
                              ? "yes"
                              : "no";
    // The samples come from the accuracy run's sampled profile, or with
    // overheads only from the sampler's run alone.
    auto sampled = read_json_file(dir + (spec.accuracy ? "/sampled.json" : "/alone.json"));
    if (!sampled.ok()) {
      status = "failed";
      error = "reading the profiles: " + sampled.error().message;
    } else {
      cell["samples_taken"] = format("%.0f", stat_number(sampled.value().stats, "samples"));
      cell["ticks"] = format("%.0f", stat_number(sampled.value().stats, "ticks"));
    }
    if (status == "ok" && spec.accuracy) {
      auto exact = read_json_file(dir + "/exact.json");
      if (!exact.ok()) {
        status = "failed";
        error = "reading the profiles: " + exact.error().message;
      } else if (auto accuracy = accuracy_of(exact.value(), sampled.value(), "", spec.threshold, {});
                 !accuracy.ok()) {
        status = "failed";
        error = "comparing the profiles: " + accuracy.error().message;
      } else {
        const Accuracy& a = accuracy.value();
        cell["overlap_context"] = format("%.2f", a.context);
        cell["overlap_edge"] = format("%.2f", a.edge);
        cell["overlap_method"] = format("%.2f", a.method);
        cell["hot_edge_coverage"] = format("%.2f", a.hot_edge);
        cell["top10_methods"] = format("%.2f", a.top10);
        const auto& merged = exact.value().merged().nodes;
        cell["exact_contexts"] = std::to_string(merged.empty() ? 0 : merged.size() - 1);
      }
    }
  }
  cell["status"] = status;
  std::replace(error.begin(), error.end(), '\n', ' ');
  cell["error"] = error;
  if (!keep && status == "ok") fs::remove_all(dir);
  std::vector<std::string> cells;
  for (const std::string& c : columns) cells.push_back(cell.count(c) ? cell[c] : "");
  return cells;
}

// The rows in job order (jobs finish in any order).
Table sorted_by_job(Table table) {
  std::stable_sort(table.rows.begin(), table.rows.end(), [](const auto& a, const auto& b) {
    return std::atol(a.at("job").c_str()) < std::atol(b.at("job").c_str());
  });
  return table;
}

// A row's job, as Job::key names it.
std::string row_key(const std::map<std::string, std::string>& row) {
  return row.at("workload") + "|" + row.at("config") + "|" + row.at("seed") + "|" + row.at("repetition");
}

std::string duration(double s) {
  auto t = static_cast<long>(s + 0.5);
  char buffer[32];
  if (t >= 3600)
    std::snprintf(buffer, sizeof buffer, "%ldh%02ldm", t / 3600, t / 60 % 60);
  else
    std::snprintf(buffer, sizeof buffer, "%ldm%02lds", t / 60, t % 60);
  return buffer;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "minijvm prof experiment: %s\n", message.c_str());
  return 1;
}

int usage() {
  std::fprintf(stderr,
               "usage: minijvm prof experiment SPEC [--out DIR] [-j N] [--keep-runs]\n"
               "       minijvm prof experiment SPEC [--out DIR] --emit parallel|slurm\n"
               "       minijvm prof experiment SPEC [--out DIR] --job I\n"
               "       minijvm prof experiment --merge DIR\n");
  return 2;
}

std::string self_path() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("minijvm") : p.string();
}

// The report beside a results table.
Result<void> write_report(const std::string& dir, const std::string& title) {
  auto table = read_csv(dir + "/results.csv");
  if (!table.ok()) return std::move(table).error();
  if (!write_atomically(dir + "/report.html", html_report(table.value(), title)))
    return spec_error("cannot write " + dir + "/report.html");
  return {};
}

int merge(const std::string& dir) {
  std::vector<std::string> shards;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir + "/shards", ec))
    if (entry.path().extension() == ".csv") shards.push_back(entry.path().string());
  if (ec) return fail("cannot read " + dir + "/shards: " + ec.message());
  if (shards.empty()) return fail(dir + "/shards holds no results");
  Table merged;
  for (const std::string& shard : shards) {
    auto table = read_csv(shard);
    if (!table.ok()) return fail(table.error().message);
    if (merged.columns.empty()) merged.columns = table.value().columns;
    if (table.value().columns != merged.columns)
      return fail(shard + " has other columns than the other shards");
    for (auto& row : table.value().rows) merged.rows.push_back(std::move(row));
  }
  const size_t rows = merged.rows.size();
  if (!write_atomically(dir + "/results.csv", csv_text(sorted_by_job(std::move(merged)))))
    return fail("cannot write " + dir + "/results.csv");
  std::string title = fs::path(dir).filename().string();
  size_t total = 0;
  if (auto spec = read_spec(dir + "/spec.json", self_path()); spec.ok()) {
    title = spec.value().name;
    total = jobs_of(spec.value()).size();
  }
  if (auto written = write_report(dir, title); !written.ok()) return fail(written.error().message);
  std::fprintf(stderr, "minijvm prof experiment: merged %zu shard%s", rows, rows == 1 ? "" : "s");
  if (total > 0) std::fprintf(stderr, " of %zu jobs", total);
  std::fprintf(stderr, " into %s/results.csv and %s/report.html\n", dir.c_str(), dir.c_str());
  if (total > rows) {
    std::fprintf(stderr, "minijvm prof experiment: %zu jobs have no shard yet; run them and merge again\n",
                 total - rows);
    return 1;
  }
  return 0;
}

}  // namespace

int experiment_main(const std::vector<std::string>& args) {
  std::string spec_path, out_dir, emit, merge_dir;
  long jobs_wanted = 1, only_job = -1;
  bool keep = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string* { return i + 1 < args.size() ? &args[++i] : nullptr; };
    auto number = [&](long* into) {
      const std::string* v = value();
      if (v == nullptr) return false;
      char* end = nullptr;
      *into = std::strtol(v->c_str(), &end, 10);
      return !v->empty() && *end == 0 && *into >= 0;
    };
    if (a == "--out") {
      const std::string* v = value();
      if (v == nullptr) return usage();
      out_dir = *v;
    } else if (a == "-j") {
      if (!number(&jobs_wanted) || jobs_wanted < 1 || jobs_wanted > kMaxWorkers)
        return fail("-j takes a number of jobs from 1 to " + std::to_string(kMaxWorkers));
    } else if (a.rfind("-j", 0) == 0 && a.size() > 2) {
      jobs_wanted = std::atol(a.c_str() + 2);
      if (jobs_wanted < 1 || jobs_wanted > kMaxWorkers)
        return fail("-j takes a number of jobs from 1 to " + std::to_string(kMaxWorkers));
    } else if (a == "--job") {
      if (!number(&only_job)) return fail("--job takes a job number");
    } else if (a == "--emit") {
      const std::string* v = value();
      if (v == nullptr || (*v != "parallel" && *v != "slurm")) return fail("--emit takes parallel or slurm");
      emit = *v;
    } else if (a == "--merge") {
      const std::string* v = value();
      if (v == nullptr) return usage();
      merge_dir = *v;
    } else if (a == "--keep-runs") {
      keep = true;
    } else if (!a.empty() && a[0] == '-') {
      return fail("unknown option " + a);
    } else if (spec_path.empty()) {
      spec_path = a;
    } else {
      return usage();
    }
  }
  if (!merge_dir.empty()) return spec_path.empty() ? merge(merge_dir) : usage();
  if (spec_path.empty()) return usage();
  auto read = read_spec(spec_path, self_path());
  if (!read.ok()) return fail(read.error().message);
  const Spec& spec = read.value();
  if (out_dir.empty()) out_dir = "experiment-" + spec.name;
  out_dir = fs::absolute(out_dir).lexically_normal().string();
  std::error_code ec;
  fs::create_directories(out_dir + "/runs", ec);
  if (ec) return fail("cannot create " + out_dir + ": " + ec.message());
  fs::copy_file(spec.path, out_dir + "/spec.json", fs::copy_options::overwrite_existing, ec);
  const std::vector<std::string> columns = columns_of(spec);
  const std::vector<Job> jobs = jobs_of(spec);
  std::string self = self_path();

  if (emit == "parallel") {
    std::string list;
    for (const Job& job : jobs)
      list += join_command({self, "prof", "experiment", spec.path, "--out", out_dir, "--job",
                            std::to_string(job.index)}) + "\n";
    if (!write_atomically(out_dir + "/jobs.txt", list)) return fail("cannot write " + out_dir + "/jobs.txt");
    std::printf("%zu jobs in %s/jobs.txt; run them with GNU parallel, then merge:\n"
                "  parallel -j N < %s/jobs.txt\n  %s prof experiment --merge %s\n",
                jobs.size(), out_dir.c_str(), shell_quote(out_dir).c_str(), shell_quote(self).c_str(),
                shell_quote(out_dir).c_str());
    return 0;
  }
  if (emit == "slurm") {
    // An array job: task I runs job I and writes its shard. Each task runs
    // three runs of the workload, one after the other.
    long minutes = static_cast<long>(std::ceil(spec.timeout_s * 3 / 60.0)) + 5;
    std::string script =
        "#!/bin/bash\n"
        "# minijvm prof experiment " + spec.name + ": one Slurm array task per job (" +
        std::to_string(jobs.size()) + " jobs).\n"
        "# Submit with: sbatch " + shell_quote(out_dir + "/experiment.sbatch") + "\n"
        "# then merge:  " + join_command({self, "prof", "experiment", "--merge", out_dir}) + "\n"
        "#SBATCH --job-name=minijvm-" + spec.name + "\n"
        "#SBATCH --array=0-" + std::to_string(jobs.size() - 1) + "\n"
        "#SBATCH --ntasks=1\n"
        "#SBATCH --cpus-per-task=1\n"
        "#SBATCH --time=" + std::to_string(minutes) + "\n"
        "#SBATCH --output=" + out_dir + "/slurm-%A_%a.out\n"
        "exec " + join_command({self, "prof", "experiment", spec.path, "--out", out_dir, "--job"}) +
        " \"$SLURM_ARRAY_TASK_ID\"\n";
    if (!write_atomically(out_dir + "/experiment.sbatch", script))
      return fail("cannot write " + out_dir + "/experiment.sbatch");
    std::printf("%zu jobs as a Slurm array in %s/experiment.sbatch; submit it, then merge:\n"
                "  sbatch %s/experiment.sbatch\n  %s prof experiment --merge %s\n",
                jobs.size(), out_dir.c_str(), shell_quote(out_dir).c_str(), shell_quote(self).c_str(),
                shell_quote(out_dir).c_str());
    return 0;
  }

  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  Environment env = environment_of(spec, out_dir + "/runs");

  if (only_job >= 0) {
    // One job, its row a shard of its own (GNU parallel, Slurm). A shard
    // already written is kept: a rerun resumes.
    if (static_cast<size_t>(only_job) >= jobs.size())
      return fail("no job " + std::to_string(only_job) + " (the spec makes " + std::to_string(jobs.size()) + ")");
    fs::create_directories(out_dir + "/shards", ec);
    std::string shard = out_dir + "/shards/job-" + std::to_string(only_job) + ".csv";
    if (fs::exists(shard)) return 0;
    std::vector<std::string> row = run_job(spec, jobs[static_cast<size_t>(only_job)], columns, env,
                                           out_dir + "/runs", keep, 0);
    if (g_interrupted.load()) return 130;
    if (!write_atomically(shard, csv_line(columns) + csv_line(row))) return fail("cannot write " + shard);
    return 0;
  }

  // Resuming: the rows written already.
  std::string results = out_dir + "/results.csv";
  std::set<std::string> done;
  if (fs::exists(results)) {
    auto table = read_csv(results);
    if (!table.ok()) return fail(table.error().message);
    if (table.value().columns != columns)
      return fail(results + " was written by another spec (its columns differ); choose another --out");
    // A row of a job this spec does not make (another spec's, written to
    // the same --out) would enter the report unnoticed: refused.
    std::set<std::string> keys;
    for (const Job& job : jobs) keys.insert(job.key());
    size_t foreign = 0;
    const std::map<std::string, std::string>* first_foreign = nullptr;
    for (const auto& row : table.value().rows) {
      std::string key = row_key(row);
      if (keys.count(key) != 0) done.insert(std::move(key));
      else if (foreign++ == 0) first_foreign = &row;
    }
    if (foreign > 0)
      return fail(results + " holds " + std::to_string(foreign) + " row" + (foreign == 1 ? "" : "s") +
                  " of jobs this spec does not make (the first: workload " + first_foreign->at("workload") +
                  ", " + first_foreign->at("config") + ", seed " + first_foreign->at("seed") + ", repetition " +
                  first_foreign->at("repetition") + "); choose another --out, or remove it");
    // Rewrite what was read: a row cut off by the interruption is dropped.
    if (!write_atomically(results, csv_text(table.value()))) return fail("cannot write " + results);
  } else if (!write_atomically(results, csv_line(columns))) {
    return fail("cannot write " + results);
  }
  std::vector<const Job*> pending;
  for (const Job& job : jobs)
    if (!done.count(job.key())) pending.push_back(&job);
  std::fprintf(stderr, "minijvm prof experiment %s: %zu jobs (%zu workload%s x %zu configuration%s x %zu seed%s x %d), ",
               spec.name.c_str(), jobs.size(), spec.workloads.size(), spec.workloads.size() == 1 ? "" : "s",
               spec.configs.size(), spec.configs.size() == 1 ? "" : "s", spec.seeds.size(),
               spec.seeds.size() == 1 ? "" : "s", spec.repetitions);
  if (!done.empty()) std::fprintf(stderr, "%zu done before, ", jobs.size() - pending.size());
  std::fprintf(stderr, "%zu to run, %ld at a time\n", pending.size(), jobs_wanted);

  int fd = open(results.c_str(), O_WRONLY | O_APPEND);
  if (fd < 0) return fail("cannot write " + results + ": " + std::strerror(errno));
  std::mutex mutex;
  std::atomic<size_t> next{0};
  size_t finished = 0, failed = 0;
  auto start = std::chrono::steady_clock::now();
  auto worker = [&](int slot) {
    for (;;) {
      size_t i = next.fetch_add(1);
      if (i >= pending.size() || g_interrupted.load()) return;
      std::vector<std::string> row = run_job(spec, *pending[i], columns, env, out_dir + "/runs", keep, slot);
      if (g_interrupted.load()) return;
      std::string line = csv_line(row);
      std::lock_guard lock(mutex);
      // One write per row: an interruption leaves at most a cut-off last line.
      if (write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size()))
        std::fprintf(stderr, "minijvm prof experiment: cannot write %s: %s\n", results.c_str(), std::strerror(errno));
      ++finished;
      const std::string& status = row[static_cast<size_t>(
          std::find(columns.begin(), columns.end(), "status") - columns.begin())];
      if (status != "ok") ++failed;
      double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      double left = elapsed / static_cast<double>(finished) * static_cast<double>(pending.size() - finished);
      std::fprintf(stderr, "minijvm prof experiment: %zu/%zu jobs done", jobs.size() - pending.size() + finished,
                   jobs.size());
      if (failed > 0) std::fprintf(stderr, " (%zu failed)", failed);
      std::fprintf(stderr, ", %s elapsed, about %s left  [%s %s: %s]\n", duration(elapsed).c_str(),
                   duration(left).c_str(), pending[i]->workload->name.c_str(),
                   pending[i]->config->text().c_str(), status.c_str());
    }
  };
  std::vector<std::thread> workers;
  for (long w = 0; w < jobs_wanted; ++w) workers.emplace_back(worker, static_cast<int>(w));
  for (std::thread& t : workers) t.join();
  close(fd);
  if (g_interrupted.load()) {
    std::fprintf(stderr,
                 "minijvm prof experiment: interrupted with %zu of %zu jobs in %s; the same command "
                 "resumes\n",
                 jobs.size() - pending.size() + finished, jobs.size(), results.c_str());
    return 130;
  }
  // Complete: the rows in job order, whatever order the jobs finished in.
  if (auto table = read_csv(results); table.ok()) {
    if (!write_atomically(results, csv_text(sorted_by_job(std::move(table).value()))))
      return fail("cannot write " + results);
  }
  if (auto written = write_report(out_dir, spec.name); !written.ok()) return fail(written.error().message);
  std::fprintf(stderr, "minijvm prof experiment: %zu rows (%zu not ok) in %s, report in %s/report.html\n",
               jobs.size(), failed, results.c_str(), out_dir.c_str());
  return 0;
}

}  // namespace minijvm::prof::experiment
