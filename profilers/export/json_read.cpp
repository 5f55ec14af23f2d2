// read_json: the profile JSON (export.h, versions 1 to 3) back into a
// Profile, with RapidJSON's SAX reader: the text streams through a state
// machine that builds the trees directly, so reading costs the Profile's
// memory, not a document tree's, and a .json.gz file is decompressed as it
// is read. Every error names what was expected and the byte offset.
#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "profilers/export/export.h"
#include "profilers/export/profile_file.h"

namespace minijvm::prof {
namespace {

VmError json_error(const std::string& what, size_t offset) {
  return make_error("java/io/IOException",
                    "profile JSON: " + what + " at offset " + std::to_string(offset));
}

// A JSON scalar as the SAX reader hands it over.
struct Scalar {
  enum class Kind { kNull, kBool, kSigned, kUnsigned, kDouble, kString } kind = Kind::kNull;
  bool boolean = false;
  int64_t i = 0;   // kSigned (negative)
  uint64_t u = 0;  // kUnsigned
  double d = 0;
  std::string_view text;
};

// The reader's position in the schema.
enum class State {
  kDocument,    // before the top-level object
  kTop,         // in it
  kMetrics,     // "metrics": [string..]
  kNodeFields,  // "node_fields": [string..] (checked, not needed)
  kStats,       // "stats": {key: number|string}
  kMethods,     // "methods": [{..}..]
  kMethod,
  kMethodLines, // a method's "lines": [integer..] (version 3)
  kNodes,       // a tree's nodes: [{..}..] (version 1) or [[..]..] (versions 2, 3)
  kNodeObject,
  kNodeArray,
  kThreads,     // "threads": [{..}..]
  kThread,
  kSkip,        // an unknown key's object or array
};

// A RapidJSON input stream over a ProfileFileIn, read a block at a time, or
// over a text already in memory (one block, no file). The handler's fast
// path reads plain node rows straight from the block (buffered(), skip()).
class BlockStream {
 public:
  using Ch = char;
  explicit BlockStream(ProfileFileIn* in) : in_(in), buffer_(new char[kBlock]) {
    cur_ = end_ = start_ = buffer_.get();
    refill();
  }
  explicit BlockStream(std::string_view text)
      : cur_(text.data()), end_(text.data() + text.size()), start_(text.data()) {}

  Ch Peek() const { return cur_ < end_ ? *cur_ : '\0'; }
  Ch Take() {
    if (cur_ == end_) return '\0';
    Ch c = *cur_++;
    if (cur_ == end_) refill();
    return c;
  }
  size_t Tell() const { return consumed_ + static_cast<size_t>(cur_ - start_); }
  const std::optional<VmError>& error() const { return error_; }

  // The text read and not yet taken, up to the end of the block.
  std::string_view buffered() const { return {cur_, static_cast<size_t>(end_ - cur_)}; }
  // Takes `n` < buffered().size() characters at once.
  void skip(size_t n) { cur_ += n; }

  // Not an output stream.
  Ch* PutBegin() { return nullptr; }
  void Put(Ch) {}
  void Flush() {}
  size_t PutEnd(Ch*) { return 0; }

 private:
  static constexpr size_t kBlock = 1 << 20;
  void refill() {
    consumed_ += static_cast<size_t>(end_ - start_);
    cur_ = end_ = start_;
    if (in_ == nullptr || error_) return;
    auto n = in_->read(buffer_.get(), kBlock);
    if (!n.ok()) {
      error_ = n.error();
      return;
    }
    end_ = buffer_.get() + *n;
  }

