#include "profilers/cct/cct_profiler.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "profilers/cct/basic_blocks.h"
#include "profilers/cct/cct_tree.h"
#include "profilers/cct/java_agent.h"
#include "profilers/cct/replay.h"
#include "profilers/cct/tree_builder.h"
#include "profilers/export/export.h"
#include "profilers/export/json_writer.h"
#include "profilers/export/profile_file.h"
#include "profilers/method_table.h"
#include "vm/log.h"
#include "vm/runtime/klass.h"

namespace minijvm::prof {

namespace {

// bcount's built-in agents, activated every `granularity` bytecodes per thread.
// bcount's agents, activated every `granularity` bytecodes per thread: the
// built-in ones, or one written in Java (java_agent.h).
enum class AgentKind { kNone, kTop, kSnapshot, kJava };

constexpr const char* kMetrics[] = {"calls", "bytecodes", "alloc_objects", "alloc_bytes"};
// bcount's metrics: the chosen BBA's count as "bytecodes", the other one
// beside it.
constexpr const char* kPreciseMetrics[] = {"calls", "bytecodes", "bytecodes_default"};
constexpr const char* kDefaultMetrics[] = {"calls", "bytecodes", "bytecodes_precise"};

// --- logging: the program's threads' side (call_log.h) ---------------------------

// Appends `word` to the log of `tree` (by its owner thread only).
void append(ThreadTree& tree, uint64_t word) {
  call_log::LogCursor& log = tree.log;
  if (log.next >= log.end) [[unlikely]]
    tree.builder->hand_over(tree, true);
  call_log::put(log, word);
}

// The pending bytecodes, at most `max` of them (the rest go first as a word
// of their own), taken for the next word.
uint64_t take_pending(ThreadTree& tree, uint64_t max) {
  uint64_t count = tree.log.pending;
  tree.log.pending = 0;
  if (count > max) [[unlikely]] {
    append(tree, call_log::with_payload(call_log::kCount, std::min(count, call_log::kMaxPayload)));
    count = 0;
  }
  return count;
}

void log_call(ThreadTree& tree, bool rooted, uint32_t method, int32_t site) {
  if (method > call_log::kMaxShortMethod) [[unlikely]] {
    take_pending(tree, 0);
    append(tree, call_log::long_call(rooted, method, site));
    return;
  }
  const uint64_t count = take_pending(tree, call_log::kMaxCallCount);
  append(tree, call_log::call(rooted, method, site, count));
}

class CctProfiler final : public Profiler {
 public:
  enum class Mode { kCct, kBcountPrecise, kBcountDefault };

  CctProfiler(Mode mode, std::string out, std::string format, LogReplayer::Options options)
      : mode_(mode),
        out_(std::move(out)),
        format_(std::move(format)),
        startup_(options.startup),
        replayer_(std::move(options), &methods_) {}

  bool needs_frame_slot() const override { return true; }
  // An agent needs each batch of bytecodes (agent_tick).
  bool can_count_bytecodes_directly() const override { return agent_ == AgentKind::kNone; }
  // prof::enter and prof::leave log calls and returns as method_entry and
  // method_exit do, when the bytecodes are counted directly and no agent
  // reads the tree while the program runs.
  int inline_cct_slot() const override {
    return direct_bytecodes_ && agent_ == AgentKind::kNone ? slot_ : -1;
  }
  bool includes_startup() const override { return startup_; }

  std::string_view mode() const override { return mode_ == Mode::kCct ? "cct" : "bcount"; }
  uint32_t events() const override {
    return mode_ == Mode::kCct ? kMethodEntry | kMethodExit | kBytecodes | kAllocations
                               : kMethodEntry | kMethodExit | kBytecodes | kExceptions;
  }

  // --- the program's threads: each event is a word of the thread's log -------

  // A frame is counted when its call is logged (its slot holds its thread's
  // tree): its return or unwind is logged too, and its executed bytecodes
  // go to the log's pending count (Frame::bytecode_counter).
  void method_entry(JavaThread* thread, Frame* frame) override {
    // The visible caller: hidden frames (Method::is_hidden) are skipped
    // (the builder hangs their callees under it, at its call site).
    Frame* caller = frame->caller;
    while (caller != nullptr && caller->method->is_hidden) caller = caller->caller;
    const bool rooted = caller == nullptr || caller->profiler_slot(slot_) == nullptr;
    const int32_t site = !rooted && caller->pc != nullptr ? static_cast<int32_t>(caller->bci()) : -1;
    ThreadTree* tree = tree_of(thread);
    log_call(*tree, rooted, frame->method->id, site);
    frame->profiler_slots[slot_] = context_word(tree, frame->method->is_hidden);
    if (direct_bytecodes_) frame->bytecode_counter = &tree->log.pending;
    if (agent_ == AgentKind::kJava) [[unlikely]]
      java_agent_entry(thread, frame);
  }

  void method_exit(JavaThread*, Frame* frame, bool) override {
    if (void* word = frame->profiler_slot(slot_)) log_return(*tree_in(word), frame->method->id);
  }

