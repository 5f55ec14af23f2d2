// The VM runtime core against the real java.base: loading, layout, vtables,
// itables, subtyping, strings, heap, monitors, initialization.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <thread>

#include "runtime_test_support.h"
#include "vm/runtime/exceptions.h"
#include "vm/runtime/heap.h"
#include "vm/runtime/monitor.h"
#include "vm/runtime/natives.h"
#include "vm/runtime/resolution.h"
#include "vm/runtime/strings.h"
#include "vm/runtime/vm.h"

namespace minijvm {
namespace {

using test::boot_class;
using test::runtime_thread;

Method* declared(Klass* k, const char* name, const char* desc) {
  Method* m = k->find_declared_method(intern(name), intern(desc));
  REQUIRE_MESSAGE(m != nullptr, name);
  return m;
}

size_t size_of(const FieldType& t) {
  switch (t.type) {
    case BasicType::kLong:
    case BasicType::kDouble:
    case BasicType::kObject:
    case BasicType::kArray:
      return 8;
    case BasicType::kInt:
    case BasicType::kFloat:
      return 4;
    case BasicType::kChar:
    case BasicType::kShort:
      return 2;
    default:
      return 1;
  }
}

// Every instance field of k and its superclasses: aligned, inside the
// object, after the header, pairwise disjoint.
void check_layout(Klass* k) {
  std::vector<std::pair<uint32_t, uint32_t>> ranges;
  for (Klass* c = k; c != nullptr; c = c->super)
    for (const FieldDesc& f : c->fields) {
      if (f.is_static()) continue;
      size_t sz = size_of(f.type);
      CHECK(f.offset % sz == 0);
      CHECK(f.offset >= kObjectHeaderSize);
      CHECK(f.offset + sz <= k->instance_size);
      ranges.emplace_back(f.offset, static_cast<uint32_t>(f.offset + sz));
    }
  std::sort(ranges.begin(), ranges.end());
  for (size_t i = 1; i < ranges.size(); ++i) CHECK(ranges[i - 1].second <= ranges[i].first);
  CHECK(k->instance_size % 8 == 0);
}

TEST_CASE("runtime: boot classes from java.base, field layout and mirrors") {
  test::NoJava no_java;
  JavaThread* t = runtime_thread();
  for (const char* n : {"java/lang/Object", "java/lang/String", "java/util/HashMap",
                        "java/util/concurrent/ConcurrentHashMap", "java/util/ArrayList"}) {
    Klass* k = boot_class(n);
    CHECK(k->state.load() != ClassState::kLoaded);
    CHECK(k->mirror != nullptr);
    CHECK(klass_of_mirror(k->mirror) == k);
    check_layout(k);
  }
  CHECK(vm().classes.Object->instance_size == kObjectHeaderSize);
  Klass* string = vm().classes.String;
  // value, hash, coder, hashIsZero: 8 + 4 + 1 + 1 after the header.
  CHECK(string->instance_size == 32);
  FieldDesc* value = string->find_declared_field(intern("value"), intern("[B"));
  REQUIRE(value != nullptr);
  CHECK(std::count(string->reference_offsets.begin(), string->reference_offsets.end(),
                   value->offset) == 1);
  // Statics live in the mirror after Class's own fields.
  FieldDesc* serial = string->find_declared_field(intern("serialVersionUID"), intern("J"));
  REQUIRE(serial != nullptr);
  CHECK(serial->offset >= vm().classes.Class->instance_size);
  CHECK(string->mirror->field<int64_t>(serial->offset) == -6849794470754667710LL);
  // Primitive mirrors and array classes.
  CHECK(primitive_type_of_mirror(primitive_mirror(BasicType::kInt)) == BasicType::kInt);
  CHECK(primitive_type_of_mirror(string->mirror) == BasicType::kObject);
  CHECK(klass_of_mirror(primitive_mirror(BasicType::kVoid)) == nullptr);
  Klass* ia = load_class(t, intern("[I"), nullptr);
  REQUIRE(ia != nullptr);
  CHECK(ia == primitive_array_klass(BasicType::kInt));
  CHECK(ia->element_size == 4);
  Klass* sa2 = load_class(t, intern("[[Ljava/lang/String;"), nullptr);
  REQUIRE(sa2 != nullptr);
  CHECK(sa2->dimensions == 2);
  CHECK(sa2->component->component == string);
  CHECK(sa2->element == string);
  CHECK(sa2->external_name() == "[[Ljava.lang.String;");
  CHECK(string->external_name() == "java.lang.String");
  CHECK(string->package_name() == "java/lang");
}

TEST_CASE("runtime: vtables and itables select the right methods") {
  test::NoJava no_java;
  JavaThread* t = runtime_thread();
  Klass* array_list = boot_class("java/util/ArrayList");
  Klass* abstract_list = boot_class("java/util/AbstractList");
  Method* get_al = declared(abstract_list, "get", "(I)Ljava/lang/Object;");
  REQUIRE(get_al->vtable_index >= 0);
  CHECK(array_list->vtable[get_al->vtable_index] ==
        declared(array_list, "get", "(I)Ljava/lang/Object;"));
  Method* to_string = declared(vm().classes.Object, "toString", "()Ljava/lang/String;");
  CHECK(array_list->vtable[to_string->vtable_index]->holder->name->equals(
      "java/util/AbstractCollection"));

  Klass* hash_map = boot_class("java/util/HashMap");
  Klass* map = boot_class("java/util/Map");
  Method* map_get = declared(map, "get", "(Ljava/lang/Object;)Ljava/lang/Object;");
  Method* sel = select_interface(t, hash_map, map_get);
  REQUIRE(sel != nullptr);
  CHECK(sel == declared(hash_map, "get", "(Ljava/lang/Object;)Ljava/lang/Object;"));
  // A default method overridden by the class.
  Klass* iterable = boot_class("java/lang/Iterable");
  Method* for_each = declared(iterable, "forEach", "(Ljava/util/function/Consumer;)V");
  CHECK(select_interface(t, array_list, for_each) ==
        declared(array_list, "forEach", "(Ljava/util/function/Consumer;)V"));
  // Defaults: the maximally-specific one wins; an abstract one is an AbstractMethodError.
  Klass* defaults = boot_class("runtime/RtDefaults");
  Klass* greeter = boot_class("runtime/RtGreeter");
  Klass* loud = boot_class("runtime/RtLoudGreeter");
  Method* greet = declared(greeter, "greet", "()Ljava/lang/String;");
  CHECK(select_interface(t, defaults, greet) == declared(loud, "greet", "()Ljava/lang/String;"));
  CHECK(lookup_method(defaults, intern("greet"), intern("()Ljava/lang/String;")) ==
        declared(loud, "greet", "()Ljava/lang/String;"));
  Klass* no_name = boot_class("runtime/RtNoName");
  CHECK(select_interface(t, no_name, declared(greeter, "name", "()Ljava/lang/String;")) == nullptr);
  REQUIRE(t->has_pending_exception());
  CHECK(t->pending_exception()->klass()->name->equals("java/lang/AbstractMethodError"));
  CHECK(exception_message(t->pending_exception()) ==
        "Receiver class runtime.RtNoName does not define or inherit an implementation of the "
        "resolved method 'abstract java.lang.String name()' of interface runtime.RtGreeter.");
  t->clear_pending_exception();
  CHECK(select_interface(t, boot_class("java/lang/String"), map_get) == nullptr);
  REQUIRE(t->has_pending_exception());
  CHECK(exception_message(t->pending_exception()) ==
        "Class java.lang.String does not implement the requested interface java.util.Map");
  t->clear_pending_exception();
}

TEST_CASE("runtime: is_subtype_of per JVMS checkcast, arrays included") {
  test::NoJava no_java;
  JavaThread* t = runtime_thread();
  Klass* object = vm().classes.Object;
  Klass* string = vm().classes.String;
  Klass* sa = load_class(t, intern("[Ljava/lang/String;"), nullptr);
  Klass* oa = load_class(t, intern("[Ljava/lang/Object;"), nullptr);
  Klass* ia = load_class(t, intern("[I"), nullptr);
  Klass* ja = load_class(t, intern("[J"), nullptr);
  REQUIRE((sa && oa && ia && ja));
  CHECK(sa->is_subtype_of(oa));
  CHECK_FALSE(oa->is_subtype_of(sa));
  CHECK(oa->is_subtype_of(object));
  CHECK(sa->is_subtype_of(vm().classes.Cloneable));
  CHECK(sa->is_subtype_of(vm().classes.Serializable));
  CHECK(ia->is_subtype_of(object));
  CHECK_FALSE(ia->is_subtype_of(ja));
  CHECK_FALSE(ia->is_subtype_of(oa));
  CHECK(string->is_subtype_of(boot_class("java/lang/CharSequence")));
  CHECK_FALSE(object->is_subtype_of(string));
  CHECK(boot_class("java/util/Map")->is_subtype_of(object));
  CHECK(boot_class("java/util/ArrayList")->is_subtype_of(boot_class("java/util/Collection")));
}

TEST_CASE("runtime: the display of primary supers, and the chain walked past it") {
  test::NoJava no_java;
  JavaThread* t = runtime_thread();
  Klass* object = vm().classes.Object;
  Klass* collection = boot_class("java/util/AbstractCollection");
  Klass* list = boot_class("java/util/AbstractList");
  Klass* array_list = boot_class("java/util/ArrayList");
  Klass* sequential = boot_class("java/util/AbstractSequentialList");
  CHECK(object->super_depth == 0);
  CHECK(array_list->super_depth == 3);
  CHECK(array_list->primary_supers[0] == object);
  CHECK(array_list->primary_supers[1] == collection);
  CHECK(array_list->primary_supers[2] == list);
  CHECK(array_list->primary_supers[3] == array_list);
  CHECK(array_list->primary_supers[4] == nullptr);
  CHECK(sequential->super_depth == 3);
  CHECK(array_list->is_subtype_of(list));
  CHECK_FALSE(array_list->is_subtype_of(sequential));  // same depth, another class
  CHECK_FALSE(list->is_subtype_of(array_list));        // deeper than the class itself
  // An interface holds Object and itself; an array Object only.
  Klass* map = boot_class("java/util/Map");
  CHECK(map->primary_supers[1] == map);
  Klass* lists = load_class(t, intern("[Ljava/util/ArrayList;"), nullptr);
  REQUIRE(lists != nullptr);
  CHECK(lists->primary_supers[0] == object);
  CHECK(lists->primary_supers[1] == nullptr);
  CHECK_FALSE(lists->is_subtype_of(array_list));
  // Past the display's eight levels, the superclass chain is walked.
  Klass* deep = boot_class("runtime/RtDeep9");
  Klass* deep8 = boot_class("runtime/RtDeep8");
  Klass* deep7 = boot_class("runtime/RtDeep7");
  Klass* side = boot_class("runtime/RtDeepSide");
  CHECK(deep->super_depth == 10);
  CHECK(deep8->super_depth == Klass::kPrimarySupers + 1);
  CHECK(deep7->super_depth == Klass::kPrimarySupers);
  CHECK(deep->primary_supers[Klass::kPrimarySupers - 1] == boot_class("runtime/RtDeep6"));
  CHECK(deep->is_subtype_of(deep8));
  CHECK(deep->is_subtype_of(deep7));
  CHECK(deep->is_subtype_of(boot_class("runtime/RtDeep0")));
  CHECK(side->is_subtype_of(deep7));
  CHECK_FALSE(side->is_subtype_of(deep8));
  CHECK_FALSE(deep->is_subtype_of(side));
  CHECK_FALSE(deep7->is_subtype_of(deep));
}

TEST_CASE("runtime: strings LATIN1 and UTF16 round-trip, interning") {
  test::NoJava no_java;
  JavaThread* t = runtime_thread();
  Object* a = new_string_from_utf8(t, "caf\xC3\xA9");  // é fits in LATIN1
  REQUIRE(a != nullptr);
  FieldDesc* coder = vm().classes.String->find_declared_field(intern("coder"), intern("B"));
  CHECK(a->field<int8_t>(coder->offset) == 0);
  CHECK(string_to_utf8(a) == "caf\xC3\xA9");
  CHECK(string_length(a) == 4);
  Object* b = new_string_from_utf16(t, u"\u4E2D\u6587 \U0001F600");
  REQUIRE(b != nullptr);
  CHECK(b->field<int8_t>(coder->offset) == 1);
  CHECK(string_chars(b) == u"\u4E2D\u6587 \U0001F600");
  CHECK(string_length(b) == 5);
  Object* c = new_string_from_utf8(t, "rt-intern-\xC3\xA9-unique");
  Object* d = new_string_from_utf8(t, "rt-intern-\xC3\xA9-unique");
  CHECK(c != d);
  CHECK(intern_string(t, c) == c);
  CHECK(intern_string(t, d) == c);
  CHECK(intern_symbol(t, intern("rt-intern-\xC3\xA9-unique")) == c);
}

TEST_CASE("runtime: heap exhaustion leaves OutOfMemoryError pending") {
  test::NoJava no_java;
  JavaThread* t = runtime_thread();
  Heap small;
  REQUIRE(small.initialize(0, 64 * 1024));
  int n = 0;
  while (small.allocate(t, vm().classes.Object, 1024) != nullptr) ++n;
  CHECK(n == 64);
  REQUIRE(t->has_pending_exception());
  CHECK(t->pending_exception()->klass()->name->equals("java/lang/OutOfMemoryError"));
  CHECK(exception_message(t->pending_exception()) == "Java heap space");
  t->clear_pending_exception();
  Object* o = new_instance(t, vm().classes.Object);
  REQUIRE(o != nullptr);
  Object* copy = clone_object(t, new_primitive_array(t, BasicType::kInt, 3));
  CHECK(static_cast<ArrayObject*>(copy)->length() == 3);
}

TEST_CASE("runtime: monitors, recursion, wait/notify, identity hash") {
  test::NoJava no_java;
  JavaThread* t = runtime_thread();
  Object* o = new_instance(t, vm().classes.Object);
  int32_t h = identity_hash(o);
  CHECK(h != 0);
  CHECK(identity_hash(o) == h);
  CHECK_FALSE(monitor_exit(t, o));
  REQUIRE(t->has_pending_exception());
  CHECK(t->pending_exception()->klass()->name->equals("java/lang/IllegalMonitorStateException"));
  t->clear_pending_exception();
  monitor_enter(t, o);
  monitor_enter(t, o);
  CHECK(holds_lock(t, o));
  CHECK(identity_hash(o) == h);  // kept by the inflated monitor
  CHECK(monitor_exit(t, o));
  CHECK(holds_lock(t, o));
  CHECK(monitor_exit(t, o));
  CHECK_FALSE(holds_lock(t, o));
  monitor_notify(t, o, false);
  CHECK(t->has_pending_exception());
  t->clear_pending_exception();

  // wait/notify between two OS threads, each with its own JavaThread.
  std::atomic<int> phase{0};
  std::thread other([&] {
    JavaThread jt(64 * 1024);
    JavaThread::set_current(&jt);
    monitor_enter(&jt, o);
    phase = 1;
    while (phase.load() == 1) monitor_wait(&jt, o, 0);
    CHECK_FALSE(jt.has_pending_exception());
    CHECK(holds_lock(&jt, o));
    monitor_exit(&jt, o);
  });
  while (phase.load() == 0) std::this_thread::yield();
  monitor_enter(t, o);
  phase = 2;
  monitor_notify(t, o, true);
  monitor_exit(t, o);
  other.join();
  // A timed wait returns; an interrupt ends an untimed one.
  monitor_enter(t, o);
  monitor_wait(t, o, 10);
  CHECK_FALSE(t->has_pending_exception());
  std::thread interrupter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    interrupt_thread(t);
  });
  monitor_wait(t, o, 0);
  interrupter.join();
  REQUIRE(t->has_pending_exception());
  CHECK(t->pending_exception()->klass()->name->equals("java/lang/InterruptedException"));
  CHECK_FALSE(t->interrupted.load());
  t->clear_pending_exception();
  CHECK(holds_lock(t, o));
  monitor_exit(t, o);
}

