// pprof output (issue 5, "Formats: pprof"): a Profile as pprof's
// profile.proto (github.com/google/pprof/proto/profile.proto), gzipped, the
// `.pb.gz` that `go tool pprof` reads. No library: the protobuf wire format
// is written by hand, and the gzip member (RFC 1952) holds deflate "stored"
// blocks (RFC 1951 §3.2.4), which every gzip reader accepts.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "profilers/model/profile.h"

namespace minijvm::prof {

// The uncompressed profile.proto message of `profile`:
//  * sample_type: one ValueType per metric (type = metric name, unit "bytes"
//    for alloc_bytes, else "count"); default_sample_type "bytecodes" if
//    present, else metric 0; period_type = that metric, period 1.
//  * sample: one per context of each thread tree (the merged tree if the
//    profile has no threads) with a non-zero self value in some metric;
//    location_id leaf first, up to the root's child; value = the node's self
//    metrics; label "thread" = the thread's name.
//  * mapping: one, "[minijvm]", with functions, file names and lines.
//  * location: one per (method, line); a caller frame's line is the source
//    line of its call site (the child's `line`), the leaf's line is 0.
//  * function: one per method: name "pkg.Class.method" (frame_label),
//    system_name "pkg/Class.method(descriptor)", filename the source file.
//    Root self values get the function "[root]".
//  * string_table[0] is "".
// Deterministic: ids and strings in first-use order.
std::string encode_pprof(const Profile& profile);

// A gzip member (RFC 1952) holding `data` in deflate stored blocks.
std::string gzip_stored(std::string_view data);

// CRC-32 of RFC 1952 §8 (ISO 3309, reflected polynomial 0xEDB88320).
uint32_t crc32(std::string_view data);

// gzip_stored(encode_pprof(profile)) to `out`.
void write_pprof(const Profile& profile, std::ostream& out);

}  // namespace minijvm::prof