  // The thread's last words, its pending bytecodes with them, go to the
  // builder (a thread may end while others run on for long).
  void thread_end(JavaThread* thread) override {
    ThreadTree* tree = current_tree(thread);
    if (tree == nullptr) return;
    thread->stop_call_log();
    take_pending(*tree, 0);
    builder_.hand_over(*tree, false);
  }

  void bytecodes(JavaThread* thread, Frame* frame, uint64_t count) override {
    if (void* word = frame->profiler_slot(slot_))
      tree_in(word)->log.pending += count;  // the frame's next word takes them
    if (agent_ != AgentKind::kNone) [[unlikely]]
      agent_tick(thread, count);
  }

  // JP's periodic agent: a built-in one reports at the first call, return or
  // unwind after `granularity` bytecodes of the thread, a Java one at the
  // first method entry after it (where running Java code is safe);
  // report() sets the next period. The built-in agents run no Java code;
  // a Java agent's own work is not profiled (SuspendRecording).
  void set_agent(AgentKind kind, std::string java_class, uint64_t granularity, int top,
                 bool reset) {
    agent_ = kind;
    java_class_ = std::move(java_class);
    granularity_ = granularity;
    top_ = top;
    reset_ = reset;
  }

  void set_threaded_builder(bool on) { threaded_builder_ = on; }

  bool uses_profiler_api() const override { return agent_ == AgentKind::kJava; }
  Result<void> prepare(JavaThread* thread) override {
    if (agent_ != AgentKind::kJava) return {};
    java_agent_ = TRY(JavaAgent::create(thread, java_class_));
    return {};
  }

  void allocation(JavaThread*, Frame* frame, Klass*, uint64_t bytes) override {
    if (void* word = frame->profiler_slot(slot_))
      append(*tree_in(word), call_log::with_payload(call_log::kAlloc, std::min(bytes, call_log::kMaxPayload)));
  }

  // JP's default BBA added the rest of the block on entry: an exception at
  // (or through) the instruction at pc skips the instructions after it.
  void exception(JavaThread*, Frame* frame) override {
    if (mode_ == Mode::kCct || frame->pc == nullptr) return;
    void* word = frame->profiler_slot(slot_);
    if (word == nullptr) return;
    const uint32_t rest = block_rest(frame->method)[frame->bci()];
    if (rest != 0) append(*tree_in(word), call_log::with_payload(call_log::kOvercount, rest));
  }

  std::string summary_note(const ProfileSummary& summary) const override {
    std::string note;
    // A tree whose log could not all be replayed: what it holds is exact,
    // the rest is missing, and the user is told.
    for (const ThreadTree& t : all_trees_) {
      if (t.out_of_memory) {
        note += "minijvm: " + std::string(mode()) + ": out of memory: the tree of thread \"" + t.name +
                "\" stopped growing at " + std::to_string(t.nodes.count() - 1) + " contexts\n";
      }
      if (t.inconsistent) {
        note += "minijvm: " + std::string(mode()) + ": the call log of thread \"" + t.name +
                "\" contradicts itself (a minijvm bug): its tree may be wrong\n";
      }
    }
    if (mode_ != Mode::kCct) {
      // bcount's metrics: calls, then the chosen BBA's count, then the other's.
      bool precise_first = mode_ == Mode::kBcountPrecise;
      uint64_t p = summary.totals[precise_first ? 1 : 2];
      uint64_t d = summary.totals[precise_first ? 2 : 1];
      char buffer[160];
      std::snprintf(buffer, sizeof buffer,
                    "minijvm: bcount: default BBA over-counts %llu bytecodes (delta-b %.4f%% of %llu "
                    "executed)",
                    static_cast<unsigned long long>(d - p),
                    p ? 100.0 * static_cast<double>(d - p) / static_cast<double>(p) : 0.0,
                    static_cast<unsigned long long>(p));
      note += buffer;
    }
    if (!note.empty() && note.back() == '\n') note.pop_back();
    return note;
  }

  Profile snapshot() override;
  Result<ProfileSummary> write(Format format) override;
  size_t merged_contexts() const;
  const std::string& out_path() const override { return out_; }
  const std::string& format() const override { return format_; }

 private:
  // The current thread's tree, or nullptr before it records anything.
  ThreadTree* current_tree(JavaThread* thread) {
    return static_cast<ThreadTree*>(thread->profiler_data[thread_slot_]);
  }

  void agent_tick(JavaThread* thread, uint64_t count) {
    ThreadTree* tree = current_tree(thread);
    if (tree == nullptr) return;  // nothing recorded on this thread yet
    if (!tree->registered) {    // JP: the agent registers on thread start
      if (agent_ == AgentKind::kJava) {
        tree->report_due = true;  // Agent.register at the next method entry
        return;
      }
      tree->registered = true;
      tree->next_report = granularity_;
    }
    if (tree->next_report == 0) return;  // the agent asked for no more reports
    tree->since_report += count;
    if (tree->since_report < tree->next_report) return;
    if (agent_ == AgentKind::kJava) {
      tree->report_due = true;
      return;
    }
    uint64_t done = tree->since_report;
    tree->since_report = 0;
    tree->next_report = report(*tree, drained_context(*tree), done);
  }

