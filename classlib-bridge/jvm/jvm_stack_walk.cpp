// java.lang.StackWalker support (HotSpot: prims/stackwalk.cpp StackWalk::walk,
// fetchFirstBatch, fetchNextBatch, fill_in_frames; javaClasses.cpp
// java_lang_StackFrameInfo::set_method_and_bci, to_stack_trace_element).
//
// JVM_CallStackWalk fills the first batch of frames, then calls
// AbstractStackWalker.doStackWalk(anchor, ...) in Java, which may ask for
// more with JVM_MoreStackWalk(anchor, ...). The anchor is the address of the
// walk's state on this C++ stack; it is valid only during doStackWalk, and
// only in its own thread (checked against a per-thread list).
//
// A StackFrameInfo's MemberName is filled with clazz, name, type (the method
// descriptor as a String), flags and the method as a ResolvedMethodName, so
// that Java never needs MethodHandleNatives.expand; JVM_InitStackTraceElement
// takes the Method from the ResolvedMethodName (vmtarget).
//
// Frames of hidden methods (hidden classes such as lambda proxies,
// LambdaForms) are skipped unless SHOW_HIDDEN_FRAMES is given, and always
// for getCallerClass (StackWalk::fill_in_frames); reflection frames are left
// for the Java side to filter (StackStreamFactory.isReflectionFrame).
#include <algorithm>
#include <string>
#include <vector>

#include "classlib-bridge/invoke/invoke_support.h"
#include "classlib-bridge/jvm/jvm_functions.h"
#include "classlib-bridge/jvm/jvm_internal.h"
#include "classlib-bridge/jvm/jvm_support.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/java_calls.h"
#include "vm/runtime/method_handles.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

constexpr jlong kFillClassRefsOnly = 0x2;      // JVM_STACKWALK_FILL_CLASS_REFS_ONLY
constexpr jlong kGetCallerClass = 0x04;        // JVM_STACKWALK_GET_CALLER_CLASS
constexpr jlong kShowHiddenFrames = 0x20;      // JVM_STACKWALK_SHOW_HIDDEN_FRAMES
constexpr jlong kFillLiveStackFrames = 0x100;  // JVM_STACKWALK_FILL_LIVE_STACK_FRAMES
// MemberName.flags (java.lang.invoke.MethodHandleNatives.Constants).
constexpr int32_t kIsMethod = 0x00010000, kIsConstructor = 0x00020000;
constexpr int32_t kRefKindShift = 24;
constexpr int32_t kRefInvokeVirtual = 5, kRefInvokeStatic = 6, kRefInvokeSpecial = 7;
constexpr int32_t kRefNewInvokeSpecial = 8;

struct WalkState {
  JavaThread* thread;
  Frame* next;  // the next frame to report
};

thread_local std::vector<WalkState*> t_walks;  // the walks in progress on this thread

bool is_stack_walker_frame(const Method* m) {
  const Klass* k = m->holder;
  auto named = [](const Klass* c, const char* n) { return c && c->name->equals(n); };
  return named(k, "java/lang/StackWalker") ||
         named(k, "java/lang/StackStreamFactory$AbstractStackWalker") ||
         named(k->super, "java/lang/StackStreamFactory$AbstractStackWalker");
}

