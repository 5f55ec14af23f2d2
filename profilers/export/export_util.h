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

}  // namespace minijvm::prof::export_detail