// Enter and exit take no lock unless a thread must block (monitor.cpp):
// four threads contend for one monitor, entering it again inside and
// waiting on it now and then. A lost increment would show in the sum, a
// lost wake-up as a thread that never finishes.
TEST_CASE("runtime: a contended monitor excludes and wakes every thread") {
  test::NoJava no_java;
  JavaThread* t = runtime_thread();
  Object* o = new_instance(t, vm().classes.Object);
  constexpr int kThreads = 4, kRounds = 20000;
  int64_t counter = 0;  // guarded by o's monitor alone
  std::atomic<int> failures{0}, finished{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      JavaThread jt(64 * 1024);
      JavaThread::set_current(&jt);
      for (int round = 0; round < kRounds; ++round) {
        monitor_enter(&jt, o);
        if (round % 7 == i) monitor_enter(&jt, o);
        if (round % 5000 == 4999) monitor_wait(&jt, o, 1);  // lets the others in
        int64_t seen = counter;
        std::this_thread::yield();  // a window for another thread's increment
        counter = seen + 1;
        if (round % 7 == i && !monitor_exit(&jt, o)) failures.fetch_add(1);
        if (!holds_lock(&jt, o)) failures.fetch_add(1);
        if (!monitor_exit(&jt, o)) failures.fetch_add(1);
      }
      finished.fetch_add(1);
    });
  }
  // A thread left blocked would hang join(): the run ends with a message.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (finished.load() < kThreads && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (finished.load() < kThreads) {
    std::fprintf(stderr, "a contended monitor: %d of %d threads never finished (a lost wake-up)\n",
                 kThreads - finished.load(), kThreads);
    std::_Exit(1);
  }
  for (std::thread& thread : threads) thread.join();
  CHECK(failures.load() == 0);
  CHECK(counter == int64_t{kThreads} * kRounds);
  CHECK_FALSE(holds_lock(t, o));
}

