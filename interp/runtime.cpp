// The interpreter's slow paths; see runtime.h for the contracts.
#include "interp/runtime.h"

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "interp/poll.h"
#include "profilers/hooks.h"
#include "vm/runtime/class_loader.h"
#include "vm/runtime/exceptions.h"
#include "safepoint/safepoint.h"
#include "vm/runtime/handles.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/method_handles.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/natives.h"
#include "vm/runtime/scheduler.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm::interp {

using classfile::CpTag;

void safepoint_poll_slow(JavaThread* thread, PollKind kind) {
  if (thread->poll_word.load(std::memory_order_relaxed) & kPollStop) safepoint::poll_slow(thread);
  if (thread->poll_word.load(std::memory_order_relaxed) & (kPollSample | kPollEntry | kPollAsync))
    prof::sampling_poll(thread, kind);
  if (thread->poll_word.load(std::memory_order_relaxed) & kPollSched) sched::at_poll(thread);
}

// --- the resolution cache ----------------------------------------------------

namespace {

std::mutex& cache_mutex() {
  static std::mutex m;
  return m;
}

void cache_store(Klass* holder, uint16_t index, CacheTag tag, const void* value) {
  uintptr_t v = reinterpret_cast<uintptr_t>(value) | static_cast<uintptr_t>(tag);
  holder->resolved[index].store(reinterpret_cast<void*>(v), std::memory_order_release);
}

const classfile::ConstantPool& pool_of(const Klass* holder) {
  return holder->class_file->constant_pool;
}

}  // namespace

void ensure_resolution_cache(Klass* holder) {
  if (holder->resolved) return;
  std::lock_guard lock(cache_mutex());
  if (holder->resolved) return;
  size_t n = pool_of(holder).count();
  auto cache = std::make_unique<std::atomic<void*>[]>(n);
  for (size_t i = 0; i < n; ++i) cache[i].store(nullptr, std::memory_order_relaxed);
  holder->resolved = std::move(cache);
}

Klass* resolve_class_cached(JavaThread* thread, Klass* holder, uint16_t index) {
  ensure_resolution_cache(holder);
  if (void* c = cache_lookup(holder, index, CacheTag::kClass)) return static_cast<Klass*>(c);
  Klass* k = resolve_class(thread, holder, index);  // JVMS §5.4.3.1
  if (k == nullptr) return nullptr;
  cache_store(holder, index, CacheTag::kClass, k);
  return k;
}

FieldDesc* resolve_field_cached(JavaThread* thread, Klass* holder, uint16_t index, bool is_static,
                                bool is_put) {
  ensure_resolution_cache(holder);
  CacheTag tag = is_static ? CacheTag::kFieldStatic : CacheTag::kFieldInstance;
  if (void* c = cache_lookup(holder, index, tag)) return static_cast<FieldDesc*>(c);
  FieldDesc* fd = resolve_field(thread, holder, index, is_static, is_put);  // §5.4.3.2
  if (fd == nullptr) return nullptr;
  if (is_static) {
    // JVMS §5.5: getstatic/putstatic initialize the field's declaring class.
    Klass* k = fd->holder;
    if (!k->is_initialized() && !initialize_class(thread, k)) return nullptr;
    // Being initialized by this thread (§5.5 step 3): usable, not cacheable.
    if (!k->is_initialized()) return fd;
  }
  cache_store(holder, index, tag, fd);
  return fd;
}

Method* resolve_method_cached(JavaThread* thread, Klass* holder, uint16_t index, InvokeKind kind) {
  ensure_resolution_cache(holder);
  CacheTag tag = static_cast<CacheTag>(static_cast<uintptr_t>(CacheTag::kInvokeVirtual) +
                                       static_cast<uintptr_t>(kind));
  if (void* c = cache_lookup(holder, index, tag)) return static_cast<Method*>(c);
  Method* m = resolve_method(thread, holder, index, kind);  // §5.4.3.3, §5.4.3.4
  if (m == nullptr) return nullptr;
  if (kind == InvokeKind::kStatic) {
    // JVMS §5.5: invokestatic initializes the method's declaring class.
    Klass* k = m->holder;
    if (!k->is_initialized() && !initialize_class(thread, k)) return nullptr;
    if (!k->is_initialized()) return m;
  }
  cache_store(holder, index, tag, m);
  return m;
}
static_assert(static_cast<int>(InvokeKind::kVirtual) == 0 &&
              static_cast<int>(InvokeKind::kSpecial) == 1 &&
              static_cast<int>(InvokeKind::kStatic) == 2 &&
              static_cast<int>(InvokeKind::kInterface) == 3);

