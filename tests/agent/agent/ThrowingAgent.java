package agent;

import minijvm.profiler.Agent;
import minijvm.profiler.Context;

// An agent whose report throws: the exception is printed, the reports on that
// thread stop, and the program runs on.
public class ThrowingAgent implements Agent {
  @Override
  public long report(Context root, Context current) {
    throw new IllegalStateException("agent failure on purpose");
  }
}