  // A Java agent's registration or report, due on this thread: at a Java
  // method's entry, its frame pushed and its operand stack empty.
  void java_agent_entry(JavaThread* thread, Frame* frame) {
    if (frame->is_native() || !java_agent_) return;
    ThreadTree* tree = current_tree(thread);
    if (tree == nullptr || !tree->report_due) return;
    tree->report_due = false;
    int64_t next;
    if (!tree->registered) {
      tree->registered = true;
      next = java_agent_->register_thread(thread, static_cast<int64_t>(granularity_));
    } else {
      next = java_agent_->report(thread, tree, &methods_, drained_context(*tree));
    }
    tree->since_report = 0;
    tree->next_report = next > 0 ? static_cast<uint64_t>(next) : 0;
  }

  // The thread's tree brought up to now (its log replayed, its pending
  // bytecodes with it), for an agent that reads it; the current frame's
  // context, or nullptr where the frame's events count nowhere.
  Node* drained_context(ThreadTree& tree) {
    if (uint64_t pending = tree.log.pending; pending != 0) {
      tree.log.pending = 0;
      append(tree, call_log::with_payload(call_log::kCount, pending));
    }
    builder_.drain(tree);
    return tree.stack.empty() || !tree.stack.back().counts ? nullptr : tree.stack.back().node;
  }

  // The built-in agents' report(root, current): returns the next granularity.
  uint64_t report(ThreadTree& tree, const Node* current, uint64_t done) {
    if (agent_ == AgentKind::kTop) {
      std::vector<const Node*> nodes;
      uint64_t total = 0;
      for (uint32_t i = NodeArena::kRoot + 1; i < tree.nodes.end(); ++i) {
        if (!tree.nodes.is_node(i)) continue;
        nodes.push_back(&tree.nodes[i]);
        total += tree.nodes[i].bytecodes;
      }
      size_t k = std::min<size_t>(static_cast<size_t>(top_), nodes.size());
      std::partial_sort(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(k), nodes.end(),
                        [](const Node* a, const Node* b) { return a->bytecodes > b->bytecodes; });
      std::string line = "minijvm: bcount [" + tree.name + "] +" + std::to_string(done) +
                         " bytecodes; hot:";
      for (size_t i = 0; i < k; ++i) {
        char share[32];
        std::snprintf(share, sizeof share, " %.1f%% ",
                      total ? 100.0 * static_cast<double>(nodes[i]->bytecodes) /
                                  static_cast<double>(total)
                            : 0.0);
        line += share + label(nodes[i]) + (i + 1 < k ? "," : "");
      }
      if (current != nullptr && current != &g_excluded) line += "; now in " + label(current);
      std::fprintf(stderr, "%s\n", line.c_str());
    } else if (agent_ == AgentKind::kSnapshot) {
      write_snapshot(tree);
    }
    if (reset_) {
      for (uint32_t i = NodeArena::kRoot; i < tree.nodes.end(); ++i)
        if (tree.nodes.is_node(i)) tree.nodes[i].bytecodes = tree.nodes[i].overcount() = 0;
    }
    return granularity_;
  }

  std::string label(const Node* n) const {
    const Method* m = methods_.get(n->method);
    return m->holder->external_name() + "." + std::string(m->name->view());
  }

  // The snapshot agent: the thread's tree so far, as <out>.<thread>.<k>.json.
  void write_snapshot(const ThreadTree& tree);

  // default_block_rest of `method`, computed once (exceptions are rare).
  const std::vector<uint32_t>& block_rest(const Method* method) {
    std::lock_guard lock(mutex_);
    auto it = block_rest_.find(method);
    if (it == block_rest_.end()) it = block_rest_.emplace(method, default_block_rest(*method)).first;
    return it->second;
  }

  // The thread's tree, made at its first recorded event. It hangs in the
  // JavaThread (written by that thread only), so a thread started after
  // another ended never inherits the dead one's tree, even at its address.
  ThreadTree* tree_of(JavaThread* thread) {
    if (ThreadTree* tree = current_tree(thread)) return tree;
    std::lock_guard lock(mutex_);
    // The builder thread, from the first tree on: a Java agent reads the
    // tree as the program runs, and a machine of one core has none to spare.
    if (all_trees_.empty())
      builder_.start(threaded_builder_ && agent_ == AgentKind::kNone &&
                     std::thread::hardware_concurrency() > 1);
    ThreadTree* tree = &all_trees_.emplace_back();
    tree->builder = &builder_;
    tree->name = thread->name;
    tree->id = thread->id;
    tree->startup_thread = is_startup_thread(thread);
    thread->profiler_data[thread_slot_] = tree;
    // The log compiled code appends to, when it logs this profiler's calls
    // (the session's inline CCT). Recording stopped meanwhile (finish,
    // which stops every thread's log after it stops recording): not.
    if (detail::g_inline_cct_tree_slot.load(std::memory_order_relaxed) == thread_slot_) {
      thread->call_log.store(tree, std::memory_order_seq_cst);
      if (!recording()) thread->stop_call_log();
    }
    return tree;
  }