Method* select_virtual_method(JavaThread* thread, Object* receiver, Method* resolved) {
  return select_virtual(thread, receiver->klass(), resolved);
}

Method* select_interface_method(JavaThread* thread, Object* receiver, Method* resolved) {
  // A selection depends on the class and the resolved method only (classes
  // are never unloaded or redefined), so one made once holds; failures
  // (exceptions) are not kept.
  Klass* k = receiver->klass();
  uint64_t key = (reinterpret_cast<uintptr_t>(k) ^ (reinterpret_cast<uintptr_t>(resolved) >> 3)) *
                 0x9E3779B97F4A7C15ull;
  JavaThread::InterfaceSelection& e =
      thread->interface_selections[key >> 56 & (JavaThread::kInterfaceSelections - 1)];
  if (e.klass == k && e.resolved == resolved) return e.selected;
  Method* selected = select_interface(thread, k, resolved);
  if (selected != nullptr) e = {k, resolved, selected};
  return selected;
}

// --- constants and allocation --------------------------------------------------

namespace {

// JVMS §5.4.3.5/§5.4.3.6: a constant resolved once by the JDK (a
// MethodHandle, a MethodType, a dynamic constant), cached as an object; a
// null dynamic constant is cached as this marker.
char g_null_constant;

// Dynamic constants whose resolution failed, with the first error (GC roots).
struct FailedConstants {
  std::mutex mutex;
  std::map<std::pair<const Klass*, uint16_t>, Object*> errors;
};
FailedConstants& failed_constants() {
  static auto* f = new FailedConstants();  // never destroyed: threads may outlive exit
  return *f;
}

}  // namespace

// GC roots: the objects of resolved constants (ldc Strings, MethodHandles,
// MethodTypes, dynamic constants: some are held nowhere else) and the
// first errors of failed dynamic constants.
void resolution_roots_do(const RootVisitor& visit) {
  for_each_class_at_safepoint([&](Klass* k) {
    if (!k->resolved || !k->class_file) return;
    for (uint16_t i = 1, n = pool_of(k).count(); i < n; ++i) {
      auto v = reinterpret_cast<uintptr_t>(k->resolved[i].load(std::memory_order_relaxed));
      if ((v & 7) != static_cast<uintptr_t>(CacheTag::kString)) continue;
      auto* o = reinterpret_cast<Object*>(v & ~uintptr_t{7});
      if (o != reinterpret_cast<Object*>(&g_null_constant)) visit(&o);
    }
  });
  for (auto& [site, error] : failed_constants().errors) visit(&error);
}

namespace {

Object* resolve_linked_constant(JavaThread* thread, Klass* holder, uint16_t index) {
  ensure_resolution_cache(holder);
  if (void* c = cache_lookup(holder, index, CacheTag::kString))
    return c == &g_null_constant ? nullptr : static_cast<Object*>(c);
  {
    FailedConstants& failed = failed_constants();
    std::unique_lock lock(failed.mutex);
    auto it = failed.errors.find({holder, index});
    if (it != failed.errors.end()) {
      Object* first = it->second;
      lock.unlock();
      throw_resolution_error_again(thread, first, /*with_cause=*/true);
      return nullptr;
    }
  }
  const InvokeLinker* linker = invoke_linker();
  if (linker == nullptr) {
    throw_internal_error(thread, "java.lang.invoke constants need the class library");
    return nullptr;
  }
  Object* value = linker->resolve_constant(thread, holder, index);
  if (thread->has_pending_exception()) {
    // JVMS §5.4.3: only a LinkageError sticks to the constant.
    Klass* linkage_error = find_loaded_class(intern("java/lang/LinkageError"), nullptr);
    if (pool_of(holder).tag(index) == CpTag::kDynamic && linkage_error != nullptr &&
        thread->pending_exception()->klass()->is_subtype_of(linkage_error)) {
      FailedConstants& failed = failed_constants();
      std::lock_guard lock(failed.mutex);
      failed.errors.emplace(std::make_pair(holder, index), thread->pending_exception());
    }
    return nullptr;
  }
  // Another thread may have resolved it meanwhile: its result wins (§5.4.3).
  std::lock_guard lock(cache_mutex());
  if (void* c = cache_lookup(holder, index, CacheTag::kString))
    return c == &g_null_constant ? nullptr : static_cast<Object*>(c);
  cache_store(holder, index, CacheTag::kString,
              value != nullptr ? static_cast<void*>(value) : &g_null_constant);
  return value;
}

// The primitive value of a box, for dynamic constants of primitive type.
bool unbox_to(JavaThread* thread, Object* box, const FieldType& type, Slot* out) {
  if (box == nullptr) {
    throw_null_pointer(thread);
    return false;
  }
  FieldDesc* value = box->klass()->find_declared_field(intern("value"),
                                                       intern(descriptor_string(type)));
  if (value == nullptr) {
    throw_new(thread, intern("java/lang/ClassCastException"),
              "dynamic constant of type " + java_type_name(type) + " is a " +
                  box->klass()->external_name());
    return false;
  }
  *out = load_value(box->address_at(value->offset), type.type);
  return true;
}

bool load_linked_constant(JavaThread* thread, Klass* holder, uint16_t index, Slot* out) {
  Object* value = resolve_linked_constant(thread, holder, index);
  if (thread->has_pending_exception()) return false;
  const classfile::ConstantPool& cp = pool_of(holder);
  if (cp.tag(index) == CpTag::kDynamic) {
    auto type = parse_field_descriptor(cp.dynamic(index).descriptor->view());
    if (type.ok() && type->is_primitive()) return unbox_to(thread, value, *type, out);
  }
  *out = slot_ref(value);
  return true;
}

}  // namespace

