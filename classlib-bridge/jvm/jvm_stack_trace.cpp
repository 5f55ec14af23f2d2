// Throwable stack traces (HotSpot: classfile/javaClasses.cpp
// java_lang_Throwable::fill_in_stack_trace, get_stack_trace_elements and
// java_lang_StackTraceElement::fill_in; prims/jvm.cpp JVM_FillInStackTrace,
// JVM_InitStackTraceElementArray).
//
// Throwable.backtrace holds a long[] of (Method*, bci) pairs, one per frame,
// top first, then one word of flags (kHiddenTopFrame); Throwable.depth is the
// number of pairs. Methods are never unloaded (no
// class unloading in minijvm), so the raw pointers stay valid; the collector
// need not trace them.
#include <vector>

#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_modules.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "classlib-bridge/jvm/npe_message.h"
#include "safepoint/safepoint.h"
#include "vm/bytecode/bytecodes.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {

namespace {
// The flags word after the pairs: the top frame was hidden (HotSpot's
// BacktraceBuilder::set_has_hidden_top_frame).
constexpr int64_t kHiddenTopFrame = 1;

// HotSpot's -XX:MaxJavaStackTraceDepth default.
constexpr int32_t kMaxStackTraceDepth = 1024;

struct BacktraceEntry {
  Method* method;
  uint32_t bci;
};

}  // namespace

// The frames of a stack trace from `top` down, at most `max_depth`: the
// throwable's fillInStackTrace and constructor frames and hidden frames left
// out. Sets *hidden_top_frame if the top frame was hidden.
std::vector<BacktraceEntry> collect_backtrace(Klass* tk, Frame* top, size_t max_depth,
                                              bool* hidden_top_frame) {
  std::vector<BacktraceEntry> entries;
  bool skip_fill_in = true;  // still skipping Throwable.fillInStackTrace frames
  bool skip_init = true;     // still skipping the throwable's <init> frames
  for (Frame* f = top; f != nullptr && entries.size() < max_depth; f = f->caller) {
    Method* m = f->method;
    if (m == nullptr) continue;
    if (skip_fill_in) {
      if (m->name->equals("fillInStackTrace") && tk->is_subtype_of(m->holder)) continue;
      skip_fill_in = false;
    }
    if (skip_init) {
      if (m->name == vm_symbols().object_initializer_name && tk->is_subtype_of(m->holder)) {
        continue;
      }
      skip_init = false;
    }
    // Lambda proxies, LambdaForms and other hidden frames (HotSpot without
    // -XX:+ShowHiddenFrames).
    if (m->is_hidden) {
      if (entries.empty()) *hidden_top_frame = true;
      continue;
    }
    entries.push_back({m, f->bci()});
  }
  return entries;
}

void fill_in_stack_trace(JavaThread* thread, Handle throwable, Frame* top) {
  Klass* tk = throwable->klass();
  // As HotSpot: drop the old trace first (in case allocating the new one
  // fails), including the lazily built Java-level stackTrace.
  set_ref_field(thread, throwable.get(), "backtrace", "Ljava/lang/Object;", nullptr);
  set_ref_field(thread, throwable.get(), "stackTrace", "[Ljava/lang/StackTraceElement;", nullptr);
  CHECK_PENDING(thread);
  bool hidden_top_frame = false;
  std::vector<BacktraceEntry> entries =
      collect_backtrace(tk, top, kMaxStackTraceDepth, &hidden_top_frame);
  const int32_t depth = static_cast<int32_t>(entries.size());
  ArrayObject* backtrace = new_primitive_array(thread, BasicType::kLong, depth * 2 + 1);
  if (backtrace == nullptr) return;
  backtrace->data<int64_t>()[2 * depth] = hidden_top_frame ? kHiddenTopFrame : 0;
  for (int32_t i = 0; i < depth; ++i) {
    backtrace->data<int64_t>()[2 * i] = reinterpret_cast<int64_t>(entries[i].method);
    backtrace->data<int64_t>()[2 * i + 1] = entries[i].bci;
  }
  set_ref_field(thread, throwable.get(), "backtrace", "Ljava/lang/Object;", backtrace);
  CHECK_PENDING(thread);
  set_int_field(thread, throwable.get(), "depth", depth);
}