  // At exit: every log replayed, the trees final, and the trees with a
  // context listed (a thread that recorded nothing, a start-up thread for
  // one, is in no profile). Once.
  void close_logs() {
    std::call_once(closed_, [this] {
      builder_.close(all_trees_);
      if (log::enabled(log::Set::profiler, log::Level::info)) {
        const TreeBuilder::Stats stats = builder_.stats();
        char line[256];
        std::snprintf(line, sizeof line,
                      "%s: call logs replayed: %llu chunks by the builder thread, %llu by the "
                      "program's; the program waited %.3f s for the builder, %.3f s at exit",
                      std::string(mode()).c_str(), static_cast<unsigned long long>(stats.chunks_by_builder),
                      static_cast<unsigned long long>(stats.chunks_by_threads), stats.waited_for_room,
                      stats.waited_at_close);
        log::write(log::Set::profiler, log::Level::info, line);
      }
      std::lock_guard lock(mutex_);
      for (const ThreadTree& t : all_trees_)
        if (t.nodes.count() > 1) recorded_.push_back(&t);
    });
  }

  Mode mode_;
  AgentKind agent_ = AgentKind::kNone;
  std::string java_class_;               // agent=CLASS
  std::optional<JavaAgent> java_agent_;  // created by prepare()
  uint64_t granularity_ = 0;
  int top_ = 5;
  bool reset_ = false;
  std::atomic<int> snapshots_{0};
  std::string out_;
  std::string format_;
  bool startup_;
  std::unordered_map<const Method*, std::vector<uint32_t>> block_rest_;
  bool threaded_builder_ = true;  // builder=thread (else inline)
  std::mutex mutex_;
  std::deque<ThreadTree> all_trees_;  // in order of first event
  std::vector<const ThreadTree*> recorded_;  // those with contexts, once closed
  MethodIds methods_;
  LogReplayer replayer_;
  TreeBuilder builder_{[this](ThreadTree& tree, const uint64_t* begin, const uint64_t* end) {
    replayer_.replay(tree, begin, end);
  }};
  std::once_flag closed_;
};

// --- the Profile --------------------------------------------------------------

using Mode = CctProfiler::Mode;

// The metrics of a profile of `mode`, in order.
std::vector<std::string> metric_names(Mode mode) {
  switch (mode) {
    case Mode::kCct:
      return {std::begin(kMetrics), std::end(kMetrics)};
    case Mode::kBcountPrecise:
      return {std::begin(kPreciseMetrics), std::end(kPreciseMetrics)};
    case Mode::kBcountDefault:
      break;
  }
  return {std::begin(kDefaultMetrics), std::end(kDefaultMetrics)};
}

// Node i of `tree`: its (self) values of those metrics, as many as
// metric_names(mode) names (bcount's last one is unused).
[[gnu::always_inline]] inline std::array<uint64_t, 4> node_values(Mode mode, const ThreadTree& tree,
                                                                   uint32_t i) {
  const Node& node = tree.nodes[i];
  switch (mode) {
    case Mode::kCct:
      return {tree.calls(i), node.bytecodes, tree.alloc_objects(i), node.alloc_bytes};
    case Mode::kBcountPrecise:
      return {tree.calls(i), node.bytecodes, node.bytecodes + node.overcount(), 0};
    case Mode::kBcountDefault:
      break;
  }
  return {tree.calls(i), node.bytecodes + node.overcount(), node.bytecodes, 0};
}

// The source line of a node's call site in its parent's method, -1 if
// unknown. Each (method, site) is looked up once, in a table per method
// indexed by bci: line tables are searched linearly (generated code has
// long ones), and a hash map's probe was a third of writing a large tree.
class CallSiteLines {
 public:
  explicit CallSiteLines(const MethodIds& ids) : ids_(ids) {}
  int32_t of(const NodeArena& arena, const Node& node) {
    if (node.site() < 0 || node.parent == NodeArena::kRoot) return -1;
    if (node.parent != last_parent_ || &arena != last_arena_) {
      // (Consecutive contexts are often siblings: their parent's node and
      // its method's table are not looked up again.)
      uint32_t method = arena[node.parent].method;
      if (method >= by_method_.size()) by_method_.resize(method + 1024u);
      last_lines_ = &by_method_[method];
      last_parent_ = node.parent;
      last_arena_ = &arena;
      if (last_lines_->method == nullptr) {
        last_lines_->method = ids_.get(method);
        last_lines_->by_bci.assign(last_lines_->method->code_length, kNotLooked);
      }
    }
    PerMethod& lines = *last_lines_;
    auto bci = static_cast<uint32_t>(node.site());
    if (bci >= lines.by_bci.size()) return lines.method->line_number(bci);
    int32_t& line = lines.by_bci[bci];
    if (line == kNotLooked) line = lines.method->line_number(bci);
    return line;
  }

