// The template JIT's policy, code cache and helpers (jit.h).
#include "interp/jit/jit.h"

#include <sys/mman.h>
#include <unistd.h>

#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_set>

#include "interp/java_math.h"
#include "interp/jit/compiler.h"
#include "interp/jit/helpers.h"
#include "interp/jit/listing.h"
#include "interp/poll.h"
#include "interp/runtime.h"
#include "profilers/hooks.h"
#include "safepoint/oop_map.h"
#include "vm/bytecode/decoder.h"
#include "vm/log.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/vm.h"

namespace minijvm::interp::jit {

namespace detail {
bool g_enabled = false;
uint32_t g_threshold = 1;
}  // namespace detail

namespace {

// A method is compiled after this many invocations plus backward branches
// (README "The template JIT" gives the measurement behind it).
constexpr uint32_t kDefaultThreshold = 100;

// Executable memory: chunks mapped readable, writable and executable (as
// HotSpot's code cache on Linux), filled from the start and never freed
// (methods are never unloaded).
class CodeCache {
 public:
  static constexpr size_t kChunkBytes = size_t{32} << 20;

  // Room for at least `bytes` at a 64-byte boundary; nullptr if the system
  // has no more memory to map.
  uint8_t* reserve(size_t bytes) {
    size_t start = (used_ + 63) & ~size_t{63};
    if (chunk_ == nullptr || start + bytes > chunk_bytes_) {
      size_t size = std::max(kChunkBytes, bytes);
      void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE | PROT_EXEC,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (p == MAP_FAILED) return nullptr;
      chunk_ = static_cast<uint8_t*>(p);
      chunk_bytes_ = size;
      start = 0;
    }
    used_ = start;
    return chunk_ + start;
  }
  void commit(size_t bytes) { used_ += bytes; }

 private:
  uint8_t* chunk_ = nullptr;
  size_t chunk_bytes_ = 0;
  size_t used_ = 0;
};

// Compilations asked for by the program's threads, done by the compiler
// thread one after another (-XX:+BackgroundCompilation, the default in
// mixed mode).
struct CompileQueue {
  struct Request {
    Method* method;
    CodeKind kind;
    int osr_bci;
  };
  std::mutex mutex;
  std::condition_variable ready;
  std::deque<Request> requests;
  // Methods asked for and not compiled yet (each is asked for once; its
  // threads go on interpreting it meanwhile).
  std::unordered_set<const Method*> pending;
  bool started = false;
  std::atomic<bool> stopping{false};  // written under `mutex`
};

struct State {
  std::mutex mutex;  // held while compiling and installing code
  CompileQueue queue;
  bool background = false;
  CodeCache cache;
  uint32_t next_id = 1;
  std::vector<CompiledMethod*> compiled;  // for the perf map
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  JitOptions options;
};

State& state() {
  static State* s = new State();  // lives to the end: compiled code may run at exit
  return *s;
}

// HotSpot's -XX:+PrintCompilation line (CompileTask::print): time stamp in
// ms, compile id, the attributes % (on-stack replacement) s (synchronized)
// ! (has exception handlers) b (blocking) n (native), the tier, the method,
// its size in bytes.
void print_compilation(const CompiledMethod& cm, int osr_bci, const char* note = "") {
  const Method* m = cm.method;
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - state().start)
                .count();
  const std::string name = m->holder->external_name();  // a hidden class keeps its '/'
  std::string line = std::to_string(ms) + " ";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%4u ", cm.compile_id);
  line += buffer;
  line += osr_bci >= 0 ? '%' : ' ';
  line += m->is_synchronized() ? 's' : ' ';
  line += m->exception_table.empty() ? ' ' : '!';
  line += cm.blocking ? 'b' : ' ';
  line += "  1       ";
  line += name + "::" + std::string(m->name->view());
  if (osr_bci >= 0) line += " @ " + std::to_string(osr_bci);
  line += " (" + std::to_string(m->code_length) + " bytes)" + note + "\n";
  std::fputs(line.c_str(), stdout);
  std::fflush(stdout);
}

// HotSpot's -XX:+PrintInlining lines (CompileTask::print_inlining_inner)
// under the method's PrintCompilation line: blank time stamp and compile id,
// the callee's attributes s (synchronized) ! (has exception handlers) m
// (has monitor bytecodes), two spaces an inlining level, the call's bci,
// the callee, its size and the decision.
void print_inlining(const CompiledMethod& cm) {
  std::string lines;
  for (const CompiledMethod::InlineNote& note : cm.inline_notes) {
    const Method* m = note.callee;
    bool monitors = false;
    if (m->code != nullptr) {
      for (const bytecode::Instruction& insn : bytecode::instructions(std::span<const uint8_t>(m->code, m->code_length)))
        if (insn.opcode == bytecode::Opcode::kMonitorenter || insn.opcode == bytecode::Opcode::kMonitorexit) monitors = true;
    }
    const std::string name = m->holder->external_name();
    lines += std::string(13, ' ') + ' ' + (m->is_synchronized() ? 's' : ' ') +
             (m->exception_table.empty() ? ' ' : '!') + (monitors ? 'm' : ' ') + "  " +
             std::string(9 + 2 * static_cast<size_t>(note.depth), ' ') + "@ " + std::to_string(note.bci) +
             "   " + name + "::" + std::string(m->name->view()) + " (" +
             std::to_string(m->code == nullptr ? 0 : m->code_length) + " bytes)   " + note.decision + "\n";
  }
  std::fputs(lines.c_str(), stdout);
  std::fflush(stdout);
}

}  // namespace