bool load_dynamic_constant2(JavaThread* thread, Klass* holder, uint16_t index, Slot* out) {
  return load_linked_constant(thread, holder, index, out);
}

void throw_resolution_error_again(JavaThread* thread, Object* first_error, bool with_cause) {
  static FieldDesc* detail_message = vm().classes.Throwable->find_declared_field(
      intern("detailMessage"), intern("Ljava/lang/String;"));
  auto has_message = [](Object* e) {
    return detail_message != nullptr && e->ref_field(detail_message->offset) != nullptr;
  };
  const Symbol* name = first_error->klass()->name;
  Object* first_cause = with_cause ? exception_cause(first_error) : nullptr;
  if (first_cause != nullptr) {
    HandleMark mark(thread->handles());
    Handle cause(thread->handles().make(
        new_exception(thread, first_cause->klass()->name, exception_message(first_cause))));
    if (cause.is_null()) return;
    throw_new_with_cause(thread, name, exception_message(first_error), cause.get());
  } else if (!has_message(first_error)) {
    throw_new_no_message(thread, name);
  } else {
    throw_new(thread, name, exception_message(first_error));
  }
}

Method* link_indy_site(JavaThread* thread, Method* method, uint32_t bci, uint16_t cp_index) {
  std::atomic<Method*>* sites = method->indy_sites.load(std::memory_order_acquire);
  if (sites == nullptr) {
    auto* fresh = new std::atomic<Method*>[method->code_length];
    for (uint32_t i = 0; i < method->code_length; ++i) fresh[i].store(nullptr);
    if (method->indy_sites.compare_exchange_strong(sites, fresh, std::memory_order_acq_rel)) {
      sites = fresh;
    } else {
      delete[] fresh;  // another thread installed the table first
    }
  }
  if (Method* site = sites[bci].load(std::memory_order_acquire)) return site;
  const InvokeLinker* linker = invoke_linker();
  if (linker == nullptr) {
    throw_internal_error(thread, "invokedynamic needs the class library");
    return nullptr;
  }
  Method* site = linker->link_call_site(thread, method->holder, cp_index);
  if (site == nullptr) return nullptr;
  // JVMS §6.5 invokedynamic: when several threads link one site, the first
  // result stored is the one every execution uses. A failed site keeps its
  // error; this first failure is thrown as it is (still pending).
  Method* expected = nullptr;
  if (!sites[bci].compare_exchange_strong(expected, site, std::memory_order_acq_rel)) {
    thread->clear_pending_exception();
    site = expected;
  }
  return thread->has_pending_exception() ? nullptr : site;
}

