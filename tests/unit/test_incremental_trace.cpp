// Incremental stack tracing's data structure on hand-built frames: the
// example of Hofer et al.'s Figures 5-8 (a -> b -> c, then b -> u -> v,
// then b), step by step.
#include <doctest/doctest.h>

#include <vector>

#include "profilers/sampling/incremental_trace.h"
#include "vm/runtime/frame.h"
#include "vm/runtime/method.h"

namespace {

using minijvm::Frame;
using minijvm::Method;
using Object = minijvm::prof::IncrementalTrace::Object;

struct FakeMethod {
  uint8_t code[16] = {};
  Method method;
  FakeMethod() { method.code = code; method.code_length = sizeof code; }
};

// A frame of `m` called by `caller`, at bci `bci`.
void place(Frame& f, FakeMethod& m, Frame* caller, uint32_t bci) {
  f.method = &m.method;
  f.caller = caller;
  f.pc = m.code + bci;
}

std::vector<const Object*> chain(const Object* top) {
  std::vector<const Object*> objects;
  for (const Object* o = top; o != nullptr; o = o->parent) objects.push_back(o);
  return objects;
}

}  // namespace

TEST_SUITE("incremental_trace") {
  TEST_CASE("the paper's Figures 5 to 8: each frame decoded once, frames shared") {
    FakeMethod a, b, c, u, v;
    Frame fa, fb, fc, fu, fv;
    minijvm::prof::IncrementalTrace trace;
    place(fa, a, nullptr, 1);
    place(fb, b, &fa, 2);
    place(fc, c, &fb, 3);

    // (1) A sample in c: a TFO for c, a skeleton for b (the CSO) as its
    // parent, and a barrier on b.
    const Object* t1 = trace.sample(&fc);
    CHECK(t1->filled);
    CHECK(t1->method == &c.method);
    CHECK(t1->bci == 3);
    REQUIRE(t1->parent != nullptr);
    CHECK_FALSE(t1->parent->filled);
    CHECK(trace.current_skeleton() == t1->parent);
    CHECK(fb.return_barrier);
    CHECK(trace.frames_decoded() == 1);

    // (2) c returns to b: b is decoded into the CSO, and a skeleton for a
    // becomes the CSO, with a barrier on a.
    trace.returned_to(&fb);
    const Object* b_object = t1->parent;
    CHECK(b_object->filled);
    CHECK(b_object->method == &b.method);
    CHECK(b_object->bci == 2);
    CHECK_FALSE(fb.return_barrier);
    CHECK(fa.return_barrier);
    const Object* a_object = b_object->parent;
    REQUIRE(a_object != nullptr);
    CHECK(trace.current_skeleton() == a_object);
    CHECK(trace.frames_decoded() == 2);

    // (3) b moves on and calls u, u calls v; a sample in v: the CSO stands
    // for a, not for v's caller u, so a new CSO for u goes between.
    place(fb, b, &fa, 5);
    place(fu, u, &fb, 4);
    place(fv, v, &fu, 6);
    const Object* t2 = trace.sample(&fv);
    CHECK(t2->method == &v.method);
    const Object* u_skeleton = t2->parent;
    CHECK_FALSE(u_skeleton->filled);
    CHECK(u_skeleton->parent == a_object);
    CHECK(fu.return_barrier);

    // (4) v returns to u: u decoded; its parent (a) is not u's caller b, so
    // a skeleton b' goes between u and a.
    trace.returned_to(&fu);
    CHECK(u_skeleton->filled);
    CHECK(u_skeleton->bci == 4);
    const Object* b_prime = u_skeleton->parent;
    CHECK(b_prime != b_object);
    CHECK_FALSE(b_prime->filled);
    CHECK(b_prime->parent == a_object);
    CHECK(fb.return_barrier);

    // (5) u returns to b: b' decoded (at its new bci), and a's skeleton,
    // already b's caller, becomes the CSO again: nothing new.
    trace.returned_to(&fb);
    CHECK(b_prime->filled);
    CHECK(b_prime->bci == 5);
    CHECK(trace.current_skeleton() == a_object);

    // (6) A sample in b itself: b'' hangs under a's skeleton.
    place(fb, b, &fa, 7);
    const Object* t3 = trace.sample(&fb);
    CHECK(t3->bci == 7);
    CHECK(t3->parent == a_object);

    // (7) b returns to a, the bottom frame: a decoded once for all three.
    trace.returned_to(&fa);
    CHECK(a_object->filled);
    CHECK(a_object->bci == 1);
    CHECK(a_object->parent == nullptr);
    CHECK(trace.current_skeleton() == nullptr);
    CHECK_FALSE(fa.return_barrier);

    // Three traces sharing a; b, b' and b'' are three objects for one frame.
    REQUIRE(trace.traces().size() == 3);
    CHECK(chain(trace.traces()[0]) == std::vector<const Object*>{t1, b_object, a_object});
    CHECK(chain(trace.traces()[1]) == std::vector<const Object*>{t2, u_skeleton, b_prime, a_object});
    CHECK(chain(trace.traces()[2]) == std::vector<const Object*>{t3, a_object});
    // Decoded: c, b, v, u, b', b'', a -- 7 frames, where a full walk at
    // each sample decodes 3 + 4 + 2 = 9.
    CHECK(trace.frames_decoded() == 7);
  }

  TEST_CASE("retrieve completes the open skeletons with one walk and removes the barriers") {
    FakeMethod m0, m1, m2, m3;
    Frame f0, f1, f2, f3;
    place(f0, m0, nullptr, 1);
    place(f1, m1, &f0, 2);
    place(f2, m2, &f1, 3);
    place(f3, m3, &f2, 4);
    minijvm::prof::IncrementalTrace trace;
    const Object* top = trace.sample(&f3);
    CHECK(f2.return_barrier);
    trace.complete();
    CHECK_FALSE(f2.return_barrier);
    std::vector<const Object*> objects = chain(top);
    REQUIRE(objects.size() == 4);
    for (size_t i = 0; i < objects.size(); ++i) {
      INFO(i);
      CHECK(objects[i]->filled);
      CHECK(objects[i]->bci == static_cast<int32_t>(4 - i));
    }
    CHECK(trace.frames_decoded() == 4);
    CHECK(trace.current_skeleton() == nullptr);
  }
}
