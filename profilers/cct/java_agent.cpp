#include "profilers/cct/java_agent.h"

#include <dlfcn.h>

#include <algorithm>
#include <filesystem>
#include <span>
#include <vector>

#include "profilers/profiler.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/handles.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/klass.h"
#include "vm/runtime/natives.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"
#include "vm/symbols.h"

namespace minijvm::prof {

namespace {

// --- minijvm.profiler.Context's natives --------------------------------------

// The tree an agent call on this thread works on (set while it runs): a
// Context's handle is its node's index there, plus one (0: no context).
struct AgentView {
  ThreadTree* tree = nullptr;
  const MethodIds* methods = nullptr;
};
thread_local AgentView t_view;

int64_t handle_of(uint32_t index) { return index == Node::kNone ? 0 : int64_t{index}; }
uint32_t index_arg(const Slot* args) { return static_cast<uint32_t>(args[0].j); }
Node& node_arg(const Slot* args) { return t_view.tree->nodes[index_arg(args)]; }

// name0(long node, int what): 0 class (binary name), 1 method name, 2 descriptor.
void context_name(JavaThread* thread, Method*, Slot* args, Slot* result) {
  std::string text;
  if (index_arg(args) != NodeArena::kRoot) {
    const Method* method = t_view.methods->get(node_arg(args).method);
    switch (args[2].i) {
      case 0:
        text = method->holder->external_name();
        break;
      case 1:
        text = std::string(method->name->view());
        break;
      default:
        text = std::string(method->descriptor->view());
        break;
    }
  }
  *result = slot_ref(new_string_from_modified_utf8(thread, text));
}

// count0(long node, int what): 0 calls, 1 bytecodes, 2 site.
void context_count(JavaThread*, Method*, Slot* args, Slot* result) {
  const Node& node = node_arg(args);
  switch (args[2].i) {
    case 0:
      *result = slot_long(static_cast<int64_t>(t_view.tree->calls(index_arg(args))));
      break;
    case 1:
      *result = slot_long(static_cast<int64_t>(node.bytecodes));
      break;
    default:
      *result = slot_long(node.site());
      break;
  }
}

void context_parent(JavaThread*, Method*, Slot* args, Slot* result) {
  *result = slot_long(handle_of(node_arg(args).parent));
}

// The children in the order they were first entered: by index (the list's
// order is the replay's, ThreadTree::find_child_after).
void context_children(JavaThread* thread, Method*, Slot* args, Slot* result) {
  std::vector<uint32_t> children;
  for (uint32_t c = node_arg(args).first_child; c != Node::kNone;
       c = t_view.tree->nodes[c].next_sibling)
    children.push_back(c);
  std::sort(children.begin(), children.end());
  ArrayObject* array =
      new_primitive_array(thread, BasicType::kLong, static_cast<int32_t>(children.size()));
  if (array == nullptr) return;
  int64_t* elements = array->data<int64_t>();
  for (size_t i = 0; i < children.size(); ++i) elements[i] = handle_of(children[i]);
  *result = slot_ref(array);
}

// The bytecodes of the node and its subtree, set to 0 (JP: the agent may
// reset the counters).
void context_reset(JavaThread*, Method*, Slot* args, Slot*) {
  std::vector<uint32_t> pending{index_arg(args)};
  while (!pending.empty()) {
    Node& n = t_view.tree->nodes[pending.back()];
    pending.pop_back();
    n.bytecodes = n.overcount() = 0;
    for (uint32_t c = n.first_child; c != Node::kNone; c = t_view.tree->nodes[c].next_sibling)
      pending.push_back(c);
  }
}

constexpr NativeEntry kContextNatives[] = {
    {"minijvm/profiler/Context", "name0", "(JI)Ljava/lang/String;", &context_name},
    {"minijvm/profiler/Context", "count0", "(JI)J", &context_count},
    {"minijvm/profiler/Context", "parent0", "(J)J", &context_parent},
    {"minijvm/profiler/Context", "children0", "(J)[J", &context_children},
    {"minijvm/profiler/Context", "reset0", "(J)V", &context_reset},
};

// "java.lang.ClassNotFoundException: Foo": the pending exception's
// toString(), which is then cleared.
std::string describe_pending(JavaThread* thread) {
  HandleMark mark(thread->handles());
  Handle exception = thread->handles().make(thread->pending_exception());
  thread->clear_pending_exception();
  Method* to_string = lookup_method(exception->klass(), intern("toString"),
                                    intern("()Ljava/lang/String;"));
  std::string text = exception->klass()->external_name();
  if (to_string != nullptr) {
    Slot receiver = slot_ref(exception.get());
    Slot value;
    value.raw = 0;
    call_java(thread, to_string, std::span<const Slot>(&receiver, 1), &value);
    if (!thread->has_pending_exception() && value.l != nullptr) text = string_to_utf8(value.l);
  }
  thread->clear_pending_exception();
  return text;
}

Method* static_method(Klass* klass, const char* name, const char* descriptor) {
  return lookup_method(klass, intern(name), intern(descriptor));
}

}  // namespace

std::string profiler_api_jar() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&profiler_api_jar), &info) == 0 || info.dli_fname == nullptr)
    return "";
  std::error_code error;
  auto binary = std::filesystem::canonical(info.dli_fname, error);
  if (error) return "";
  auto jar = binary.parent_path() / "minijvm-profiler.jar";
  return std::filesystem::exists(jar, error) ? jar.string() : "";
}