 private:
  static constexpr int32_t kNotLooked = INT32_MIN;
  struct PerMethod {
    const Method* method = nullptr;
    std::vector<int32_t> by_bci;
  };
  const MethodIds& ids_;
  std::vector<PerMethod> by_method_;  // by Method::id
  // The last node's parent (in its tree), and its method's table.
  const NodeArena* last_arena_ = nullptr;
  uint32_t last_parent_ = NodeArena::kRoot;
  PerMethod* last_lines_ = nullptr;
};

// `method`'s line table (Method::line_table) as the profile JSON's
// "lines" (version 3): start_pc, line, ...
std::vector<int32_t> json_lines(const Method* method) {
  std::vector<int32_t> lines;
  for (const classfile::LineNumber& entry : method->line_table()) {
    lines.push_back(entry.start_pc);
    lines.push_back(entry.line_number);
  }
  return lines;
}

// The profile's node id of arena index `i` (header slots are skipped).
int32_t dense(uint32_t i) {
  return static_cast<int32_t>(i - (i >> NodeArena::kChunkBits) - NodeArena::kRoot);
}

class ProfileBuilder {
 public:
  ProfileBuilder(Profile* profile, Mode mode, const MethodIds& ids)
      : methods_(&profile->methods), mode_(mode), ids_(ids), lines_(ids) {}

  // Appends `source`, its nodes in creation order (a parent precedes its
  // children, and siblings come in the order they were first entered).
  void add(ProfileTree& tree, const ThreadTree& source) {
    const NodeArena& arena = source.nodes;
    tree.width = metric_names(mode_).size();
    tree.reserve(arena.count());
    for (uint32_t i = NodeArena::kRoot; i < arena.end(); ++i) {
      if (!arena.is_node(i)) continue;
      const Node& node = arena[i];
      ProfileNode n;
      if (i != NodeArena::kRoot) {
        n.parent = dense(node.parent);
        n.method = methods_.index(ids_.get(node.method));
        n.site = node.site();
        n.line = lines_.of(arena, node);
      }
      tree.add(n, node_values(mode_, source, i));
    }
  }

 private:
  MethodTable methods_;
  Mode mode_;
  const MethodIds& ids_;
  CallSiteLines lines_;
};

Profile CctProfiler::snapshot() {
  close_logs();
  Profile profile;
  profile.profiler = std::string(mode());
  profile.metrics = metric_names(mode_);
  ProfileBuilder builder(&profile, mode_, methods_);
  std::lock_guard lock(mutex_);
  for (const ThreadTree* tree : recorded_) {
    const ThreadTree& t = *tree;
    ThreadProfile tp;
    tp.name = t.name;
    tp.id = t.id;
    builder.add(tp.tree, t);
    profile.threads.push_back(std::move(tp));
  }
  profile.merged() = merge_threads(profile.threads, profile.metrics.size());
  return profile;
}

// The merged tree's contexts: the largest tree's, plus the other trees'
// contexts it lacks. Each other tree is walked alongside the largest one
// (whose children lists find a context), and only what the largest lacks
// goes into a hash table: no table of every context, whose random accesses
// cost more than writing the profile. That table is open-addressed and
// sized once (a thread's whole subtree is often absent from the largest
// tree: half a million inserts in H2's run).
size_t CctProfiler::merged_contexts() const {
  if (recorded_.empty()) return 0;
  const ThreadTree* base = recorded_.front();
  size_t all = 0;
  for (const ThreadTree* tree : recorded_) {
    const ThreadTree& t = *tree;
    all += t.nodes.count();
    if (t.nodes.count() > base->nodes.count()) base = tree;
  }
  const size_t others = all - base->nodes.count();
  size_t count = base->nodes.count() - 1;
  // A context the base lacks: (parent's merged id, method, site) -> its
  // merged id, past the base's indices. id 0 marks a free slot.
  struct Entry {
    uint32_t parent = 0, method = 0;
    int32_t site = 0;
    uint32_t id = 0;
  };
  size_t capacity = 16;
  while (capacity < 2 * others) capacity *= 2;
  std::vector<Entry> extra(capacity);
  auto find_or_add = [&](uint32_t parent, uint32_t method, int32_t site, uint32_t next) -> Entry& {
    uint64_t key = (uint64_t{parent} << 32 | method) ^ uint64_t{static_cast<uint32_t>(site)} << 17;
    size_t i = (key * 0x9e3779b97f4a7c15ull) >> 20 & (capacity - 1);
    for (;; i = (i + 1) & (capacity - 1)) {
      Entry& e = extra[i];
      if (e.id == 0) {
        e = {parent, method, site, next};
        return e;
      }
      if (e.parent == parent && e.method == method && e.site == site) return e;
    }
  };
  uint32_t next = base->nodes.end();  // merged ids past the base's indices
  std::vector<uint32_t> merged;       // a tree's index -> merged id
  for (const ThreadTree* tree : recorded_) {
    const ThreadTree& t = *tree;
    if (&t == base) continue;
    merged.assign(t.nodes.end(), Node::kNone);
    merged[NodeArena::kRoot] = NodeArena::kRoot;
    for (uint32_t i = NodeArena::kRoot + 1; i < t.nodes.end(); ++i) {
      if (!t.nodes.is_node(i)) continue;
      const Node& node = t.nodes[i];
      uint32_t parent = merged[node.parent];
      uint32_t found = Node::kNone;
      if (parent < base->nodes.end()) found = base->find_child(base->nodes[parent], node.method, node.site());
      if (found == Node::kNone) {
        found = find_or_add(parent, node.method, node.site(), next).id;
        if (found == next) {
          ++next;
          ++count;
        }
      }
      merged[i] = found;
    }
  }
  return count;
}

// Nodes formatted at a time when a profile is written, and the blocks that
// may be formatted ahead of the one being written.
constexpr uint32_t kRowBlock = 1u << 14;
constexpr size_t kRowSlots = 6;
static_assert(kRowSlots >= 1, "a block is formatted into a slot");

// The blocks of rows of a profile being written, formatted by the writer
// and a second thread alike: each formats the first block nobody has
// taken, up to `slots` blocks ahead of the one being written, each into a
// slot of its own, and the writer takes them in order (take, then done),
// formatting another while the one it is to write is not ready. Taking
// every other block in turn kept a core idle a third of the writing: the
// writer, the second thread and the file's writing thread
// (ProfileFileOut) share two cores, and the formatter sharing its core
// with the file's thread fell behind the other. With no second thread to
// be had, the writer formats every block.
class RowBlocks {
 public:
  // format(block, out, second): block's rows at `out`, by the second
  // thread's formatter or the writer's; returns their end.
  using Format = std::function<char*(size_t block, char* out, bool second)>;
  RowBlocks(size_t slots, size_t block_bytes, size_t blocks, Format format)
      : blocks_(blocks), format_(std::move(format)), slots_(slots) {
    for (Slot& s : slots_) s.text = std::make_unique<char[]>(block_bytes);
    if (blocks < 2) return;
    try {
      thread_ = std::thread([this] { run(); });
    } catch (const std::system_error&) {
      // No second thread: the writer formats every block.
    }
  }
  ~RowBlocks() { join(); }
  RowBlocks(const RowBlocks&) = delete;
  RowBlocks& operator=(const RowBlocks&) = delete;