  ProfileFileIn* in_ = nullptr;
  std::unique_ptr<char[]> buffer_;
  const char* cur_ = nullptr;
  const char* end_ = nullptr;
  const char* start_ = nullptr;  // the block's first character
  size_t consumed_ = 0;          // characters in the blocks before this one
  std::optional<VmError> error_;
};

// Room for `count` nodes in `tree`, when a file says how many it holds: up
// to `*most` (what is left of 64 million, or of what a text or a plain
// file can hold, for all threads together), and only if this machine
// has the memory (else the arrays grow as they are read). Such an array
// takes hundreds of megabytes, touched page by page as it is read, and
// where a page fault is dear (about 10 us on the host of the README's
// tables) the faults were a quarter of reading a 250 MB profile: the
// arrays, which the count fills exactly, are asked for transparent huge
// pages (ProfileTree::reserve), and mapped ahead of the parse (Prefaulter).
// Returns whether the room was made.
bool reserve(ProfileTree& tree, uint64_t count, uint64_t* most) {
  if (count > *most) return false;
  *most -= count;
  try {
    tree.reserve(count);
    return true;
  } catch (const std::bad_alloc&) {
    return false;  // the hint is not taken; the nodes are still read
  }
}

// Maps a tree's arrays, made room for by reserve(), on a thread of its own
// while the nodes are parsed into them: the kernel's part of their pages
// (clearing them, and finding huge pages, which after a profiled run had
// just freed gigabytes took as long as the parse) is done on another core
// than the parse. The pages are asked for a stretch at a time, so a parse
// that catches up finds its pages mapped behind it. Stopped (and waited
// for) before the arrays could move: when the tree outgrows its room, and
// when the parse ends.
class Prefaulter {
 public:
  Prefaulter() = default;
  Prefaulter(const Prefaulter&) = delete;
  Prefaulter& operator=(const Prefaulter&) = delete;
  ~Prefaulter() { stop(); }

  // The room `tree` has now (its arrays' capacities).
  void start(const ProfileTree& tree) {
#ifdef MADV_POPULATE_WRITE
    stop();
    ranges_.clear();
    add(tree.nodes.data(), tree.nodes.capacity() * sizeof(ProfileNode));
    add(tree.values.data(), tree.values.capacity() * sizeof(uint64_t));
    if (ranges_.empty()) return;
    stop_.store(false, std::memory_order_relaxed);
    thread_ = std::thread([this] { run(); });
#else
    (void)tree;
#endif
  }
  void stop() {
    stop_.store(true, std::memory_order_relaxed);
    if (thread_.joinable()) thread_.join();
  }

 private:
  static constexpr uintptr_t kPage = 4096;
  static constexpr uintptr_t kStretch = uintptr_t{2} << 20;
  static constexpr size_t kLeast = size_t{16} << 20;  // smaller arrays fault as they are filled

  void add(const void* data, size_t bytes) {
    if (bytes < kLeast) return;
    const auto begin = (reinterpret_cast<uintptr_t>(data) + kPage - 1) & ~(kPage - 1);
    const auto end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kPage - 1);
    if (end > begin) ranges_.push_back({begin, end});
  }
  void run() {
#ifdef MADV_POPULATE_WRITE
    for (auto [begin, end] : ranges_) {
      for (uintptr_t at = begin; at < end && !stop_.load(std::memory_order_relaxed); at += kStretch) {
        // A failure (an old kernel, no memory) leaves the pages to the parse.
        if (madvise(reinterpret_cast<void*>(at), std::min(kStretch, end - at), MADV_POPULATE_WRITE) != 0)
          return;
      }
    }
#endif
  }

  std::vector<std::pair<uintptr_t, uintptr_t>> ranges_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

class ProfileHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, ProfileHandler> {
 public:
  ProfileHandler(BlockStream* stream, uint64_t most_nodes)
      : stream_(stream), most_nodes_(most_nodes) {}

  // SAX events: false stops the parse (error_ says why).
  bool Null() { return scalar(Scalar{}); }
  bool Bool(bool b) {
    Scalar s{Scalar::Kind::kBool};
    s.boolean = b;
    return scalar(s);
  }
  bool Int(int v) { return Int64(v); }
  bool Uint(unsigned v) { return Uint64(v); }
  bool Int64(int64_t v) {
    if (v >= 0) return Uint64(static_cast<uint64_t>(v));
    Scalar s{Scalar::Kind::kSigned};
    s.i = v;
    return scalar(s);
  }
  bool Uint64(uint64_t v) {
    Scalar s{Scalar::Kind::kUnsigned};
    s.u = v;
    return scalar(s);
  }
  bool Double(double v) {
    Scalar s{Scalar::Kind::kDouble};
    s.d = v;
    return scalar(s);
  }
  bool String(const char* text, rapidjson::SizeType length, bool) {
    Scalar s{Scalar::Kind::kString};
    s.text = std::string_view(text, length);
    return scalar(s);
  }
  bool Key(const char* text, rapidjson::SizeType length, bool) {
    key_.assign(text, length);
    return true;
  }
  bool StartObject();
  bool EndObject(rapidjson::SizeType);
  bool StartArray();
  bool EndArray(rapidjson::SizeType);

