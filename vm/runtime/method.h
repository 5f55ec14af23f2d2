// Runtime methods: what the interpreter, the profilers and the natives need
// of a method, built once when its class is loaded.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "vm/classfile/class_file.h"
#include "vm/descriptor.h"
#include "vm/runtime/math_intrinsics.h"
#include "vm/runtime/value.h"
#include "vm/symbols.h"

namespace minijvm {

class Klass;
class JavaThread;
class Method;
class Object;

// A native method's implementation, installed on first call. `args` are the
// method's parameter slots, receiver first for instance methods, laid out as
// locals; the result (if any) goes to *result. Java exceptions are left
// pending on the thread (vm/runtime/exceptions.h), never thrown as C++
// exceptions.
using NativeInvoker = void (*)(JavaThread* thread, Method* method, Slot* args, Slot* result);

struct ExceptionTableEntry {
  uint16_t start_pc, end_pc, handler_pc;
  uint16_t catch_type_index;                 // 0 = any (finally)
  std::atomic<Klass*> catch_type{nullptr};   // resolved on first use
  ExceptionTableEntry(uint16_t s, uint16_t e, uint16_t h, uint16_t c)
      : start_pc(s), end_pc(e), handler_pc(h), catch_type_index(c) {}
  ExceptionTableEntry(const ExceptionTableEntry& o)
      : start_pc(o.start_pc), end_pc(o.end_pc), handler_pc(o.handler_pc),
        catch_type_index(o.catch_type_index), catch_type(o.catch_type.load()) {}
};

// Methods the interpreter runs itself rather than from bytecode (JSR 292,
// vm/runtime/method_handles.h). kNone for every method of a class file.
enum class Intrinsic : uint8_t {
  kNone,
  kInvokeBasic,      // MethodHandle.invokeBasic: run mh.form.vmentry
  kLinkToVirtual,    // MethodHandle.linkTo*: the trailing MemberName names the target
  kLinkToStatic,
  kLinkToSpecial,
  kLinkToInterface,
  kLinkedCall,       // an invokedynamic or invokehandle call site linked by the JDK
};

class Method {
 public:
  Klass* holder = nullptr;
  const Symbol* name = nullptr;
  const Symbol* descriptor = nullptr;
  const MethodSignature* signature = nullptr;  // owned by the ClassFile
  const classfile::MethodInfo* info = nullptr; // everything else the class file says
  uint16_t access_flags = 0;
  uint16_t max_stack = 0;
  uint16_t max_locals = 0;
  uint16_t arg_slots = 0;            // parameters' slots, plus 1 for the receiver
  const uint8_t* code = nullptr;     // nullptr for native and abstract methods
  uint32_t code_length = 0;
  // Process-wide, dense: profilers index by it. (Here, in the padding
  // before the vector, it shares the first cache line with what every
  // call reads: an exact profiler's call then touches no other.)
  uint32_t id = 0;
  std::vector<ExceptionTableEntry> exception_table;

  // HotSpot's Method::is_hidden: frames omitted from stack traces and
  // StackWalker (methods of hidden classes such as lambda proxies, and JDK
  // methods annotated @Hidden or @LambdaForm$Compiled). Profilers mark them.
  bool is_hidden = false;
  bool is_caller_sensitive = false;      // @CallerSensitive on a JDK method
  bool is_lambda_form_compiled = false;  // @LambdaForm$Compiled (security walks skip it)
  // java.lang.Object.<init>: its return registers a finalizable receiver
  // with java.lang.ref.Finalizer (HotSpot's RegisterFinalizersAtInit), so
  // every tier returns from it through the interpreter.
  bool registers_finalizer = false;
  // java.lang.Math.abs(double): its result is returned with the sign bit
  // clear, as HotSpot's intrinsic computes it in every tier (an `and` of
  // the bits), where the bytecode returns a NaN unchanged. The method's
  // bytecode still runs, so profiles count its calls and instructions.
  bool clears_result_sign = false;
  // java.lang.Math's sin, cos, tan, exp, log, log10 and pow: run as natives
  // bound to the C library's functions, never from their bytecode, as
  // HotSpot runs them as intrinsics in every tier (math_intrinsics.h).
  MathIntrinsic math = MathIntrinsic::kNone;

  // JSR 292. Intrinsics are made by method_handles.cpp, one per intrinsic
  // and call-site descriptor; a kLinkedCall method stands for one linked call
  // site: the interpreter pushes `appendix` (if the invoker takes one) after
  // the call site's arguments and runs `linked_target`. A site whose linking
  // failed has no target and rethrows `appendix`, the error (JVMS §5.4.3).
  Intrinsic intrinsic = Intrinsic::kNone;
  Method* linked_target = nullptr;
  Object* appendix = nullptr;  // a GC root while the method exists
  // invokedynamic call sites of this method, by bci (JVMS §6.5: each
  // invokedynamic instruction is its own call site), made on first use.
  std::atomic<std::atomic<Method*>*> indy_sites{nullptr};