void configure() {
  const JitOptions& options = vm().options.jit;
  state().options = options;
  // -Xcomp compiles at the first call and waits, as HotSpot's does; so does
  // every compilation under the deterministic scheduler, whose runs repeat
  // exactly, -Xlog:jit and PrintCompilation included.
  state().background = options.background && options.mode == JitOptions::Mode::kMixed &&
                       !vm().options.sched.has_value();
  detail::g_enabled = options.mode != JitOptions::Mode::kInterpreted;
  detail::g_threshold = options.mode == JitOptions::Mode::kCompiled ? 0
                        : options.compile_threshold != 0       ? options.compile_threshold
                                                               : kDefaultThreshold;
}

namespace {

// Compiles `method` and installs its code, `s.mutex` held; nullptr if it
// cannot be compiled. `recompiles`: how many times it was compiled before.
CompiledMethod* compile_locked(State& s, Method* method, CodeKind kind, int osr_bci,
                               uint32_t recompiles, bool blocking) {
  auto give_up = [&](const std::string& why) -> CompiledMethod* {
    method->jit_unsupported.store(true, std::memory_order_relaxed);
    if (log::enabled(log::Set::jit, log::Level::info))
      log::write(log::Set::jit, log::Level::info,
                 "not compiled: " + method->qualified_name() + ": " + why);
    return nullptr;
  };
  if (method->code == nullptr || method->runs_as_native() || method->intrinsic != Intrinsic::kNone)
    return give_up("no bytecode");
  Result<const safepoint::MethodOopMaps*> maps = safepoint::oop_maps_for(method);
  if (!maps.ok()) return give_up("reference maps: " + maps.error().message);
  ensure_resolution_cache(method->holder);

  auto started = std::chrono::steady_clock::now();
  auto cm = std::make_unique<CompiledMethod>();
  cm->method = method;
  cm->kind = kind;
  cm->local_bytes = 8 * frame_local_slots(method);
  cm->frame_bytes = 8 * frame_total_slots(method);
  cm->recompiles = recompiles;
  cm->osr_bci = osr_bci;
  cm->blocking = blocking;
  std::string why;
  // Room for its templates, and for the callees code without counting may
  // inline (up to 400 bytecodes, compiler.cpp; more room is tried below
  // when that is short).
  size_t inlined = kind == CodeKind::kPlain ? std::min<size_t>(400, 8 * size_t{method->code_length}) : 0;
  size_t capacity = 1024 + (size_t{method->code_length} + inlined) * 128;
  for (;;) {
    uint8_t* memory = s.cache.reserve(capacity);
    if (memory == nullptr) return give_up("the code cache is full");
    cm->resume_offsets.clear();
    cm->bci_starts.clear();
    cm->inline_notes.clear();
    cm->code_size = 0;
    if (generate_code(method, **maps, kind, memory, capacity, cm.get(), &why)) {
      s.cache.commit(cm->code_size);
      cm->start = cm->resume_at(0);
      break;
    }
    if (cm->code_size != 0xffffffffu) return give_up(why);
    capacity *= 4;  // only the room was short
  }
  cm->compile_id = s.next_id++;
  double micros = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - started).count();
  if (s.options.print_compilation) print_compilation(*cm, osr_bci);
  if (s.options.print_inlining) print_inlining(*cm);
  if (log::enabled(log::Set::jit, log::Level::info)) {
    char text[200], inlined[40] = "";
    if (cm->inlined_calls > 0)
      std::snprintf(inlined, sizeof inlined, " (%u call%s inlined)", cm->inlined_calls,
                    cm->inlined_calls == 1 ? "" : "s");
    std::snprintf(text, sizeof text, " %u bytecodes -> %u bytes of code in %.1f us%s%s%s",
                  method->code_length, cm->code_size, micros, kind_note(kind),
                  osr_bci >= 0 ? " (from a loop)" : "", inlined);
    log::write(log::Set::jit, log::Level::info,
               "compiled #" + std::to_string(cm->compile_id) + " " + method->qualified_name() + text);
  }
  if (s.options.print_assembly || log::enabled(log::Set::jit_disasm, log::Level::info))
    print_listing(*cm, s.options.print_assembly);
  CompiledMethod* result = cm.release();
  s.compiled.push_back(result);
  method->jit_code.store(result, std::memory_order_release);
  return result;
}

