// `minijvm prof COMMAND ...`: reading, converting, diffing and comparing
// profiles (the JSON that -profile= writes). Works on files alone, without
// a VM.
//
//   summary FILE                         totals, contexts, threads, hottest contexts
//   top [-n N] [--metric M] FILE          methods by self value
//   tree [--metric M] [--min-percent P] [--max-depth D] FILE
//   convert IN OUT                       to the format of OUT's extension
//   check FILE                           the profile is consistent: the merged
//       tree is the threads' merged, and a sampler's samples agree with its stats
//   diff [--metric M] [-n N] A B         contexts whose value differs most
//   compare [--metric M] [--threshold T] [--app-only] [--thread NAME] A B
//       overlap percentage (Arnold & Grove) by calling context, by call edge
//       (caller, call site, callee) and by method, and hot-edge coverage
//       (Zhuang et al.) of A's hot edges at T (default 0.1) of the hottest.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "profilers/model/profile.h"

namespace minijvm::prof {

// The command line after "prof"; returns the exit status (0, 1 for an
// error, 2 for bad usage), writing to stdout/stderr.
int prof_tool_main(const std::vector<std::string>& args);

// check: "" if `profile` is consistent, else the first disagreement.
std::string check_profile(const Profile& profile);

// The comparison of compare, for tests and other tools.
struct ProjectionOptions {
  bool app_only = false;    // drop JDK frames (java., javax., jdk., sun., com.sun.)
  std::string thread;       // one thread's tree; "" for the merged tree
};
// Weights of one profile by element: full context paths, call edges, methods.
struct ProfileWeights {
  std::map<std::string, double> contexts;
  std::map<std::string, double> edges;
  std::map<std::string, double> methods;
};
ProfileWeights weights_of(const Profile& profile, int metric, const ProjectionOptions& options);
// 100 * sum over keys of min(a/sum(a), b/sum(b)).
double overlap_percent(const std::map<std::string, double>& a,
                       const std::map<std::string, double>& b);
// The percentage of a's hot keys (weight >= threshold * a's maximum) that
// are hot in b too.
double hot_coverage_percent(const std::map<std::string, double>& a,
                            const std::map<std::string, double>& b, double threshold);

}  // namespace minijvm::prof