// java_lang_StackFrameInfo::set_method_and_bci.
bool fill_stack_frame_info(JavaThread* thread, Object* info, Method* m, int32_t bci) {
  HandleMark mark(thread->handles());
  Handle sfi = thread->handles().make(info);
  Handle mname =
      thread->handles().make(get_ref_field(thread, sfi.get(), "memberName", "Ljava/lang/Object;"));
  if (thread->has_pending_exception()) return false;
  if (mname.is_null()) {
    throw_npe(thread);
    return false;
  }
  set_ref_field(thread, mname.get(), "clazz", "Ljava/lang/Class;", m->holder->mirror);
  Object* name = intern_symbol(thread, m->name);
  if (name == nullptr) return false;
  set_ref_field(thread, mname.get(), "name", "Ljava/lang/String;", name);
  Object* type = intern_symbol(thread, m->descriptor);
  if (type == nullptr) return false;
  set_ref_field(thread, mname.get(), "type", "Ljava/lang/Object;", type);
  const bool ctor = m->name == vm_symbols().object_initializer_name;
  const int32_t ref_kind = ctor              ? kRefNewInvokeSpecial
                           : m->is_static()  ? kRefInvokeStatic
                           : m->is_private() ? kRefInvokeSpecial
                                             : kRefInvokeVirtual;
  set_int_field(thread, mname.get(), "flags",
                (m->access_flags & 0xFFFF) | (ctor ? kIsConstructor : kIsMethod) |
                    (ref_kind << kRefKindShift));
  set_int_field(thread, sfi.get(), "bci", bci);
  if (thread->has_pending_exception()) return false;
  // MethodHandles::init_method_MemberName: the Method itself, as a
  // ResolvedMethodName, so that JVM_InitStackTraceElement finds it even after
  // Java replaced `type` by a MethodType (StackFrame.getMethodType does).
  if (invoke_layout().member_name_method != 0) {
    Object* resolved = new_resolved_method_name(thread, m);
    if (resolved == nullptr) return false;
    mname->set_ref_field(invoke_layout().member_name_method, resolved);
  }
  return true;
}

// fill_in_frames: up to `count` frames from walk->next into frames[start..];
// returns the end index.
int32_t fill_in_frames(JavaThread* thread, jlong mode, WalkState* walk, int32_t count,
                       int32_t start, Handle frames) {
  auto* array = static_cast<ArrayObject*>(frames.get());
  int32_t end = start;
  while (walk->next != nullptr && end - start < count && end < array->length()) {
    Frame* f = walk->next;
    walk->next = f->caller;
    if (f->method == nullptr) continue;
    // Hidden frames (LambdaForms, hidden classes) are skipped unless
    // SHOW_HIDDEN_FRAMES is given, and always for getCallerClass; reflection
    // frames are filtered in Java (StackStreamFactory.isReflectionFrame).
    if (f->method->is_hidden && (!(mode & kShowHiddenFrames) || (mode & kGetCallerClass))) {
      continue;
    }
    if ((mode & kFillClassRefsOnly) && (mode & kGetCallerClass) && end == start &&
        f->method->is_caller_sensitive) {
      throw_by_name(thread, "java/lang/UnsupportedOperationException",
                    "StackWalker::getCallerClass called from @CallerSensitive '" +
                        f->method->external_name() + "' method");
      return end;
    }
    if (mode & kFillClassRefsOnly) {
      static_cast<ArrayObject*>(frames.get())->data<Object*>()[end] = f->method->holder->mirror;
    } else {
      Object* info = static_cast<ArrayObject*>(frames.get())->data<Object*>()[end];
      if (info == nullptr) {
        throw_npe(thread);
        return end;
      }
      if (!fill_stack_frame_info(thread, info, f->method,
                                 f->is_native() ? -1 : static_cast<int32_t>(f->bci()))) {
        return end;
      }
    }
    ++end;
  }
  return end;
}

WalkState* find_walk(JavaThread* thread, jlong anchor) {
  auto* walk = reinterpret_cast<WalkState*>(anchor);
  auto it = std::find(t_walks.begin(), t_walks.end(), walk);
  return it == t_walks.end() || walk->thread != thread ? nullptr : walk;
}

}  // namespace
}  // namespace minijvm

using namespace minijvm;