  // After the parse: the checks that need the whole document.
  Result<Profile> finish();
  const std::optional<VmError>& error() const { return error_; }

 private:
  bool fail(const std::string& what) {
    if (!error_) error_ = json_error(what, stream_->Tell());
    return false;
  }
  bool scalar(const Scalar& s);
  bool top_value(const Scalar& s);
  bool method_value(const Scalar& s);
  bool node_value(const Scalar& s, std::string_view field);
  bool stat_value(const Scalar& s);
  bool finish_node();
  void read_plain_row();
  void set_lines(ProfileTree& tree) const;
  // The fields a node row starts with: parent, method, site, line (version
  // 2) or up, method, site (version 3).
  size_t head_fields() const { return version_ == 3 ? 3 : 4; }
  void push(State s) { states_.push_back(s); }
  State state() const { return states_.back(); }

  template <typename Int>
  bool integer(const Scalar& s, std::string_view what, Int* out) {
    if (s.kind == Scalar::Kind::kUnsigned && s.u <= static_cast<uint64_t>(std::numeric_limits<Int>::max())) {
      *out = static_cast<Int>(s.u);
      return true;
    }
    if (s.kind == Scalar::Kind::kSigned && std::numeric_limits<Int>::is_signed &&
        s.i >= static_cast<int64_t>(std::numeric_limits<Int>::min())) {
      *out = static_cast<Int>(s.i);
      return true;
    }
    return fail("\"" + std::string(what) + "\" must be an integer in range");
  }