Method* method_handle_target(JavaThread* thread, Method* intrinsic, const Slot* args,
                             Object* member_name) {
  if (intrinsic->intrinsic == Intrinsic::kInvokeBasic) {
    Object* mh = args[0].l;
    if (mh == nullptr) {
      throw_null_pointer(thread);
      return nullptr;
    }
    Method* target = method_handle_entry(mh);
    if (target == nullptr)
      throw_internal_error(thread, "MethodHandle.invokeBasic: the LambdaForm has no vmentry");
    return target;
  }
  Method* target = member_name_target(member_name);
  if (target == nullptr) {
    if (member_name == nullptr) {
      throw_null_pointer(thread);
    } else {
      throw_internal_error(thread, "MethodHandle." + intrinsic->name->to_utf8() +
                                       ": the MemberName is not resolved");
    }
    return nullptr;
  }
  if (intrinsic->intrinsic == Intrinsic::kLinkToStatic) return target;
  Object* receiver = args[0].l;
  if (receiver == nullptr) {
    throw_null_pointer(thread);
    return nullptr;
  }
  switch (intrinsic->intrinsic) {
    case Intrinsic::kLinkToSpecial:
      return target;
    case Intrinsic::kLinkToInterface:
      if (target->holder->is_interface()) return select_interface(thread, receiver->klass(), target);
      return select_virtual(thread, receiver->klass(), target);
    default:
      return select_virtual(thread, receiver->klass(), target);
  }
}

bool load_constant(JavaThread* thread, Klass* holder, uint16_t index, Slot* out) {
  const classfile::ConstantPool& cp = pool_of(holder);
  switch (cp.tag(index)) {
    case CpTag::kInteger:
      *out = slot_int(cp.integer(index));
      return true;
    case CpTag::kFloat:
      *out = slot_float(cp.float_value(index));
      return true;
    case CpTag::kString: {
      // JVMS §5.1: string literals are interned; the intern table keeps the
      // String alive, so the cache may hold the bare pointer.
      ensure_resolution_cache(holder);
      if (void* c = cache_lookup(holder, index, CacheTag::kString)) {
        *out = slot_ref(static_cast<Object*>(c));
        return true;
      }
      Object* s = intern_symbol(thread, cp.string(index));
      if (s == nullptr) return false;
      cache_store(holder, index, CacheTag::kString, s);
      *out = slot_ref(s);
      return true;
    }
    case CpTag::kClass: {
      Klass* k = resolve_class_cached(thread, holder, index);
      if (k == nullptr) return false;
      *out = slot_ref(k->mirror);
      return true;
    }
    case CpTag::kMethodType:
    case CpTag::kMethodHandle:
    case CpTag::kDynamic:
      return load_linked_constant(thread, holder, index, out);
    default:
      throw_internal_error(
          thread, "ldc: constant-pool entry #" + std::to_string(index) + " is not loadable");
      return false;
  }
}

Object* new_object(JavaThread* thread, Klass* holder, uint16_t index) {
  Klass* k = resolve_class_cached(thread, holder, index);
  if (k == nullptr) return nullptr;
  // JVMS §6.5.new: an interface or abstract class gives InstantiationError.
  if (k->is_interface() || k->is_abstract() || k->is_array()) {
    throw_new(thread, intern("java/lang/InstantiationError"), k->external_name());
    return nullptr;
  }
  if (!k->is_initialized() && !initialize_class(thread, k)) return nullptr;  // §5.5
  return new_instance(thread, k);
}

ArrayObject* new_primitive_array_of(JavaThread* thread, uint8_t atype, int32_t length) {
  static constexpr BasicType kTypes[] = {BasicType::kBoolean, BasicType::kChar, BasicType::kFloat,
                                         BasicType::kDouble,  BasicType::kByte, BasicType::kShort,
                                         BasicType::kInt,     BasicType::kLong};
  if (atype < 4 || atype > 11) {
    throw_internal_error(thread, "newarray: bad atype " + std::to_string(atype));
    return nullptr;
  }
  if (length < 0) {
    throw_negative_array_size(thread, length);
    return nullptr;
  }
  return new_primitive_array(thread, kTypes[atype - 4], length);
}

ArrayObject* new_reference_array(JavaThread* thread, Klass* holder, uint16_t index,
                                 int32_t length) {
  Klass* component = resolve_class_cached(thread, holder, index);
  if (component == nullptr) return nullptr;
  if (length < 0) {
    throw_negative_array_size(thread, length);
    return nullptr;
  }
  return new_object_array(thread, component, length);
}

