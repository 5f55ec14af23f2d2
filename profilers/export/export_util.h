// Helpers shared by the exporters in this folder (not part of the API).
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "profilers/model/profile.h"

namespace minijvm::prof::export_detail {

// Writes `s` as a JSON string literal (RFC 8259 §7): '"' and '\\' escaped,
// control characters as \u00XX, other bytes (UTF-8) as they are. With
// `html_safe`, '<', '>' and '&' are also written as \u00XX so the text can sit
// inside an HTML <script> element.
void write_json_string(std::ostream& out, std::string_view s, bool html_safe = false);

// The frame label of a node's method; "[root]" for a node without a method,
// "[unknown]" for an out-of-range method index.
std::string node_label(const Profile& profile, const ProfileNode& node);

// A node's self value of metric `m` (0 if the node has no such metric).
inline uint64_t self_value(const ProfileNode& node, int m) {
  return m >= 0 && static_cast<size_t>(m) < node.metrics.size() ? node.metrics[m] : 0;
}

}  // namespace minijvm::prof::export_detail