  // Block b's rows (the blocks before it written).
  std::string_view take(size_t b) {
    Slot& s = slot(b);
    std::unique_lock lock(mutex_);
    for (;;) {
      if (s.block == b) return {s.text.get(), s.size};
      if (can_take()) {
        format_next(lock, false);
      } else {
        changed_.wait(lock);
      }
    }
  }
  // Block b is written: its slot may take a later block.
  void done(size_t b) {
    {
      std::lock_guard lock(mutex_);
      slot(b).block = kFree;
      written_ = b + 1;
    }
    changed_.notify_all();
  }
  // Stops the thread (when the writer stopped early, before its last block).
  void join() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }

 private:
  static constexpr size_t kFree = SIZE_MAX;
  struct Slot {
    std::unique_ptr<char[]> text;
    size_t size = 0;
    size_t block = kFree;  // the block formatted in it, not yet written
  };
  Slot& slot(size_t b) { return slots_[b % slots_.size()]; }
  // A block is left to take, and its slot is free (the block that held it
  // last, slots before it, is written).
  bool can_take() const { return next_ < blocks_ && next_ < written_ + slots_.size(); }

  // Takes the next block and formats it, the lock released meanwhile.
  void format_next(std::unique_lock<std::mutex>& lock, bool second) {
    const size_t b = next_++;
    Slot& s = slot(b);
    lock.unlock();
    char* end = format_(b, s.text.get(), second);
    lock.lock();
    s.size = static_cast<size_t>(end - s.text.get());
    s.block = b;
    changed_.notify_all();
  }

  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return stop_ || next_ >= blocks_ || can_take(); });
      if (stop_ || next_ >= blocks_) return;
      format_next(lock, true);
    }
  }

  const size_t blocks_;
  const Format format_;
  std::vector<Slot> slots_;
  std::mutex mutex_;
  std::condition_variable changed_;
  size_t next_ = 0;     // the first block nobody has taken
  size_t written_ = 0;  // the blocks written, in order
  bool stop_ = false;
  std::thread thread_;
};

// A stretch of one tree's nodes formatted as the profile's rows, with the
// values it adds to the summary. Each formatting thread has its own, on a
// cache line of its own.
class alignas(64) RowFormatter {
 public:
  // Nodes are read in order, and each row waited for its node's line: the
  // line sixteen nodes on is asked for ahead (Rhino's 8 million rows
  // written in 0.09-0.10 s rather than 0.11-0.13 s; thirty-two did no
  // better).
  static constexpr uint32_t kRowPrefetch = 16;
  RowFormatter(Mode mode, size_t width, size_t metric, const std::vector<int32_t>& index_by_id,
               size_t methods)
      : mode_(mode), width_(width), metric_(metric), index_by_id_(index_by_id) {
    per_method.assign(methods, 0);
  }

