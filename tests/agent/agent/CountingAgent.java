package agent;

import java.util.ArrayDeque;
import minijvm.profiler.Agent;
import minijvm.profiler.Context;

// A bcount agent in Java (test_profile_agent.cpp): reports three times, then
// asks for no more. Each report checks what JP's contract promises -- at
// least `granularity` bytecodes since the last reset -- names the hottest
// context, resets the counters, and allocates and calls freely: none of its
// own work may show in any profile of the run.
public class CountingAgent implements Agent {
  private static final long GRANULARITY = 1000;
  private int reports;

  @Override
  public long register(Thread thread, long granularity) {
    System.err.println("agent: register " + thread.getName() + " " + granularity);
    return GRANULARITY;
  }

  @Override
  public long report(Context root, Context current) {
    reports++;
    long total = 0;
    Context hottest = null;
    ArrayDeque<Context> pending = new ArrayDeque<>(root.children());
    while (!pending.isEmpty()) {
      Context c = pending.pop();
      total += c.bytecodes();
      if (hottest == null || c.bytecodes() > hottest.bytecodes()) hottest = c;
      pending.addAll(c.children());
    }
    System.err.println("agent: report " + reports + " root=" + root + " at-least-granularity="
        + (total >= GRANULARITY) + " hottest-has-parent=" + (hottest.parent() != null)
        + " current=" + (current == null ? "none" : current.className()));
    root.resetBytecodes();
    return reports < 3 ? GRANULARITY : 0;
  }
}