  int32_t vtable_index = -1;         // >= 0 for methods dispatched through the vtable
  // Position in holder->methods, so also in an itable entry of an interface
  // method's holder (ItableEntry); -1 for methods the VM makes.
  int32_t holder_index = -1;

  // The template JIT (interp/jit/jit.h): the compiled code once there is
  // some (an interp::jit::CompiledMethod, opaque here), the count of
  // invocations and backward branches that decides when, and whether the
  // compiler gave up on the method (it stays interpreted).
  std::atomic<void*> jit_code{nullptr};
  std::atomic<uint32_t> hotness{0};
  std::atomic<bool> jit_unsupported{false};
  // The receivers' classes the interpreter saw at each invokevirtual and
  // invokeinterface, by bci, once the method is warm (jit::on_hot_path
  // allocates it): the first class seen, or kPolymorphicReceivers once
  // another came. The JIT inlines the method such a site's one class
  // selects (interp/jit/compiler.cpp).
  static inline const Klass* const kPolymorphicReceivers = reinterpret_cast<const Klass*>(1);
  std::atomic<std::atomic<const Klass*>*> receiver_profile{nullptr};
  // The class the receivers at the call site at `bci` had, if one only.
  const Klass* profiled_receiver(uint32_t bci) const {
    std::atomic<const Klass*>* p = receiver_profile.load(std::memory_order_acquire);
    const Klass* k = p != nullptr && bci < code_length ? p[bci].load(std::memory_order_relaxed) : nullptr;
    return k == kPolymorphicReceivers ? nullptr : k;
  }
  // Records a receiver's class at `bci` (the interpreter's calls).
  void profile_receiver(uint32_t bci, const Klass* k) const {
    std::atomic<const Klass*>* p = receiver_profile.load(std::memory_order_relaxed);
    if (p == nullptr) [[likely]]
      return;
    const Klass* seen = p[bci].load(std::memory_order_relaxed);
    if (seen != k && seen != kPolymorphicReceivers)
      p[bci].store(seen == nullptr ? k : kPolymorphicReceivers, std::memory_order_relaxed);
  }

  // Natives: bound on first call by the classlib bridge's linker (natives.h).
  std::atomic<NativeInvoker> native_invoker{nullptr};
  void* native_function = nullptr;   // the C function, for JNI natives
  // The invoker's own description of the call, set before native_invoker
  // (for JNI natives, the libffi call shape: read at every call, so it is
  // here rather than in a locked side table).
  std::atomic<void*> native_call_shape{nullptr};

  Method() = default;
  Method(const Method&) = delete;
  Method& operator=(const Method&) = delete;
  ~Method();

  bool is_static() const { return access_flags & 0x0008; }
  bool is_native() const { return access_flags & 0x0100; }
  // Called as a native is (a frame without bytecode, the native invoker):
  // a native method, or one of Math's intrinsics.
  bool runs_as_native() const { return is_native() || math != MathIntrinsic::kNone; }
  bool is_abstract() const { return access_flags & 0x0400; }
  bool is_synchronized() const { return access_flags & 0x0020; }
  bool is_private() const { return access_flags & 0x0002; }
  bool is_public() const { return access_flags & 0x0001; }
  bool is_protected() const { return access_flags & 0x0004; }
  bool is_final() const { return access_flags & 0x0010; }
  bool is_varargs() const { return access_flags & 0x0080; }
  bool is_initializer() const;        // <init>
  bool is_class_initializer() const;  // <clinit>

  // Source line of a bytecode index from the LineNumberTable, or -1.
  int line_number(uint32_t bci) const;
  // The LineNumberTable as line_number reads it: by start_pc, one entry
  // per start_pc (the first of those the class file has); a bci's line is
  // the last entry's at or below it.
  std::vector<classfile::LineNumber> line_table() const;
  // "java.lang.String.hashCode" for messages and profiles.
  std::string qualified_name() const;
  // HotSpot's Method::print_external_name: "void java.lang.Foo.bar(int)".
  std::string external_name() const;
  // The same for any class, name and descriptor (resolution messages).
  static std::string external_name(const Klass* klass, const Symbol* name,
                                   const Symbol* descriptor);
};

// Method::id -> Method*, for code that holds only a method's id: the exact
// profilers log the ids of the methods their threads call, and build the
// trees from those logs on a thread of their own (profilers/cct/call_log.h).
// Registered as a method is made (create_methods, under its lock); read
// from any thread without a lock: a reader learns an id from its method's
// caller, after the method was registered. nullptr for an id never given.
Method* method_by_id(uint32_t id);
void register_method_id(Method* method);

}  // namespace minijvm