TEST_CASE("runtime: class initialization order, once, erroneous state") {
  test::FakeJava fake_java;
  JavaThread* t = runtime_thread();
  test::fake_java_calls().clear();
  Klass* child = boot_class("runtime/RtInitChild");
  // ConstantValue primitives are set at preparation (JVMS §5.4.2).
  FieldDesc* constant = child->find_declared_field(intern("CONST"), intern("I"));
  CHECK(child->mirror->field<int32_t>(constant->offset) == 42);
  REQUIRE(initialize_class(t, child));
  CHECK(child->is_initialized());
  CHECK(child->super->is_initialized());
  std::vector<std::string> calls = test::fake_java_calls();
  CHECK(calls ==
        std::vector<std::string>{"runtime/RtInitBase.<clinit>", "runtime/RtInitChild.<clinit>"});
  FieldDesc* name = child->find_declared_field(intern("NAME"), intern("Ljava/lang/String;"));
  CHECK(string_to_utf8(child->mirror->ref_field(name->offset)) == "const");
  REQUIRE(initialize_class(t, child));
  CHECK(test::fake_java_calls().size() == 2);  // once

  Klass* fails = boot_class("runtime/RtInitFails");
  test::fake_java_behaviour() = [](JavaThread* thread, Method* m) {
    if (m->holder->name->equals("runtime/RtInitFails")) {
      test::NoJava no_java;  // another test file may have run (and failed) its <clinit>
      throw_new(thread, vm_symbols().java_lang_RuntimeException, "boom");
    }
  };
  CHECK_FALSE(initialize_class(t, fails));
  test::fake_java_behaviour() = nullptr;
  REQUIRE(t->has_pending_exception());
  Object* e = t->pending_exception();
  CHECK(e->klass()->name->equals("java/lang/ExceptionInInitializerError"));
  REQUIRE(exception_cause(e) != nullptr);
  CHECK(exception_cause(e)->klass()->name->equals("java/lang/RuntimeException"));
  t->clear_pending_exception();
  CHECK(fails->state.load() == ClassState::kErroneous);
  CHECK_FALSE(initialize_class(t, fails));
  REQUIRE(t->has_pending_exception());
  e = t->pending_exception();
  CHECK(e->klass()->name->equals("java/lang/NoClassDefFoundError"));
  CHECK(exception_message(e) == "Could not initialize class runtime.RtInitFails");
  REQUIRE(exception_cause(e) != nullptr);
  CHECK(exception_message(exception_cause(e)) ==
        "Exception java.lang.RuntimeException: boom [in thread \"main\"]");
  t->clear_pending_exception();
}

