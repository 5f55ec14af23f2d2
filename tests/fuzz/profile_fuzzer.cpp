// libFuzzer entry point for the profile reader (minijvm prof's input; see
// README.md here). Any input must read or yield an error that says what is
// wrong. A profile read is used the way minijvm prof uses it: counted and
// summed from the threads' trees before the merged tree exists (summary,
// top, check), then merged and walked (tree, collapsed stacks), and the two
// must agree.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string_view>
#include <vector>

#include "profilers/export/export.h"
#include "profilers/model/profile.h"
#include "profilers/tool/prof_tool.h"

using namespace minijvm::prof;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto result = read_json(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!result.ok()) {
    if (result.error().message.empty()) __builtin_trap();
    return 0;
  }
  const Profile& profile = result.value();
  const int metric = profile.metrics.empty() ? -1 : 0;
  const size_t contexts = merged_contexts(profile);
  const std::vector<uint64_t> totals = metric_totals(profile);
  std::vector<bool> seen;
  const std::vector<uint64_t> by_method = method_totals(profile, metric, &seen);
  size_t sink = check_profile(profile).size();

  const ProfileTree& merged = profile.merged();
  if (merged_contexts(profile) != contexts) __builtin_trap();
  if (metric_totals(profile) != totals) __builtin_trap();
  std::vector<bool> seen_merged;
  if (method_totals(profile, metric, &seen_merged) != by_method || seen_merged != seen)
    __builtin_trap();
  const ChildIndex children(merged);
  for (size_t i = 0; i < merged.nodes.size(); ++i) sink += children[i].size();

  std::ostringstream out;
  TextOptions options;
  options.metric = metric;
  write_text(profile, options, out);
  write_collapsed(profile, metric, out, true);
  sink += out.str().size();
  return sink == 0xFFFFFFFF ? 1 : 0;
}