  BlockStream* stream_;
  uint64_t most_nodes_;  // "node_count" hints taken add up to at most this
  std::optional<VmError> error_;
  std::vector<State> states_{State::kDocument};
  int skip_depth_ = 0;
  std::string key_;
  Profile p_;
  int version_ = 0;
  bool has_format_ = false, has_profiler_ = false, has_metrics_ = false, has_methods_ = false,
       has_nodes_ = false, has_threads_ = false;
  // The method being read.
  ProfileMethod method_;
  int method_keys_ = 0;  // bits: id class name descriptor native
  std::vector<int32_t> method_lines_;
  // Each method's "lines" (start_pc, line, ...; version 3), by index.
  std::vector<std::vector<int32_t>> lines_;
  // The node being read, and the tree it goes to.
  ProfileTree* tree_ = nullptr;
  ProfileNode node_;
  std::vector<uint64_t> node_values_;  // one per metric
  int32_t node_id_ = -1;
  size_t field_ = 0;  // versions 2, 3: the next field of the node array
  bool has_node_keys_ = false;
  // The thread being read; stats go to *stats_.
  ThreadProfile thread_;
  bool has_thread_name_ = false;
  Stats* stats_ = nullptr;
  // Declared last: stopped before the trees it maps could go.
  Prefaulter prefaulter_;
};

bool ProfileHandler::scalar(const Scalar& s) {
  switch (state()) {
    case State::kDocument:
      return fail("expected an object");
    case State::kTop:
      return top_value(s);
    case State::kMetrics:
      if (s.kind != Scalar::Kind::kString) return fail("a metric must be a string");
      p_.metrics.emplace_back(s.text);
      return true;
    case State::kNodeFields:
      return true;
    case State::kStats:
      return stat_value(s);
    case State::kMethods:
      return fail("a method must be an object");
    case State::kMethod:
      return method_value(s);
    case State::kMethodLines: {
      int32_t v = 0;
      if (!integer(s, "lines", &v)) return false;
      // start_pc, line pairs, start_pc ascending.
      if (method_lines_.size() % 2 == 0 &&
          (v < 0 || (!method_lines_.empty() && v <= method_lines_[method_lines_.size() - 2])))
        return fail("\"lines\" must pair increasing start_pcs with lines");
      method_lines_.push_back(v);
      return true;
    }
    case State::kNodes:
      return fail("a node must be an object or an array");
    case State::kNodeObject:
      return node_value(s, key_);
    case State::kNodeArray: {
      // Versions 2, 3: the fields by position, as "node_fields" names them
      // (version 3's "up" is made the parent's id by finish_node).
      const size_t f = field_++, head = head_fields();
      if (f >= head) {
        if (f - head >= p_.metrics.size()) return fail("a node has more values than metrics");
        return integer(s, p_.metrics[f - head], &node_values_[f - head]);
      }
      switch (f) {
        case 0:
          return integer(s, version_ == 3 ? "up" : "parent", &node_.parent);
        case 1:
          return integer(s, "method", &node_.method);
        case 2:
          return integer(s, "site", &node_.site);
        default:
          return integer(s, "line", &node_.line);
      }
    }
    case State::kThreads:
      return fail("a thread must be an object");
    case State::kThread:
      if (key_ == "name") {
        if (s.kind != Scalar::Kind::kString) return fail("\"name\" must be a string");
        thread_.name = std::string(s.text);
        has_thread_name_ = true;
        return true;
      }
      if (key_ == "id") return integer(s, "id", &thread_.id);
      if (key_ == "node_count") {
        // The writer's hint: the nodes array's length, so it is allocated
        // once. A hint too large for this machine is not taken.
        uint64_t count = 0;
        if (!integer(s, "node_count", &count)) return false;
        thread_.tree.width = p_.metrics.size();
        if (reserve(thread_.tree, count, &most_nodes_)) prefaulter_.start(thread_.tree);
        return true;
      }
      if (key_ == "nodes") return fail("\"nodes\" must be an array");
      if (key_ == "stats") return fail("\"stats\" must be an object");
      return true;
    case State::kSkip:
      return true;
  }
  return true;
}

bool ProfileHandler::top_value(const Scalar& s) {
  if (key_ == "format") {
    if (s.kind != Scalar::Kind::kString || s.text != "minijvm-profile")
      return fail("not a minijvm profile (\"format\" must be \"minijvm-profile\")");
    has_format_ = true;
  } else if (key_ == "version") {
    if (s.kind != Scalar::Kind::kUnsigned || s.u < 1 || s.u > 3) {
      std::string shown = s.kind == Scalar::Kind::kUnsigned ? std::to_string(s.u)
                          : s.kind == Scalar::Kind::kSigned ? std::to_string(s.i)
                                                            : "value";
      return fail("unsupported version " + shown + " (this reader knows versions 1 to 3)");
    }
    version_ = static_cast<int>(s.u);
  } else if (key_ == "profiler") {
    if (s.kind != Scalar::Kind::kString) return fail("\"profiler\" must be a string");
    p_.profiler = std::string(s.text);
    has_profiler_ = true;
  } else if (key_ == "metrics" || key_ == "methods" || key_ == "nodes" || key_ == "threads" ||
             key_ == "node_fields") {
    return fail("\"" + key_ + "\" must be an array");
  } else if (key_ == "stats") {
    return fail("\"stats\" must be an object");
  }
  return true;
}

bool ProfileHandler::stat_value(const Scalar& s) {
  switch (s.kind) {
    case Scalar::Kind::kString:
      stats_->emplace_back(key_, std::string(s.text));
      return true;
    case Scalar::Kind::kSigned:
      stats_->emplace_back(key_, s.i);
      return true;
    case Scalar::Kind::kUnsigned:
      if (s.u <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        stats_->emplace_back(key_, static_cast<int64_t>(s.u));
      else
        stats_->emplace_back(key_, static_cast<double>(s.u));
      return true;
    case Scalar::Kind::kDouble:
      stats_->emplace_back(key_, s.d);
      return true;
    default:
      return fail("stat \"" + key_ + "\" must be a number or a string");
  }
}

bool ProfileHandler::method_value(const Scalar& s) {
  auto string = [&](std::string* out, int bit) {
    if (s.kind != Scalar::Kind::kString) return fail("\"" + key_ + "\" must be a string");
    *out = std::string(s.text);
    method_keys_ |= bit;
    return true;
  };
  if (key_ == "id") {
    int32_t id = -1;
    if (!integer(s, "id", &id)) return false;
    if (id < 0 || static_cast<size_t>(id) != p_.methods.size())
      return fail("method id " + std::to_string(id) + " out of order");
    method_keys_ |= 1;
    return true;
  }
  if (key_ == "lines") return fail("\"lines\" must be an array");
  if (key_ == "class") return string(&method_.class_name, 2);
  if (key_ == "name") return string(&method_.name, 4);
  if (key_ == "descriptor") return string(&method_.descriptor, 8);
  if (key_ == "source") return string(&method_.source, 0);
  if (key_ == "native") {
    if (s.kind != Scalar::Kind::kBool) return fail("\"native\" must be a boolean");
    method_.is_native = s.boolean;
    method_keys_ |= 16;
  }
  if (key_ == "jdk") {
    if (s.kind != Scalar::Kind::kBool) return fail("\"jdk\" must be a boolean");
    method_.origin = s.boolean ? ProfileMethod::Origin::kJdk : ProfileMethod::Origin::kApplication;
  }
  return true;
}

bool ProfileHandler::node_value(const Scalar& s, std::string_view field) {
  has_node_keys_ = true;
  if (field == "id") return integer(s, "id", &node_id_);
  if (field == "parent") return integer(s, "parent", &node_.parent);
  if (field == "method") return integer(s, "method", &node_.method);
  if (field == "site") return integer(s, "site", &node_.site);
  if (field == "line") return integer(s, "line", &node_.line);
  for (size_t m = 0; m < p_.metrics.size(); ++m)
    if (field == p_.metrics[m]) return integer(s, field, &node_values_[m]);
  return true;  // an unknown key
}

// The fast path for a version-2 node row as the writer writes it, called
// when the parser meets its '[': when the row is plain integers separated
// by bare commas, as many as the row must hold, each in its field's range,
// and the row's ']' is in the stream's block, the row is read here and the
// stream moved on so that RapidJSON reads an empty array. Anything else
// (spaces, other numbers, a row across blocks) is left to the generic
// parse, which reads or rejects it. Reading a large profile is mostly
// reading rows: a SAX event per number cost 0.9 s of the 3.3 s a 252 MB
// profile took to read.
void ProfileHandler::read_plain_row() {
  std::string_view text = stream_->buffered();
  const char* p = text.data();
  const char* end = p + text.size();
  const size_t head_fields = this->head_fields();
  const size_t fields = head_fields + p_.metrics.size();
  // Version 3 leaves trailing zeros out: a row may end after its head.
  const size_t least = version_ == 3 ? head_fields : fields;
  // RapidJSON's iterative parser calls StartArray before it takes the '['.
  bool bracket = p < end && *p == '[';
  if (bracket) ++p;
  int32_t head[4] = {-1, -1, -1, -1};
  size_t f = 0;
  for (;;) {
    bool negative = p < end && *p == '-';
    if (negative) ++p;
    const char* digits = p;
    uint64_t v = 0;
    while (p < end && *p >= '0' && *p <= '9' && p - digits < 19) v = v * 10 + static_cast<uint64_t>(*p++ - '0');
    if (p == digits || p == end || (p - digits > 1 && *digits == '0')) return;
    if (f < head_fields) {
      if (v > (negative ? uint64_t{1} << 31 : uint64_t{INT32_MAX})) return;
      head[f] = static_cast<int32_t>(negative ? -static_cast<int64_t>(v) : static_cast<int64_t>(v));
    } else {
      if (negative) return;
      node_values_[f - head_fields] = v;
    }
    ++f;
    if (*p == ']' && f >= least) break;
    if (*p != ',' || f == fields) return;
    ++p;
  }
  node_.parent = head[0];
  node_.method = head[1];
  node_.site = head[2];
  node_.line = head[3];
  field_ = f;
  // Left at the ']', or, when the '[' is still to be taken, one before: the
  // parser then takes the row's last digit as the '[' and reads "]".
  stream_->skip(static_cast<size_t>(p - text.data()) - (bracket ? 1 : 0));
}

bool ProfileHandler::finish_node() {
  auto id = static_cast<int32_t>(tree_->nodes.size());
  if (state() == State::kNodeObject) {
    if (node_id_ < 0 || node_id_ != id)
      return fail("node id " + std::to_string(node_id_) + " out of order (expected " +
                  std::to_string(id) + ")");
  } else if (field_ < head_fields()) {
    return fail("node " + std::to_string(id) + " has " + std::to_string(field_) +
                (version_ == 3 ? " values (up, method, site and the metrics)"
                               : " values (parent, method, site, line and the metrics)"));
  }
  if (state() == State::kNodeArray && version_ == 3) {
    // "up": the node's id less its parent's; 0 for the root only.
    const int32_t up = node_.parent;
    if (id == 0 ? up != 0 : (up <= 0 || up > id))
      return fail("node " + std::to_string(id) + ": bad up " + std::to_string(up));
    node_.parent = id == 0 ? -1 : id - up;
  }
  if (id == 0 ? node_.parent != -1 : (node_.parent < 0 || node_.parent >= id))
    return fail("node " + std::to_string(id) + ": bad parent " + std::to_string(node_.parent));
  if (node_.method < -1) return fail("node " + std::to_string(id) + ": bad method " + std::to_string(node_.method));
  if (id == 0 && tree_->width != node_values_.size()) {
    tree_->width = node_values_.size();
    tree_->values.clear();
  }
  if (tree_->nodes.size() == tree_->nodes.capacity() ||
      tree_->values.size() + node_values_.size() > tree_->values.capacity())
    prefaulter_.stop();  // (the arrays may move)
  tree_->add(node_, node_values_);
  return true;
}

bool ProfileHandler::StartObject() {
  switch (state()) {
    case State::kDocument:
      push(State::kTop);
      return true;
    case State::kTop:
      if (key_ == "stats") {
        stats_ = &p_.stats;
        push(State::kStats);
        return true;
      }
      if (key_ == "format" || key_ == "version" || key_ == "profiler")
        return top_value(Scalar{});
      if (key_ == "metrics" || key_ == "methods" || key_ == "nodes" || key_ == "threads")
        return fail("\"" + key_ + "\" must be an array");
      break;
    case State::kMethods:
      method_ = ProfileMethod{};
      method_keys_ = 0;
      method_lines_.clear();
      push(State::kMethod);
      return true;
    case State::kNodes:
      node_ = ProfileNode{};
      node_values_.assign(p_.metrics.size(), 0);
      node_id_ = -1;
      push(State::kNodeObject);
      return true;
    case State::kThreads:
      thread_ = ThreadProfile{};
      has_thread_name_ = false;
      push(State::kThread);
      return true;
    case State::kThread:
      if (key_ == "stats") {
        stats_ = &thread_.stats;
        push(State::kStats);
        return true;
      }
      if (key_ == "nodes") return fail("\"nodes\" must be an array");
      break;
    case State::kSkip:
      ++skip_depth_;
      return true;
    case State::kMetrics:
      return fail("a metric must be a string");
    case State::kStats:
      return fail("stat \"" + key_ + "\" must be a number or a string");
    case State::kMethodLines:
      return fail("\"lines\" must be integers");
    case State::kMethod:
      if (key_ == "lines") return fail("\"lines\" must be an array");
      break;
    case State::kNodeArray:
    case State::kNodeObject:
      if (state() == State::kNodeArray || key_ == "parent" || key_ == "method" || key_ == "site" ||
          key_ == "id" || key_ == "line")
        return fail("a node's values must be integers");
      break;
    default:
      break;
  }
  // An unknown key's object.
  skip_depth_ = 1;
  push(State::kSkip);
  return true;
}

bool ProfileHandler::EndObject(rapidjson::SizeType) {
  switch (state()) {
    case State::kSkip:
      if (--skip_depth_ == 0) states_.pop_back();
      return true;
    case State::kMethod:
      for (auto [bit, key] : {std::pair{1, "id"}, {2, "class"}, {4, "name"}, {8, "descriptor"},
                              {16, "native"}})
        if ((method_keys_ & bit) == 0) return fail("missing key \"" + std::string(key) + "\"");
      p_.methods.push_back(std::move(method_));
      lines_.push_back(std::move(method_lines_));
      break;
    case State::kNodeObject:
      if (!finish_node()) return false;
      break;
    case State::kThread:
      if (!has_thread_name_) return fail("missing key \"name\"");
      if (tree_ != &thread_.tree) return fail("missing key \"nodes\"");
      p_.threads.push_back(std::move(thread_));
      tree_ = nullptr;
      break;
    default:
      break;
  }
  states_.pop_back();
  return true;
}

bool ProfileHandler::StartArray() {
  switch (state()) {
    case State::kDocument:
      return fail("expected an object");
    case State::kTop:
      if (key_ == "metrics") {
        has_metrics_ = true;
        push(State::kMetrics);
        return true;
      }
      if (key_ == "node_fields") {
        push(State::kNodeFields);
        return true;
      }
      if (key_ == "methods") {
        has_methods_ = true;
        push(State::kMethods);
        return true;
      }
      if (key_ == "nodes") {
        has_nodes_ = true;
        tree_ = &p_.merged();
        push(State::kNodes);
        return true;
      }
      if (key_ == "threads") {
        has_threads_ = true;
        push(State::kThreads);
        return true;
      }
      if (key_ == "format" || key_ == "version" || key_ == "profiler") return top_value(Scalar{});
      if (key_ == "stats") return fail("\"stats\" must be an object");
      break;
    case State::kThread:
      if (key_ == "nodes") {
        tree_ = &thread_.tree;
        push(State::kNodes);
        return true;
      }
      if (key_ == "stats") return fail("\"stats\" must be an object");
      break;
    case State::kMethod:
      if (key_ == "lines") {
        method_lines_.clear();
        push(State::kMethodLines);
        return true;
      }
      break;
    case State::kNodes:
      // A row's fields depend on the version (the writer puts it first).
      if (version_ == 0) return fail("\"version\" must come before the nodes");
      node_ = ProfileNode{};
      node_values_.assign(p_.metrics.size(), 0);
      field_ = 0;
      push(State::kNodeArray);
      read_plain_row();
      return true;
    case State::kSkip:
      ++skip_depth_;
      return true;
    case State::kMetrics:
      return fail("a metric must be a string");
    case State::kMethods:
      return fail("a method must be an object");
    case State::kThreads:
      return fail("a thread must be an object");
    case State::kStats:
      return fail("stat \"" + key_ + "\" must be a number or a string");
    case State::kNodeArray:
    case State::kMethodLines:
      return fail(state() == State::kNodeArray ? "a node's values must be integers"
                                               : "\"lines\" must be integers");
    default:
      break;
  }
  skip_depth_ = 1;
  push(State::kSkip);
  return true;
}

bool ProfileHandler::EndArray(rapidjson::SizeType) {
  switch (state()) {
    case State::kSkip:
      if (--skip_depth_ == 0) states_.pop_back();
      return true;
    case State::kNodeArray:
      if (!finish_node()) return false;
      break;
    case State::kMethodLines:
      if (method_lines_.size() % 2 != 0) return fail("\"lines\" must pair increasing start_pcs with lines");
      break;
    default:
      break;
  }
  states_.pop_back();
  return true;
}

// Version 3: node lines from the line table of the parent's method (the
// entry with the greatest start_pc at or below the site; -1 for none, a
// site of -1 or the root's children).
void ProfileHandler::set_lines(ProfileTree& tree) const {
  for (size_t i = 1; i < tree.nodes.size(); ++i) {
    ProfileNode& n = tree.nodes[i];
    int32_t caller = tree.nodes[static_cast<size_t>(n.parent)].method;
    n.line = -1;
    if (n.site < 0 || caller < 0) continue;
    const std::vector<int32_t>& lines = lines_[static_cast<size_t>(caller)];
    // Pairs: find the last start_pc <= site.
    size_t lo = 0, hi = lines.size() / 2;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (lines[2 * mid] <= n.site) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) n.line = lines[2 * (lo - 1) + 1];
  }
}

// Whether `tree` has a root as merge_threads makes one: no method, call site,
// line or values.
bool plain_root(const ProfileTree& tree) {
  if (tree.nodes.empty()) return false;
  const ProfileNode& root = tree.nodes[0];
  std::span<const uint64_t> values = tree.metrics(0);
  return root.method == -1 && root.site == -1 && root.line == -1 &&
         std::all_of(values.begin(), values.end(), [](uint64_t v) { return v == 0; });
}

Result<Profile> ProfileHandler::finish() {
  size_t end = stream_->Tell();
  if (!has_format_) return json_error("not a minijvm profile (no \"format\")", 0);
  if (version_ == 0) return json_error("missing key \"version\"", end);
  if (!has_profiler_) return json_error("missing key \"profiler\"", end);
  if (!has_metrics_) return json_error("missing key \"metrics\"", end);
  if (!has_methods_) return json_error("missing key \"methods\"", end);
  if (version_ == 1 && !has_nodes_) return json_error("missing key \"nodes\"", end);
  if (version_ >= 2 && !has_threads_) return json_error("missing key \"threads\"", end);
  auto check_methods = [&](const ProfileTree& tree) -> Result<void> {
    for (size_t i = 0; i < tree.nodes.size(); ++i) {
      int32_t m = tree.nodes[i].method;
      if (m >= 0 && static_cast<size_t>(m) >= p_.methods.size())
        return json_error("node " + std::to_string(i) + ": bad method " + std::to_string(m), end);
    }
    return {};
  };
  CHECK_OK(check_methods(p_.merged()));
  for (const ThreadProfile& t : p_.threads) CHECK_OK(check_methods(t.tree));
  if (version_ == 3)
    for (ThreadProfile& t : p_.threads) set_lines(t.tree);
  if (version_ >= 2 && p_.threads.size() == 1 && plain_root(p_.threads[0].tree) &&
      contexts_unique(p_.threads[0].tree)) {
    // One thread's tree is the merged tree as it is: held once.
    p_.share_thread_tree();
  } else if (version_ >= 2 || p_.merged().nodes.empty()) {
    // Version 2 and 3 files hold the threads' trees only: the merged tree is
    // theirs merged, when it is first asked for.
    p_.merge_later();
  }
  return std::move(p_);
}

// The words for RapidJSON's syntax errors that the old reader used.
std::string syntax_error(rapidjson::ParseErrorCode code) {
  switch (code) {
    case rapidjson::kParseErrorDocumentEmpty:
      return "unexpected end of text";
    case rapidjson::kParseErrorDocumentRootNotSingular:
      return "unexpected text after the document";
    case rapidjson::kParseErrorObjectMissName:
      return "expected a key";
    case rapidjson::kParseErrorObjectMissColon:
      return "expected ':'";
    case rapidjson::kParseErrorObjectMissCommaOrCurlyBracket:
      return "expected ',' or '}'";
    case rapidjson::kParseErrorArrayMissCommaOrSquareBracket:
      return "expected ',' or ']'";
    case rapidjson::kParseErrorStringMissQuotationMark:
      return "unterminated string";
    case rapidjson::kParseErrorStringUnicodeSurrogateInvalid:
      return "unpaired surrogate";
    default:
      return rapidjson::GetParseError_En(code);
  }
}

// `most_nodes` bounds the memory "node_count" hints may ask for.
constexpr uint64_t kMostNodes = uint64_t{1} << 26;

Result<Profile> parse(BlockStream& stream, uint64_t most_nodes) {
  ProfileHandler handler(&stream, most_nodes);
  rapidjson::Reader reader;
  // Iterative: a deeply nested text cannot exhaust the stack.
  rapidjson::ParseResult ok = reader.Parse<rapidjson::kParseIterativeFlag>(stream, handler);
  if (!ok) {
    if (handler.error()) return *handler.error();
    return json_error(syntax_error(ok.Code()), ok.Offset());
  }
  return handler.finish();
}

}  // namespace

Result<Profile> read_json(std::string_view text) {
  BlockStream stream(text);
  // A node's row is at least ten characters ("[0,0,0,0],"): a short text
  // cannot make the reader ask for gigabytes.
  return parse(stream, std::min<uint64_t>(text.size() / 10 + 1, kMostNodes));
}

Result<Profile> read_json_file(const std::string& path) {
  auto in = TRY(ProfileFileIn::open(path));
  // A plain file's length bounds its nodes as a text's does; a gzip
  // file's says little.
  uint64_t most = kMostNodes;
  if (std::optional<uint64_t> size = in->plain_size()) most = std::min(most, *size / 10 + 1);
  BlockStream stream(in.get());
  Result<Profile> profile = parse(stream, most);
  if (stream.error()) return *stream.error();
  return profile;
}

}  // namespace minijvm::prof