Result<JavaAgent> JavaAgent::create(JavaThread* thread, const std::string& class_name) {
  static bool natives_registered = false;
  if (!natives_registered) {
    register_vm_natives(kContextNatives);
    natives_registered = true;
  }
  HandleMark mark(thread->handles());
  auto fail = [&](const std::string& what) {
    return make_error("", "bcount agent " + class_name + ": " + what);
  };
  // ClassLoader.getSystemClassLoader(), which reads the API jar from the
  // class path (the session appended it).
  Klass* class_loader = load_class(thread, intern("java/lang/ClassLoader"), nullptr);
  if (class_loader == nullptr || !initialize_class(thread, class_loader))
    return fail(describe_pending(thread));
  Method* system_loader = static_method(class_loader, "getSystemClassLoader",
                                        "()Ljava/lang/ClassLoader;");
  if (system_loader == nullptr) return fail("no ClassLoader.getSystemClassLoader");
  Slot loader;
  loader.raw = 0;
  call_java(thread, system_loader, {}, &loader);
  if (thread->has_pending_exception()) return fail(describe_pending(thread));
  Handle loader_handle = thread->handles().make(loader.l);
  Klass* runner = load_class(thread, intern("minijvm/profiler/AgentRunner"), loader_handle.get());
  if (runner == nullptr) {
    thread->clear_pending_exception();
    return fail("minijvm.profiler.AgentRunner is not on the class path (minijvm-profiler.jar "
                "beside the minijvm binary)");
  }
  if (!initialize_class(thread, runner)) return fail(describe_pending(thread));
  Method* create = static_method(runner, "create", "(Ljava/lang/String;)Lminijvm/profiler/Agent;");
  JavaAgent agent;
  agent.register_ = static_method(runner, "register", "(Lminijvm/profiler/Agent;J)J");
  agent.report_ = static_method(runner, "report", "(Lminijvm/profiler/Agent;JJ)J");
  if (create == nullptr || agent.register_ == nullptr || agent.report_ == nullptr)
    return fail("minijvm.profiler.AgentRunner lacks create, register or report");
  Object* name = new_string_from_utf8(thread, class_name);
  if (name == nullptr) return fail(describe_pending(thread));
  Slot arg = slot_ref(name);
  Slot created;
  created.raw = 0;
  call_java(thread, create, std::span<const Slot>(&arg, 1), &created);
  if (thread->has_pending_exception()) return fail(describe_pending(thread));
  agent.agent_ = vm().global_handles.add(created.l);
  return agent;
}

namespace {

// Calls an AgentRunner method that returns the next period, with the
// agent's own work suspended from every profiler (JP). AgentRunner catches
// what the agent throws; what is left (a StackOverflowError, say) also ends
// the reports on this thread: 0.
int64_t call_runner(JavaThread* thread, Method* method, std::span<const Slot> args) {
  SuspendRecording suspended;
  Slot next;
  next.raw = 0;
  call_java(thread, method, args, &next);
  if (thread->has_pending_exception()) {
    thread->clear_pending_exception();
    return 0;
  }
  return next.j;
}

}  // namespace

int64_t JavaAgent::register_thread(JavaThread* thread, int64_t granularity) const {
  Slot args[] = {slot_ref(*agent_), slot_long(granularity), slot_long(0)};
  return call_runner(thread, register_, args);
}

int64_t JavaAgent::report(JavaThread* thread, ThreadTree* tree, const MethodIds* methods,
                          const Node* current) const {
  Slot args[] = {slot_ref(*agent_), slot_long(handle_of(NodeArena::kRoot)), slot_long(0),
                 slot_long(current != nullptr ? handle_of(NodeArena::index_of(current)) : 0),
                 slot_long(0)};
  AgentView saved = t_view;
  t_view = {tree, methods};
  int64_t next = call_runner(thread, report_, args);
  t_view = saved;
  return next;
}

}  // namespace minijvm::prof