void fill_preallocated_trace(JavaThread* thread, Object* error, Object* storage) {
  // java_lang_Throwable::fill_in_stack_trace_of_preallocated_backtrace: no
  // allocation, the trace written into the error's preallocated long[].
  bool hidden_top_frame = false;
  std::vector<BacktraceEntry> entries = collect_backtrace(
      error->klass(), thread->top_frame(), kPreallocatedTraceDepth, &hidden_top_frame);
  auto* backtrace = static_cast<ArrayObject*>(storage);
  const auto depth = static_cast<int32_t>(entries.size());
  for (int32_t i = 0; i < depth; ++i) {
    backtrace->data<int64_t>()[2 * i] = reinterpret_cast<int64_t>(entries[i].method);
    backtrace->data<int64_t>()[2 * i + 1] = entries[i].bci;
  }
  backtrace->data<int64_t>()[2 * depth] = hidden_top_frame ? kHiddenTopFrame : 0;
  Klass* throwable = vm().classes.Throwable;
  error->set_ref_field(throwable->find_declared_field(intern("backtrace"),
                                                      intern("Ljava/lang/Object;"))->offset,
                       backtrace);
  error->set_field<int32_t>(throwable->find_declared_field(intern("depth"), intern("I"))->offset,
                            depth);
  // null: Throwable.getOurStackTrace builds the elements from the backtrace.
  error->set_ref_field(throwable->find_declared_field(intern("stackTrace"),
                                                      intern("[Ljava/lang/StackTraceElement;"))->offset,
                       nullptr);
}

// java_lang_StackTraceElement::fill_in for one frame.
void fill_stack_trace_element(JavaThread* thread, Handle element, Method* method, uint32_t bci) {
  Klass* holder = method->holder;
  HandleMark mark(thread->handles());
  Handle mirror = thread->handles().make(holder->mirror);
  set_ref_field(thread, element.get(), "declaringClassObject", "Ljava/lang/Class;", mirror.get());
  CHECK_PENDING(thread);
  Object* class_name = init_class_name(thread, mirror.get());
  CHECK_PENDING(thread);
  set_ref_field(thread, element.get(), "declaringClass", "Ljava/lang/String;", class_name);
  Object* method_name = intern_symbol(thread, method->name);
  CHECK_PENDING(thread);
  set_ref_field(thread, element.get(), "methodName", "Ljava/lang/String;", method_name);
  // The defining loader's name ("app" for the application class loader;
  // StackTraceElement.toString drops it for the built-in loaders).
  if (Object* loader = holder->loader) {
    if (FieldDesc* nf =
            lookup_field(loader->klass(), intern("name"), intern("Ljava/lang/String;"))) {
      set_ref_field(thread, element.get(), "classLoaderName", "Ljava/lang/String;",
                    loader->ref_field(nf->offset));
      CHECK_PENDING(thread);
    }
  }
  // Module name and version for classes in named modules ("java.base/...").
  bool named = false;
  if (FieldDesc* mf =
          lookup_field(mirror->klass(), intern("module"), intern("Ljava/lang/Module;"))) {
    if (Object* module = mirror->ref_field(mf->offset)) {
      FieldDesc* nf = lookup_field(module->klass(), intern("name"), intern("Ljava/lang/String;"));
      if (nf && module->ref_field(nf->offset) != nullptr) {
        Object* name = intern_string(thread, module->ref_field(nf->offset));
        CHECK_PENDING(thread);
        set_ref_field(thread, element.get(), "moduleName", "Ljava/lang/String;", name);
        CHECK_PENDING(thread);
        named = true;
        if (std::optional<std::string> version = module_version(module)) {
          Object* v = java_string(thread, *version);
          CHECK_PENDING(thread);
          v = intern_string(thread, v);
          CHECK_PENDING(thread);
          set_ref_field(thread, element.get(), "moduleVersion", "Ljava/lang/String;", v);
          CHECK_PENDING(thread);
        }
      }
    }
  }
  // Before initPhase2 defines java.base its classes sit in the boot loader's
  // unnamed module, but HotSpot names java.base from the package's module
  // entry: "java.base/java.lang.Foo..." (start-up failures print such traces).
  if (!named && holder->in_java_base()) {
    Object* name = intern_string(thread, java_string(thread, "java.base"));
    CHECK_PENDING(thread);
    set_ref_field(thread, element.get(), "moduleName", "Ljava/lang/String;", name);
    CHECK_PENDING(thread);
  }
  Object* file_name = nullptr;
  if (const Symbol* source = holder->source_file()) {
    file_name = intern_symbol(thread, source);
    CHECK_PENDING(thread);
  }
  set_ref_field(thread, element.get(), "fileName", "Ljava/lang/String;", file_name);
  CHECK_PENDING(thread);
  // -2 marks a native method (StackTraceElement.isNativeMethod).
  set_int_field(thread, element.get(), "lineNumber",
                method->runs_as_native() ? -2 : method->line_number(bci));
}