// The compiler thread: takes the requests in order, compiles each method
// whose code is still wanted, and installs it (the program's threads find
// it at the method's next call, resume point or backward branch). It stops
// at the VM's exit, after the compilation in progress.
void compiler_loop() {
  // Signals are the program's threads' to take (sun.misc.Signal, SIGQUIT).
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, nullptr);
  State& s = state();
  CompileQueue& q = s.queue;
  for (;;) {
    CompileQueue::Request request;
    {
      std::unique_lock lock(q.mutex);
      q.ready.wait(lock, [&] { return q.stopping || !q.requests.empty(); });
      if (q.stopping) return;
      request = q.requests.front();
      q.requests.pop_front();
    }
    {
      std::lock_guard lock(s.mutex);
      if (q.stopping.load()) return;
      Method* method = request.method;
      if (code_for(method, request.kind) == nullptr &&
          !method->jit_unsupported.load(std::memory_order_relaxed))
        compile_locked(s, method, request.kind, request.osr_bci, 0, false);
    }
    std::lock_guard lock(q.mutex);
    q.pending.erase(request.method);
  }
}

// Ends the compiler thread's work: no compilation starts after this (nor
// the thread, if it has not started yet), and the one in progress, if any,
// is finished (its listing printed) when it returns. Also run by exit(),
// before the VM's static objects go.
void stop_compiler() {
  State& s = state();
  {
    std::lock_guard lock(s.queue.mutex);
    if (s.queue.stopping) return;
    s.queue.stopping.store(true);
  }
  s.queue.ready.notify_all();
  std::lock_guard wait_for_compilation(s.mutex);
}

// Asks the compiler thread for `method`'s code (started at the first
// request); nothing if it was asked for already.
void enqueue(State& s, Method* method, CodeKind kind, int osr_bci) {
  CompileQueue& q = s.queue;
  {
    std::lock_guard lock(q.mutex);
    if (q.stopping || !q.pending.insert(method).second) return;
    q.requests.push_back({method, kind, osr_bci});
    if (!q.started) {
      q.started = true;
      std::thread worker(compiler_loop);
      pthread_setname_np(worker.native_handle(), "JIT compiler");
      worker.detach();
      std::atexit(stop_compiler);
    }
    if (log::enabled(log::Set::jit, log::Level::debug))
      log::write(log::Set::jit, log::Level::debug,
                 "queued " + method->qualified_name() + kind_note(kind) + ", " +
                     std::to_string(q.requests.size()) + " waiting");
  }
  q.ready.notify_one();
}

}  // namespace