TEST_CASE("runtime: natives bind from the registry or fail with HotSpot's message") {
  test::NoJava no_java;
  JavaThread* t = runtime_thread();
  NativeBinder binder = native_binder();  // the JNI binder, if another test installed it
  set_native_binder(nullptr);
  Klass* k = boot_class("runtime/RtInit");
  Method* m = declared(k, "rtNative", "(I)I");
  CHECK_FALSE(bind_native(t, m));
  REQUIRE(t->has_pending_exception());
  CHECK(t->pending_exception()->klass()->name->equals("java/lang/UnsatisfiedLinkError"));
  CHECK(exception_message(t->pending_exception()) == "'int runtime.RtInit.rtNative(int)'");
  t->clear_pending_exception();
  static const NativeEntry table[] = {
      {"runtime/RtInit", "rtNative", "(I)I",
       [](JavaThread*, Method*, Slot* args, Slot* result) { *result = slot_int(args[0].i + 1); }}};
  register_vm_natives(table);
  CHECK(bind_native(t, m));
  REQUIRE((m->native_invoker.load() != nullptr));
  Slot arg = slot_int(41), result;
  m->native_invoker.load()(t, m, &arg, &result);
  CHECK(result.i == 42);
  set_native_binder(binder);
}

TEST_CASE("runtime: the Java stack lays out frames and reports overflow") {
  runtime_thread();  // the VM core (vm().classes) even when this case runs alone
  test::NoJava no_java;
  JavaThread small(4096);
  Method* m = declared(vm().classes.Object, "toString", "()Ljava/lang/String;");
  Frame* f1 = small.push_frame(m);
  REQUIRE(f1 != nullptr);
  CHECK(small.top_frame() == f1);
  f1->sp = f1->stack_base + 1;
  Frame* f2 = small.push_frame(m);
  REQUIRE(f2 != nullptr);
  CHECK(f2->caller == f1);
  CHECK(f2->locals == f1->sp);
  CHECK(reinterpret_cast<Slot*>(f2) >= f2->locals + m->max_locals);
  int depth = 2;
  while (small.push_frame(m) != nullptr) ++depth;
  CHECK(depth < 4096 / 8);
  CHECK(depth > 10);
  // A top frame in the reserve past the limit (an inlined callee's, written
  // by compiled code): nothing more is pushed above it.
  Frame* top = small.top_frame();
  top->sp = top->stack_base + JavaThread::kInlinedFramesReserve / sizeof(Slot) / 2;
  CHECK(small.push_frame(m) == nullptr);
}

}  // namespace
}  // namespace minijvm
