// create_vm_core: the order matters. Object, String and Class are loaded
// first (Class's layout fixes where statics live); classes defined before
// Class get their mirrors afterwards (HotSpot's fixup_mirror_list).
#include "vm/runtime/bootstrap.h"

#include <cstdio>

#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/loader_internal.h"
#include "vm/runtime/method_handles.h"
#include "vm/runtime/mirrors.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/thread.h"

namespace minijvm {

namespace {

bool fail(JavaThread* thread, const char* what) {
  std::string detail;
  if (thread && thread->has_pending_exception()) {
    Object* e = thread->pending_exception();
    detail = ": " + e->klass()->external_name();
    std::string msg = exception_message(e);
    if (!msg.empty()) detail += ": " + msg;
  }
  std::fprintf(stderr, "minijvm: %s%s\n", what, detail.c_str());
  return false;
}

// OutOfMemoryError("Java heap space") with an empty stack trace, and the
// preallocated ones that get a stack trace when thrown (vm.h), made
// without running Java (Universe::create_preallocated_out_of_memory_errors).
bool preallocate_oom(JavaThread* thread) {
  Klass* k = load_class(thread, intern("java/lang/OutOfMemoryError"), nullptr);
  if (k == nullptr || !link_class(thread, k)) return false;
  HandleMark hm(thread->handles());
  Handle oom = thread->handles().make(new_instance(thread, k));
  if (oom.is_null()) return false;
  Handle msg = thread->handles().make(new_string_from_utf8(thread, "Java heap space"));
  if (msg.is_null()) return false;
  Klass* throwable = vm().classes.Throwable;
  if (FieldDesc* f =
          throwable->find_declared_field(intern("detailMessage"), vm_symbols().string_signature))
    oom->set_ref_field(f->offset, msg.get());
  Handle empty_trace = thread->handles().make(new_object_array(thread, vm().classes.StackTraceElement, 0));
  if (empty_trace.is_null()) return false;
  Object* empty = empty_trace.get();
  if (FieldDesc* f = throwable->find_declared_field(intern("stackTrace"),
                                                    intern("[Ljava/lang/StackTraceElement;")))
    oom->set_ref_field(f->offset, empty);
  vm().out_of_memory_error = vm().global_handles.add(oom.get());
  // OutOfMemoryError("Requested array size exceeds VM limit"): HotSpot's
  // has no stack trace either.
  {
    Handle size_error = thread->handles().make(new_instance(thread, k));
    if (size_error.is_null()) return false;
    Object* size_msg = new_string_from_utf8(thread, "Requested array size exceeds VM limit");
    if (size_msg == nullptr) return false;
    size_error->set_ref_field(throwable->find_declared_field(intern("detailMessage"),
                                                             vm_symbols().string_signature)->offset,
                              size_msg);
    size_error->set_ref_field(throwable->find_declared_field(intern("stackTrace"),
                                                             intern("[Ljava/lang/StackTraceElement;"))->offset,
                              empty_trace.get());
    vm().array_size_error = vm().global_handles.add(size_error.get());
  }
  for (int i = 0; i < Vm::kPreallocatedErrors; ++i) {
    Object* error = new_instance(thread, k);
    if (error == nullptr) return false;
    error->set_ref_field(throwable->find_declared_field(intern("detailMessage"),
                                                        vm_symbols().string_signature)->offset,
                         msg.get());
    vm().preallocated_errors[i] = vm().global_handles.add(error);
    // HotSpot's preallocated backtrace holds one chunk: 32 frames.
    Object* backtrace = new_primitive_array(thread, BasicType::kLong, 2 * kPreallocatedTraceDepth + 1);
    if (backtrace == nullptr) return false;
    vm().preallocated_backtraces[i] = vm().global_handles.add(backtrace);
  }
  return true;
}

}  // namespace

bool create_vm_core(const VmOptions& options, const JdkInstall& jdk, JavaThread** main_thread) {
  Vm& v = vm();
  v.options = options;
  v.jdk = jdk;
  if (!v.heap.initialize(options.initial_heap, options.max_heap))
    return fail(nullptr, "could not reserve the Java heap");
  v.heap.set_free_ratios(options.min_heap_free_ratio, options.max_heap_free_ratio);
  v.heap.set_min_allocation_budget(options.allocation_budget);
  if (v.boot_class_path.empty()) {
    auto opened = v.boot_class_path.append_java_base(jdk);
    if (!opened.ok()) {
      std::fprintf(stderr, "minijvm: %s\n", opened.error().message.c_str());
      return false;
    }
  }
  auto* thread = new JavaThread(options.thread_stack);
  thread->name = "main";
  thread->state.store(ThreadState::kInVm);
  JavaThread::set_current(thread);
  {
    std::lock_guard lock(v.threads_mutex);
    v.threads.push_back(thread);
  }
  *main_thread = thread;

#define WK_CLASS(id, name)                                  \
  v.classes.id = load_class(thread, intern(name), nullptr); \
  if (v.classes.id == nullptr) return fail(thread, "cannot load " name);
#include "vm/runtime/well_known_classes.def"
#undef WK_CLASS
#define WK_CLASS(id, name) \
  if (!link_class(thread, v.classes.id)) return fail(thread, "cannot link " name);
#include "vm/runtime/well_known_classes.def"
#undef WK_CLASS
  if (!init_invoke_layout(thread)) return fail(thread, "cannot find the java.lang.invoke fields");
  if (!create_primitive_array_klasses(thread))
    return fail(thread, "cannot create the primitive array classes");
  if (!create_pending_mirrors(thread)) return fail(thread, "cannot create the class mirrors");
  if (!preallocate_oom(thread)) return fail(thread, "cannot create OutOfMemoryError");
  return true;
}

}  // namespace minijvm