void start_receiver_profile(Method* method) {
  if (method->receiver_profile.load(std::memory_order_relaxed) != nullptr || method->code_length == 0) return;
  auto* fresh = new std::atomic<const Klass*>[method->code_length]();
  std::atomic<const Klass*>* none = nullptr;
  if (!method->receiver_profile.compare_exchange_strong(none, fresh, std::memory_order_release))
    delete[] fresh;  // another thread's came first
}

CompiledMethod* compile(JavaThread* thread, Method* method, CodeKind kind, int osr_bci) {
  (void)thread;
  State& s = state();
  if (s.background) {
    // The method runs interpreted until its code is installed. It counts
    // towards the threshold again from zero, so that its calls meanwhile do
    // not each ask again (nor those after a request the VM's exit dropped).
    method->hotness.store(0, std::memory_order_relaxed);
    enqueue(s, method, kind, osr_bci);
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(s.mutex);
  if (CompiledMethod* cm = code_for(method, kind)) return cm;  // another thread's compile
  if (method->jit_unsupported.load(std::memory_order_relaxed)) return nullptr;
  // Code for the other loop, if any, is replaced: a method compiled during
  // start-up, before a profiler began recording, is compiled again as
  // counting code when the counting loop finds it hot (and else would ask
  // here, under the lock, at every call). Frames in the old code finish there.
  return compile_locked(s, method, kind, osr_bci, 0, true);
}

CompiledMethod* recompile(JavaThread* thread, CompiledMethod* stale, int osr_bci) {
  (void)thread;
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  Method* method = stale->method;
  if (method->jit_code.load(std::memory_order_acquire) != stale)  // another thread's recompile
    return code_for(method, stale->kind);
  stale->left_calls.store(0, std::memory_order_relaxed);
  // (A method that failed to compile, e.g. with the code cache full, keeps
  // its old code rather than trying again at every resume.)
  if (stale->recompiles >= kMaxRecompiles || method->jit_unsupported.load(std::memory_order_relaxed))
    return stale;
  if (s.options.print_compilation) print_compilation(*stale, stale->osr_bci, "   made not entrant");
  if (log::enabled(log::Set::jit, log::Level::info))
    log::write(log::Set::jit, log::Level::info,
               "recompiling #" + std::to_string(stale->compile_id) + " " + method->qualified_name() +
                   ": it left a call not resolved when it was compiled to the interpreter");
  CompiledMethod* fresh = compile_locked(s, method, stale->kind, osr_bci, stale->recompiles + 1, true);
  return fresh != nullptr ? fresh : stale;
}

void at_exit() {
  stop_compiler();
  State& s = state();
  if (!s.options.dump_perf_map) return;
  std::lock_guard<std::mutex> lock(s.mutex);
  std::string path = "/tmp/perf-" + std::to_string(getpid()) + ".map";
  FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return;
  for (const CompiledMethod* cm : s.compiled) {
    std::string name(cm->method->holder->name->view());
    for (char& c : name)
      if (c == '/') c = '.';
    std::fprintf(f, "%lx %x %s::%.*s\n", reinterpret_cast<unsigned long>(cm->code), cm->code_size,
                 name.c_str(), static_cast<int>(cm->method->name->view().size()),
                 cm->method->name->view().data());
  }
  std::fclose(f);
}

// --- helpers.h -------------------------------------------------------------------

void jit_poll(JavaThread* thread, uint32_t kind, uint64_t executed) {
  auto poll_kind = static_cast<PollKind>(kind);
  if (thread->bytecodes + executed >= thread->sample_due) {
    thread->bytecodes_at_poll = thread->bytecodes + executed;
    prof::bytecode_clock_due(thread);
  }
  if (poll_armed(thread) && poll_wanted(thread, poll_kind)) {
    thread->bytecodes_at_poll = thread->bytecodes + executed;
    safepoint_poll_slow(thread, poll_kind);
  }
}

void jit_flush_count(JavaThread* thread, Frame* frame, uint64_t executed) {
  flush_count(thread, frame, executed);
}

Frame* jit_push_frame(JavaThread* thread, Method* callee) {
  Frame* frame = thread->push_frame(callee);
  if (frame == nullptr) return nullptr;
  for (uint32_t i = callee->arg_slots; i < callee->max_locals; ++i) frame->locals[i].raw = 0;
  return frame;
}

void jit_pop_frame(JavaThread* thread, Frame* frame) { thread->pop_frame(frame); }

Frame* jit_counted_push_frame(JavaThread* thread, Method* callee, Frame* caller, uint64_t executed) {
  Frame* frame = jit_push_frame(thread, callee);
  if (frame == nullptr) return nullptr;
  flush_count(thread, caller, executed);
  if (prof::recording()) prof::enter(thread, frame);
  if (sched::deterministic()) sched::note_entry(thread, callee->id);
  prof::check_bytecode_clock(thread);  // the entry poll's; its poll word is the code's to test
  return frame;
}

void jit_counted_pop_frame(JavaThread* thread, Frame* frame, uint64_t executed) {
  flush_count(thread, frame, executed);
  if (prof::recording()) prof::leave(thread, frame, false);
  thread->pop_frame(frame);
}

namespace {
// The tree whose log compiled code appends to (JavaThread::call_log), or
// null once recording stopped.
prof::ThreadTree* call_log_tree(JavaThread* thread) {
  void* log = thread->call_log.load(std::memory_order_relaxed);
  return log == JavaThread::no_call_log() ? nullptr : static_cast<prof::ThreadTree*>(log);
}
}  // namespace

void jit_log_return(JavaThread* thread, uint32_t method, uint64_t count) {
  prof::ThreadTree* tree = call_log_tree(thread);
  if (tree == nullptr) return;
  tree->log.pending = count;
  prof::log_return(*tree, method);
}

void jit_log_count(JavaThread* thread, uint64_t count) {
  prof::ThreadTree* tree = call_log_tree(thread);
  if (tree == nullptr) return;
  tree->log.pending += count;
  prof::log_pending(*tree);
}

uint64_t jit_call_native(JavaThread* thread, Method* callee, Slot* result) {
  invoke_native(thread, callee, result);
  return thread->has_pending_exception() ? 0 : 1;
}

uint64_t jit_counted_call_native(JavaThread* thread, Method* callee, Slot* result, Frame* caller,
                                 uint64_t executed) {
  flush_count(thread, caller, executed);
  return jit_call_native(thread, callee, result);
}

uint64_t jit_monitor_enter(JavaThread* thread, Object* o) {
  monitor_enter(thread, o);
  return thread->has_pending_exception() ? 0 : 1;
}

uint64_t jit_monitor_exit(JavaThread* thread, Object* o) { return monitor_exit(thread, o) ? 1 : 0; }

uint64_t jit_lock_method(JavaThread* thread, Frame* frame) {
  lock_method(thread, frame);
  return thread->has_pending_exception() ? 0 : 1;
}

uint64_t jit_unlock_method(JavaThread* thread, Frame* frame) { return unlock_method(thread, frame) ? 1 : 0; }

uint64_t jit_load_constant(JavaThread* thread, Klass* holder, uint32_t index, Slot* out) {
  return load_constant(thread, holder, static_cast<uint16_t>(index), out) ? 1 : 0;
}

uint64_t jit_aastore(JavaThread* thread, ArrayObject* array, int32_t index, Object* value) {
  if (array == nullptr) {
    throw_null_pointer(thread);
    return 0;
  }
  if (static_cast<uint32_t>(index) >= static_cast<uint32_t>(array->length())) {
    throw_array_index(thread, index, array->length());
    return 0;
  }
  if (value != nullptr && !value->klass()->is_subtype_of(array->klass()->component)) {
    throw_array_store(thread, value);
    return 0;
  }
  array->data<Object*>()[index] = value;
  return 1;
}

uint64_t jit_is_instance(Object* mirror, Object* object) {
  Klass* k = klass_of_mirror(mirror);
  return k != nullptr && object != nullptr && object->klass()->is_subtype_of(k) ? 1 : 0;
}

uint64_t jit_arraycopy_fits(Object* src, int32_t src_pos, Object* dst, int32_t dst_pos,
                            int32_t length) {
  if (src == nullptr || dst == nullptr) return 0;
  const Klass* sk = src->klass();
  const Klass* dk = dst->klass();
  if (!sk->is_array() || !dk->is_array()) return 0;
  if (sk->kind == Klass::Kind::kPrimitiveArray) {
    if (sk != dk) return 0;
  } else if (dk->kind != Klass::Kind::kObjectArray ||
             (sk != dk && !sk->component->is_subtype_of(dk->component))) {
    return 0;
  }
  auto* from = static_cast<ArrayObject*>(src);
  auto* to = static_cast<ArrayObject*>(dst);
  // In 64 bits: a position plus the length may pass INT32_MAX.
  if (src_pos < 0 || dst_pos < 0 || length < 0 || int64_t{src_pos} + length > from->length() ||
      int64_t{dst_pos} + length > to->length()) {
    return 0;
  }
  return 1;
}

uint64_t jit_arraycopy(Object* src, int32_t src_pos, Object* dst, int32_t dst_pos, int32_t length) {
  if (!jit_arraycopy_fits(src, src_pos, dst, dst_pos, length)) return 0;
  const Klass* sk = src->klass();
  const size_t size = sk->kind == Klass::Kind::kPrimitiveArray ? sk->element_size : sizeof(Object*);
  std::memmove(static_cast<ArrayObject*>(dst)->data<char>() + size * static_cast<size_t>(dst_pos),
               static_cast<ArrayObject*>(src)->data<char>() + size * static_cast<size_t>(src_pos),
               size * static_cast<size_t>(length));
  return 1;
}

namespace {
Klass* class_at(JavaThread* thread, Klass* holder, uint32_t index) {
  auto i = static_cast<uint16_t>(index);
  Klass* k = static_cast<Klass*>(cache_lookup(holder, i, CacheTag::kClass));
  return k != nullptr ? k : resolve_class_cached(thread, holder, i);
}
}  // namespace

void InlineCache::fill(Klass* k, Method* m) {
  for (Way& way : ways) {
    // A way taken already is passed without a locked instruction: at a
    // site that sees more classes than it has ways, every miss comes here.
    if (Klass* held = way.klass.load(std::memory_order_relaxed); held != nullptr) {
      if (held == k) return;
      continue;
    }
    Klass* expected = nullptr;
    if (!way.klass.compare_exchange_strong(expected, reinterpret_cast<Klass*>(1),
                                           std::memory_order_relaxed)) {
      if (expected == k) return;  // another thread kept it
      continue;                   // taken (or being taken)
    }
    way.method.store(m, std::memory_order_relaxed);
    way.klass.store(k, std::memory_order_release);
    return;
  }
}

void jit_fill_virtual_cache(InlineCache* cell, Klass* k, Method* m) { cell->fill(k, m); }

Method* jit_select_interface(JavaThread* thread, Object* receiver, Method* resolved,
                             InlineCache* cell) {
  Method* selected = select_interface_method(thread, receiver, resolved);
  if (selected != nullptr) cell->fill(receiver->klass(), selected);
  return selected;
}

int32_t jit_checkcast(JavaThread* thread, Object* object, Klass* holder, uint32_t index,
                      InlineCache* cell) {
  Klass* k = class_at(thread, holder, index);
  if (k == nullptr) return -1;
  if (!object->klass()->is_subtype_of(k)) {
    throw_class_cast(thread, object->klass(), k);
    return -1;
  }
  if (cell != nullptr) cell->fill(object->klass(), nullptr);  // none at a displayed class's site
  return 1;
}

int32_t jit_instanceof(JavaThread* thread, Object* object, Klass* holder, uint32_t index,
                       InlineCache* cell, InlineCache* no_cell) {
  Klass* k = class_at(thread, holder, index);
  if (k == nullptr) return -1;
  if (!object->klass()->is_subtype_of(k)) {
    no_cell->fill(object->klass(), nullptr);
    return 0;
  }
  cell->fill(object->klass(), nullptr);
  return 1;
}

float jit_frem(float a, float b) { return java_frem(a, b); }
double jit_drem(double a, double b) { return java_drem(a, b); }
int32_t jit_f2i(float v) { return java_f2i(v); }
int64_t jit_f2l(float v) { return java_f2l(v); }
int32_t jit_d2i(double v) { return java_d2i(v); }
int64_t jit_d2l(double v) { return java_d2l(v); }

}  // namespace minijvm::interp::jit