namespace {

// A thread's whole stack, top first, every frame a method runs in (hidden
// ones too, as HotSpot's ThreadStackTrace::dump_stack_at_safepoint walks
// every Java vframe). A thread blocked entering a monitor at a
// monitorenter is shown at the instruction after it, as HotSpot's
// interpreter has it (its monitorenter advances the bcp before it locks).
std::vector<BacktraceEntry> thread_frames(JavaThread* target) {
  std::vector<BacktraceEntry> frames;
  for (Frame* f = target->top_frame(); f != nullptr; f = f->caller) {
    if (f->method == nullptr) continue;
    uint32_t bci = f->bci();
    if (frames.empty() && f->pc != nullptr && !f->method->is_native() &&
        *f->pc == static_cast<uint8_t>(bytecode::Opcode::kMonitorenter) &&
        target->state.load() == ThreadState::kBlocked) {
      ++bci;
    }
    frames.push_back({f->method, bci});
  }
  return frames;
}

}  // namespace

Object* dump_thread_stacks(JavaThread* thread, Handle threads) {
  if (threads.is_null()) {
    throw_npe(thread);
    return nullptr;
  }
  const int32_t n = static_cast<ArrayObject*>(threads.get())->length();
  if (n == 0) {
    throw_new_no_message(thread, intern("java/lang/IllegalArgumentException"));
    return nullptr;
  }
  // The frames first, each thread's while it is held stopped (HotSpot
  // takes them all at one safepoint; one handshake each sees every
  // thread's stack as it was at some moment while the call ran); a thread
  // not started or ended has none.
  std::vector<std::vector<BacktraceEntry>> stacks(static_cast<size_t>(n));
  for (int32_t i = 0; i < n; ++i) {
    Object* t = static_cast<ArrayObject*>(threads.get())->data<Object*>()[i];
    JavaThread* target = java_thread_of(t);
    if (target == nullptr) continue;
    if (target == thread) {
      stacks[static_cast<size_t>(i)] = thread_frames(thread);
    } else {
      safepoint::handshake(
          target,
          [&](JavaThread* stopped) { stacks[static_cast<size_t>(i)] = thread_frames(stopped); },
          "ThreadDump");
    }
  }
  HandleMark mark(thread->handles());
  Klass* element_class = load_class(thread, intern("java/lang/StackTraceElement"), nullptr);
  if (element_class == nullptr || !initialize_class(thread, element_class)) return nullptr;
  Klass* trace_class = array_klass_of(thread, element_class);
  if (trace_class == nullptr) return nullptr;
  Handle result = thread->handles().make(new_object_array(thread, trace_class, n));
  if (result.is_null()) return nullptr;
  for (int32_t i = 0; i < n; ++i) {
    const std::vector<BacktraceEntry>& frames = stacks[static_cast<size_t>(i)];
    Handle trace = thread->handles().make(
        new_object_array(thread, element_class, static_cast<int32_t>(frames.size())));
    if (trace.is_null()) return nullptr;
    static_cast<ArrayObject*>(result.get())->data<Object*>()[i] = trace.get();
    for (size_t j = 0; j < frames.size(); ++j) {
      Handle element = thread->handles().make(new_instance(thread, element_class));
      if (element.is_null()) return nullptr;
      static_cast<ArrayObject*>(trace.get())->data<Object*>()[j] = element.get();
      fill_stack_trace_element(thread, element, frames[j].method, frames[j].bci);
      if (thread->has_pending_exception()) return nullptr;
    }
  }
  return result.get();
}