namespace {

ArrayObject* allocate_multi(JavaThread* thread, Klass* array_klass, const int32_t* counts,
                            int dimensions) {
  ArrayObject* outer = new_array(thread, array_klass, counts[0]);
  if (outer == nullptr || dimensions == 1) return outer;
  HandleMark mark(thread->handles());
  Handle h = thread->handles().make(outer);
  for (int32_t i = 0; i < counts[0]; ++i) {
    ArrayObject* inner = allocate_multi(thread, array_klass->component, counts + 1, dimensions - 1);
    if (inner == nullptr) return nullptr;
    static_cast<ArrayObject*>(h.get())->data<Object*>()[i] = inner;
  }
  return static_cast<ArrayObject*>(h.get());
}

}  // namespace

ArrayObject* new_multi_array(JavaThread* thread, Klass* holder, uint16_t index, uint8_t dimensions,
                             const Slot* counts) {
  Klass* k = resolve_class_cached(thread, holder, index);
  if (k == nullptr) return nullptr;
  if (dimensions == 0 || dimensions > k->dimensions) {
    throw_internal_error(thread, "multianewarray: bad dimensions");
    return nullptr;
  }
  int32_t sizes[256];
  for (int i = 0; i < dimensions; ++i) {
    sizes[i] = counts[i].i;
    // JVMS §6.5.multianewarray: any negative count, before allocating.
    if (sizes[i] < 0) {
      throw_negative_array_size(thread, sizes[i]);
      return nullptr;
    }
  }
  return allocate_multi(thread, k, sizes, dimensions);
}

// --- implicit exceptions ---------------------------------------------------------

void throw_null_pointer(JavaThread* thread) {
  // Helpful NullPointerException messages (JEP 358) are a later issue; the
  // frame's pc (bci) is written back for them.
  throw_new_no_message(thread, intern("java/lang/NullPointerException"));
}

void throw_division_by_zero(JavaThread* thread) {
  throw_new(thread, intern("java/lang/ArithmeticException"), "/ by zero");
}

void throw_array_index(JavaThread* thread, int32_t index, int32_t length) {
  throw_new(
      thread, intern("java/lang/ArrayIndexOutOfBoundsException"),
      "Index " + std::to_string(index) + " out of bounds for length " + std::to_string(length));
}

void throw_negative_array_size(JavaThread* thread, int32_t length) {
  throw_new(thread, intern("java/lang/NegativeArraySizeException"), std::to_string(length));
}

void throw_array_store(JavaThread* thread, Object* value) {
  // HotSpot 17 (InterpreterRuntime::throw_ArrayStoreException): the stored
  // value's class name.
  throw_new(thread, intern("java/lang/ArrayStoreException"), value->klass()->external_name());
}

void throw_class_cast(JavaThread* thread, Klass* from, Klass* to) {
  throw_new(thread, intern("java/lang/ClassCastException"), class_cast_message(from, to));
}

void throw_internal_error(JavaThread* thread, std::string_view message) {
  throw_new(thread, intern("java/lang/InternalError"), message);
}

void throw_abstract_method(JavaThread* thread, Method* method) {
  throw_new(thread, intern("java/lang/AbstractMethodError"), method->qualified_name());
}

void throw_illegal_monitor_state(JavaThread* thread) {
  throw_new_no_message(thread, intern("java/lang/IllegalMonitorStateException"));
}

namespace {
std::atomic<StackTraceFiller> g_stack_trace_filler{nullptr};
}  // namespace

void set_stack_trace_filler(StackTraceFiller filler) { g_stack_trace_filler.store(filler); }

void throw_stack_overflow(JavaThread* thread) {
  // As HotSpot (InterpreterRuntime::throw_StackOverflowError): the error is
  // allocated without running a constructor, which would need the very stack
  // that is exhausted; for the same reason its class is only loaded and
  // linked here, never initialized (start-up initializes it, as HotSpot's
  // does; allocation does not need it). Its stack trace is filled in C++
  // (StackTraceInThrowable) through the classlib bridge's filler.
  const Symbol* name = intern("java/lang/StackOverflowError");
  Klass* k = find_loaded_class(name, nullptr);
  if (k == nullptr) k = load_class(thread, name, nullptr);
  if (k == nullptr) return;
  if (k->state.load(std::memory_order_acquire) == ClassState::kLoaded && !link_class(thread, k))
    return;
  HandleMark mark(thread->handles());
  Handle error = thread->handles().make(new_instance(thread, k));
  if (error.is_null()) return;
  if (StackTraceFiller fill = g_stack_trace_filler.load()) {
    fill(thread, error.get());
    CHECK_PENDING(thread);
  }
  throw_object(thread, error.get());
}

// --- exception tables ----------------------------------------------------------------

