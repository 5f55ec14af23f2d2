// The roots the VM holds outside interpreter frames, for the collector
// (heap.h; safepoint/collector.cpp adds the frames). Called at a global
// safepoint only: no Java thread runs, so the tables are read without their
// locks.
//
// Layers above vm/ (interp/, classlib-bridge/) hold references of their own
// (resolved constants, the Reference pending list, JNI weak globals); they
// register a provider at start-up, before any collection can run.
#pragma once

#include <functional>

#include "vm/runtime/heap.h"

namespace minijvm {

// Every strong root: global handles; per thread its java.lang.Thread, its
// pending exception and its handle area; per class its mirror (with the
// statics), loader, protection domain and initialization error; the loaders
// of the class dictionary; the primitive mirrors; the appendices of linked
// call sites; the interned strings; the objects of monitors in use; and
// what the registered providers visit.
void vm_roots_do(const RootVisitor& visit);

// Weak roots: after marking, each processor clears the slots whose objects
// `is_live` says are dead.
using LivenessTest = std::function<bool(Object*)>;
void process_weak_roots(const LivenessTest& is_live);

using RootProvider = void (*)(const RootVisitor& visit);
using WeakRootProcessor = void (*)(const LivenessTest& is_live);
// Registration is idempotent (start-up may run once per test process).
void register_root_provider(RootProvider provider);
void register_weak_root_processor(WeakRootProcessor processor);

// The pieces, one per owner (each in the file that owns the table).
void class_roots_do(const RootVisitor& visit);            // class_loader.cpp
void primitive_mirror_roots_do(const RootVisitor& visit);  // mirrors.cpp
void made_method_roots_do(const RootVisitor& visit);       // method_handles.cpp
void intern_table_roots_do(const RootVisitor& visit);      // strings.cpp

}  // namespace minijvm