void init_stack_trace_elements(JavaThread* thread, Handle elements, Handle throwable) {
  if (elements.is_null() || throwable.is_null()) {
    throw_npe(thread);
    return;
  }
  Object* bt = get_ref_field(thread, throwable.get(), "backtrace", "Ljava/lang/Object;");
  CHECK_PENDING(thread);
  int32_t depth = get_int_field(thread, throwable.get(), "depth");
  CHECK_PENDING(thread);
  auto* array = static_cast<ArrayObject*>(elements.get());
  // (A preallocated OutOfMemoryError's backtrace is longer than its trace.)
  if (array->length() != depth ||
      (bt != nullptr && static_cast<ArrayObject*>(bt)->length() < 2 * depth + 1)) {
    throw_new_no_message(thread, intern("java/lang/IndexOutOfBoundsException"));
    return;
  }
  // No backtrace (a fillInStackTrace override that does not call super):
  // HotSpot's BacktraceIterator has nothing to visit.
  if (bt == nullptr) return;
  Handle backtrace = thread->handles().make(bt);
  for (int32_t i = 0; i < depth; ++i) {
    Object* e = static_cast<ArrayObject*>(elements.get())->data<Object*>()[i];
    if (e == nullptr) {
      throw_npe(thread);
      return;
    }
    const int64_t* pairs = static_cast<ArrayObject*>(backtrace.get())->data<int64_t>();
    auto* method = reinterpret_cast<Method*>(pairs[2 * i]);
    auto bci = static_cast<uint32_t>(pairs[2 * i + 1]);
    fill_stack_trace_element(thread, thread->handles().make(e), method, bci);
    CHECK_PENDING(thread);
  }
}

}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT void JNICALL JVM_FillInStackTrace(JNIEnv* env, jobject receiver) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  HandleMark mark(thread->handles());
  fill_in_stack_trace(thread, thread->handles().make(resolve(receiver)), thread->top_frame());
}

JNIEXPORT void JNICALL JVM_InitStackTraceElementArray(JNIEnv* env, jobjectArray elements,
                                                      jobject throwable) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  HandleMark mark(thread->handles());
  init_stack_trace_elements(thread, thread->handles().make(resolve(elements)),
                            thread->handles().make(resolve(throwable)));
}

JNIEXPORT jstring JNICALL JVM_GetExtendedNPEMessage(JNIEnv* env, jthrowable throwable) {
  VmStateScope vm_state(env);
  // The top frame of the backtrace is where the NPE was raised; null when
  // there is nothing to describe (npe_message.h).
  JavaThread* thread = jvm_thread(env);
  Object* e = resolve(throwable);
  if (e == nullptr) return nullptr;
  Object* bt = get_ref_field(thread, e, "backtrace", "Ljava/lang/Object;");
  if (bt == nullptr || thread->has_pending_exception() ||
      static_cast<ArrayObject*>(bt)->length() < 2 || get_int_field(thread, e, "depth") < 1) {
    return nullptr;
  }
  const int64_t* top = static_cast<ArrayObject*>(bt)->data<int64_t>();
  // As HotSpot: an NPE raised in a hidden frame (omitted from the trace)
  // cannot be described.
  int32_t depth = get_int_field(thread, e, "depth");
  if (static_cast<ArrayObject*>(bt)->length() < 2 * depth + 1 ||
      (top[2 * depth] & kHiddenTopFrame) != 0)
    return nullptr;
  auto* method = reinterpret_cast<Method*>(top[0]);
  // An NPE constructed by reflection is not an implicit one.
  if (method->holder->name->equals("jdk/internal/reflect/NativeConstructorAccessorImpl")) {
    return nullptr;
  }
  std::optional<std::string> message = extended_npe_message(method, static_cast<uint32_t>(top[1]));
  if (!message) return nullptr;
  return make_local_as<jstring>(thread, java_string(thread, *message));
}

}  // extern "C"