  // Rows of nodes [first, last) of `t` at `out`, which has room for
  // max_row of each; returns their end.
  char* format(const ThreadTree& t, uint32_t first, uint32_t last, char* out) {
    // Sums in locals: the rows' char stores could alias a member, which
    // would then be reloaded and stored for every row.
    std::array<uint64_t, 4> sums{};
    uint64_t* per_method_sums = per_method.data();
    const int32_t* index_by_id = index_by_id_.data();
    const Mode mode = mode_;
    const size_t width = width_, metric = metric_;
    const NodeArena& arena = t.nodes;
    for (uint32_t i = first; i < last; ++i) {
      if ((i & (NodeArena::kChunkSize - 1)) == 0) continue;  // a chunk's header slot
      const Node& node = arena[i];
      if ((i & (NodeArena::kChunkSize - 1)) + kRowPrefetch < NodeArena::kChunkSize)
        __builtin_prefetch(&node + kRowPrefetch);  // (within the node's chunk)
      int32_t up = 0, method = -1;
      if (i != NodeArena::kRoot) {
        up = dense(i) - dense(node.parent);
        method = index_by_id[node.method];
      }
      std::array<uint64_t, 4> values = node_values(mode, t, i);
      for (size_t m = 0; m < sums.size(); ++m) sums[m] += values[m];  // (unused ones are 0)
      if (method >= 0) per_method_sums[method] += values[metric];
      out = JsonProfileWriter::format_row(out, i == NodeArena::kRoot, up, method, node.site(),
                                          {values.data(), width});
    }
    for (size_t m = 0; m < sums.size(); ++m) totals[m] += sums[m];
    return out;
  }

  std::array<uint64_t, 4> totals{};
  std::vector<uint64_t> per_method;  // self value of the summary's metric, by method index

 private:
  Mode mode_;
  size_t width_, metric_;
  const std::vector<int32_t>& index_by_id_;
};

// JSON streams from the trees: nodes in creation order, methods numbered
// as the nodes first name them, line numbers and summary along the way.
// The methods are numbered first, in one pass over the nodes; then the
// rows are formatted in blocks, by this thread and a second one, each
// taking the next block (RowBlocks: for a large profile the
// formatting is most of the writing, and it is done on the machine's
// second core while the program's threads are stopped), and the blocks go
// out in order.
Result<ProfileSummary> CctProfiler::write(Format format) {
  if (format != Format::kJson) return Profiler::write(format);
  close_logs();
  std::lock_guard lock(mutex_);
  ProfileSummary summary;
  summary.profiler = std::string(mode());
  summary.metrics = metric_names(mode_);
  summary.totals.assign(summary.metrics.size(), 0);
  summary.metric = summary_metric(summary.metrics);
  summary.threads = recorded_.size();

  auto file = TRY(ProfileFileOut::open(out_));
  std::vector<ProfileMethod> methods;
  MethodTable table(&methods);
  // Method::id -> index in `methods`, -1 before its first use: numbered as
  // the nodes first name them, tree by tree (ThreadTree::named, kept as
  // the contexts were made, in the order of the nodes).
  std::vector<int32_t> index_by_id;
  // The methods' line tables, by index: the nodes' lines (a reader finds
  // a node's in its parent's method's table at its site).
  std::vector<std::vector<int32_t>> lines;
  for (const ThreadTree* t : recorded_) {
    for (uint32_t id : t->named) {
      if (id >= index_by_id.size()) index_by_id.resize(id + 1024u, -1);
      if (index_by_id[id] >= 0) continue;
      const Method* method = methods_.get(id);
      index_by_id[id] = table.index(method);
      if (static_cast<size_t>(index_by_id[id]) == lines.size()) lines.push_back(json_lines(method));
    }
  }

  struct Block {
    const ThreadTree* tree;
    uint32_t first, last;
  };
  std::vector<Block> blocks;
  for (const ThreadTree* t : recorded_)
    for (uint32_t first = NodeArena::kRoot; first < t->nodes.end(); first += kRowBlock)
      blocks.push_back({t, first, std::min<uint32_t>(first + kRowBlock, t->nodes.end())});

  const size_t width = summary.totals.size();
  const auto metric = static_cast<size_t>(summary.metric);
  const size_t block_bytes = kRowBlock * JsonProfileWriter::max_row(width);
  RowFormatter mine(mode_, width, metric, index_by_id, methods.size());
  RowFormatter theirs(mode_, width, metric, index_by_id, methods.size());
  RowBlocks rows(kRowSlots, block_bytes, blocks.size(), [&](size_t b, char* out, bool second) {
    const Block& block = blocks[b];
    return (second ? theirs : mine).format(*block.tree, block.first, block.last, out);
  });
  {
    JsonProfileWriter writer(file.get());
    writer.begin(summary.profiler, summary.metrics, {});
    size_t b = 0;
    for (const ThreadTree* tree : recorded_) {
      const ThreadTree& t = *tree;
      writer.begin_thread(t.name, t.id, {}, t.nodes.count());
      for (; b < blocks.size() && blocks[b].tree == &t; ++b) {
        writer.rows(rows.take(b));
        rows.done(b);
      }
      writer.end_thread();
      summary.contexts += t.nodes.count() - 1;
    }
    writer.end(methods, &lines);
  }
  rows.join();
  for (size_t m = 0; m < width; ++m) summary.totals[m] = mine.totals[m] + theirs.totals[m];
  for (size_t m = 0; m < methods.size(); ++m) mine.per_method[m] += theirs.per_method[m];
  CHECK_OK(file->close());
  if (recorded_.size() > 1) summary.contexts = merged_contexts();
  choose_hottest_method(summary, mine.per_method, methods);
  return summary;
}