int32_t find_exception_handler(JavaThread* thread, Method* method, uint32_t bci) {
  for (ExceptionTableEntry& e : method->exception_table) {
    if (bci < e.start_pc || bci >= e.end_pc) continue;
    if (e.catch_type_index == 0) return e.handler_pc;  // any: finally
    Klass* catch_type = e.catch_type.load(std::memory_order_acquire);
    if (catch_type == nullptr) {
      // Resolve lazily, with the exception set aside in a handle: resolution
      // may load classes, allocate and run Java code.
      HandleMark mark(thread->handles());
      Handle pending = thread->handles().make(thread->pending_exception());
      thread->clear_pending_exception();
      catch_type = resolve_class_cached(thread, method->holder, e.catch_type_index);
      if (catch_type == nullptr) return -1;  // the resolution error replaces it
      thread->set_pending_exception(pending.get());
      e.catch_type.store(catch_type, std::memory_order_release);
    }
    if (thread->pending_exception()->klass()->is_subtype_of(catch_type)) return e.handler_pc;
  }
  return -1;
}

// --- synchronized methods and natives ------------------------------------------------

void lock_method(JavaThread* thread, Frame* frame) {
  Method* m = frame->method;
  Object* o = m->is_static() ? m->holder->mirror : frame->locals[0].l;
  monitor_enter(thread, o);
  thread->method_locks.push_back({frame, o});
}

bool unlock_method(JavaThread* thread, Frame* frame) {
  // No record: the lock was released already, by a return whose unlock threw
  // IllegalMonitorStateException that is now unwinding this frame.
  auto& locks = thread->method_locks;
  if (locks.empty() || locks.back().frame != frame) return true;
  Object* o = locks.back().object;
  locks.pop_back();
  // JVMS §2.11.10: a failing exit (the method's own code released the lock
  // with monitorexit) throws IllegalMonitorStateException, which replaces
  // an exception in flight; without a message, as HotSpot's interpreter
  // throws it there (monitor_exit's carries monitorexit's message).
  auto failed = [thread] {
    thread->clear_pending_exception();
    throw_new_no_message(thread, intern("java/lang/IllegalMonitorStateException"));
    return false;
  };
  if (!thread->has_pending_exception()) return monitor_exit(thread, o) || failed();  // a return
  HandleMark mark(thread->handles());
  Handle pending = thread->handles().make(thread->pending_exception());
  thread->clear_pending_exception();
  if (!monitor_exit(thread, o)) return failed();
  if (!pending.is_null()) thread->set_pending_exception(pending.get());
  return true;
}

void call_native_frame(JavaThread* thread, Frame* frame, Slot* result) {
  Method* method = frame->method;
  frame->pc = nullptr;
  // Native methods are calling contexts too (profilers/profiler.h).
  bool profiled = prof::recording();
  if (profiled) prof::enter(thread, frame);
  if (sched::deterministic()) sched::note_entry(thread, method->id);
  // A native's entry is a call for the samplers of calls too: the poll a
  // compiled native's prologue would have (only the samplers' bits).
  if (prof::counting()) prof::check_bytecode_clock(thread);
  if (thread->poll_word.load(std::memory_order_relaxed) & (kPollSample | kPollEntry)) [[unlikely]]
    prof::sampling_poll(thread, PollKind::kEntry);
  NativeInvoker invoker = method->native_invoker.load(std::memory_order_acquire);
  if (invoker == nullptr) {
    if (bind_native(thread, method))
      invoker = method->native_invoker.load(std::memory_order_acquire);
    if (invoker == nullptr && !thread->has_pending_exception()) {
      throw_new(thread, intern("java/lang/UnsatisfiedLinkError"), method->qualified_name());
    }
  }
  if (invoker != nullptr) {
    bool sync = method->is_synchronized();
    if (sync) lock_method(thread, frame);
    invoker(thread, method, frame->locals, result);
    if (sync) unlock_method(thread, frame);
  }
  if (profiled && prof::recording()) prof::leave(thread, frame, thread->has_pending_exception());
  thread->pop_frame(frame);
}

void invoke_native(JavaThread* thread, Method* method, Slot* result) {
  // The arguments are at the thread's stack top: the native frame's locals
  // cover them, so Java code run by binding cannot overwrite them.
  Frame* frame = thread->push_frame(method);
  if (frame == nullptr) {
    throw_stack_overflow(thread);
    return;
  }
  call_native_frame(thread, frame, result);
}

}  // namespace minijvm::interp