extern "C" {

JNIEXPORT jobject JNICALL JVM_CallStackWalk(JNIEnv* env, jobject stackStream, jlong mode,
                                            jint skip_frames, jint frame_count, jint start_index,
                                            jobjectArray frames) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  if (mode & kFillLiveStackFrames) {
    throw_unimplemented(thread, "JVM_CallStackWalk (LiveStackFrame)");
    return nullptr;
  }
  Handle stream = thread->handles().make(resolve(stackStream));
  Handle buffer = thread->handles().make(resolve(frames));
  if (stream.is_null() || buffer.is_null()) {
    throw_npe(thread);
    return nullptr;
  }
  WalkState walk{thread, thread->top_frame()};
  // Skip the frames of the stack walker itself, then `skip_frames` more.
  while (walk.next && (walk.next->method == nullptr || is_stack_walker_frame(walk.next->method))) {
    walk.next = walk.next->caller;
  }
  for (int i = 0; i < skip_frames && walk.next; ++i) walk.next = walk.next->caller;
  int32_t end = start_index;
  if (walk.next != nullptr) {
    end = fill_in_frames(thread, mode, &walk, frame_count, start_index, buffer);
    if (thread->has_pending_exception()) return nullptr;
    if (end == start_index) {
      throw_by_name(thread, "java/lang/InternalError", "stack walk: decode failed");
      return nullptr;
    }
  }
  Method* do_walk =
      lookup_method(stream->klass(), intern("doStackWalk"), intern("(JIIII)Ljava/lang/Object;"));
  if (do_walk == nullptr) {
    throw_by_name(thread, "java/lang/InternalError", "doStackWalk not found");
    return nullptr;
  }
  t_walks.push_back(&walk);
  Slot args[7] = {slot_ref(stream.get()), slot_long(reinterpret_cast<jlong>(&walk)),
                  slot_long(0),           slot_int(skip_frames),
                  slot_int(frame_count),  slot_int(start_index),
                  slot_int(end)};
  Slot result = slot_ref(nullptr);
  call_java(thread, do_walk, args, &result);
  t_walks.erase(std::find(t_walks.begin(), t_walks.end(), &walk));
  if (thread->has_pending_exception()) return nullptr;
  return make_local(thread, result.l);
}

JNIEXPORT jint JNICALL JVM_MoreStackWalk(JNIEnv* env, jobject stackStream, jlong mode, jlong anchor,
                                         jint frame_count, jint start_index, jobjectArray frames) {
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  WalkState* walk = find_walk(thread, anchor);
  if (walk == nullptr || resolve(stackStream) == nullptr) {
    throw_by_name(thread, "java/lang/InternalError", "doStackWalk: corrupted buffers");
    return 0;
  }
  Handle buffer = thread->handles().make(resolve(frames));
  if (buffer.is_null()) {
    throw_npe(thread);
    return 0;
  }
  return fill_in_frames(thread, mode, walk, frame_count, start_index, buffer);
}

JNIEXPORT void JNICALL JVM_InitStackTraceElement(JNIEnv* env, jobject element,
                                                 jobject stackFrameInfo) {
  // java_lang_StackFrameInfo::to_stack_trace_element.
  VmStateScope vm_state(env);
  JavaThread* thread = jvm_thread(env);
  Object* sfi = resolve(stackFrameInfo);
  Object* ste = resolve(element);
  if (sfi == nullptr || ste == nullptr) {
    throw_npe(thread);
    return;
  }
  Object* mname = get_ref_field(thread, sfi, "memberName", "Ljava/lang/Object;");
  CHECK_PENDING(thread);
  Klass* k = mname ? klass_from_mirror(get_ref_field(thread, mname, "clazz", "Ljava/lang/Class;"))
                   : nullptr;
  Object* name = mname ? get_ref_field(thread, mname, "name", "Ljava/lang/String;") : nullptr;
  Object* type = mname ? get_ref_field(thread, mname, "type", "Ljava/lang/Object;") : nullptr;
  CHECK_PENDING(thread);
  // The ResolvedMethodName set by fill_stack_frame_info; else by name and
  // descriptor (a String, or the MethodType StackFrame.getMethodType left).
  Method* m = invoke_layout().member_name_method != 0 ? member_name_target(mname) : nullptr;
  if (m == nullptr && k && name && type) {
    std::string descriptor;
    if (type->klass() == vm().classes.String) {
      descriptor = utf8_of(type);
    } else if (type->klass()->name->equals("java/lang/invoke/MethodType")) {
      descriptor = method_type_descriptor(type);
    }
    if (!descriptor.empty()) {
      m = k->find_declared_method(intern(utf8_of(name)), intern(descriptor));
    }
  }
  if (m == nullptr) {
    throw_by_name(thread, "java/lang/InternalError", "StackFrameInfo without a method");
    return;
  }
  int32_t bci = get_int_field(thread, sfi, "bci");
  CHECK_PENDING(thread);
  HandleMark mark(thread->handles());
  fill_stack_trace_element(thread, thread->handles().make(ste), m,
                           static_cast<uint32_t>(std::max(bci, 0)));
}

}  // extern "C"