void CctProfiler::write_snapshot(const ThreadTree& tree) {
  Profile profile;
  profile.profiler = std::string(mode());
  profile.metrics = metric_names(mode_);
  ProfileBuilder builder(&profile, mode_, methods_);
  ThreadProfile tp;
  tp.name = tree.name;
  tp.id = tree.id;
  builder.add(tp.tree, tree);
  profile.threads.push_back(std::move(tp));
  profile.merged() = merge_threads(profile.threads, profile.metrics.size());
  std::string stem = out_;
  if (size_t dot = stem.rfind('.'); dot != std::string::npos && stem.find('/', dot) == std::string::npos)
    stem.resize(dot);
  std::string path = stem + "." + tree.name + "." + std::to_string(++snapshots_) + ".json";
  auto written = write_profile(profile, Format::kJson, path);
  std::fprintf(stderr, "minijvm: bcount snapshot %s %s\n", written.ok() ? "written to" : "failed:",
               written.ok() ? path.c_str() : written.error().message.c_str());
}

}  // namespace

void log_return(ThreadTree& tree, uint32_t method) {
  append(tree, call_log::return_of(method, take_pending(tree, call_log::kMaxReturnCount)));
}

void log_pending(ThreadTree& tree) { take_pending(tree, 0); }

Result<std::unique_ptr<Profiler>> create_cct_profiler(const ProfilerSpec& spec) {
  bool bcount = spec.mode == "bcount";
  bool threaded_builder = true;
  std::string out = bcount ? "minijvm-bcount.json" : "minijvm-cct.json", format, only, exclude;
  bool sites = true, startup = false;
  auto mode = bcount ? CctProfiler::Mode::kBcountPrecise : CctProfiler::Mode::kCct;
  AgentKind agent = AgentKind::kNone;
  uint64_t granularity = 10'000'000;
  int top = 5;
  bool reset = false;
  std::string java_class;
  for (const auto& [key, value] : spec.options) {
    if (key == "out") {
      out = value;
    } else if (key == "format") {
      format = value;
    } else if (key == "sites" && (value == "on" || value == "off")) {
      sites = value == "on";
    } else if (key == "startup" && (value == "include" || value == "exclude")) {
      startup = value == "include";
    } else if (bcount && key == "bba" && (value == "precise" || value == "default")) {
      mode = value == "precise" ? CctProfiler::Mode::kBcountPrecise
                                : CctProfiler::Mode::kBcountDefault;
    } else if (bcount && key == "agent" && (value == "top" || value == "snapshot")) {
      agent = value == "top" ? AgentKind::kTop : AgentKind::kSnapshot;
    } else if (bcount && key == "agent" && !value.empty() &&
               value.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                       "0123456789_$.") == std::string::npos) {
      agent = AgentKind::kJava;  // a class implementing minijvm.profiler.Agent
      java_class = value;
    } else if (bcount && key == "granularity" && !value.empty() &&
               value.find_first_not_of("0123456789") == std::string::npos && value.size() < 19 &&
               std::stoull(value) > 0) {
      granularity = std::stoull(value);
    } else if (bcount && key == "top" && !value.empty() && value.size() < 4 &&
               value.find_first_not_of("0123456789") == std::string::npos && std::stoi(value) > 0) {
      top = std::stoi(value);
    } else if (bcount && key == "reset" && (value == "on" || value == "off")) {
      reset = value == "on";
    } else if (key == "builder" && (value == "thread" || value == "inline")) {
      threaded_builder = value == "thread";
    } else if (key == "only") {
      only = value;
    } else if (key == "exclude") {
      exclude = value;
    } else {
      return make_error("", "-profile=" + spec.text + ": unknown option '" + key + "=" + value +
                                "' for " + spec.mode +
                                " (out=PATH, format=json|text|collapsed|html, sites=on|off, "
                                "startup=include|exclude, only=GLOB, exclude=GLOB, builder=thread|inline" +
                                (bcount ? ", bba=precise|default, agent=top|snapshot|CLASS, "
                                          "granularity=N, top=N, reset=on|off)"
                                        : ")"));
    }
  }
  if (agent == AgentKind::kJava && startup) {
    // A Java agent is created when main begins: there is no Java to run it before.
    return make_error("", "-profile=" + spec.text +
                              ": a Java agent (agent=" + java_class +
                              ") cannot record start-up (startup=include)");
  }
  LogReplayer::Options options;
  options.sites = sites;
  options.startup = startup;
  options.only = MethodFilter(only);
  options.exclude = MethodFilter(exclude);
  auto profiler = std::make_unique<CctProfiler>(mode, std::move(out), std::move(format), std::move(options));
  profiler->set_agent(agent, std::move(java_class), granularity, top, reset);
  profiler->set_threaded_builder(threaded_builder);
  return std::unique_ptr<Profiler>(std::move(profiler));
}

}  // namespace minijvm::prof
