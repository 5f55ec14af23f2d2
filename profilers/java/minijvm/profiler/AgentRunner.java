package minijvm.profiler;

/**
 * What the VM calls (profilers/cct/java_agent.cpp): creates the agent and
 * calls it, so that the VM needs to handle no Java exception itself.
 */
final class AgentRunner {
  private AgentRunner() {}

  /** The agent of {@code agent=className}, from the system class loader. */
  static Agent create(String className) throws ReflectiveOperationException {
    Class<?> c = Class.forName(className, true, ClassLoader.getSystemClassLoader());
    if (!Agent.class.isAssignableFrom(c)) {
      throw new ClassCastException(c.getName() + " does not implement " + Agent.class.getName());
    }
    return (Agent) c.getDeclaredConstructor().newInstance();
  }

  static long register(Agent agent, long granularity) {
    try {
      return agent.register(Thread.currentThread(), granularity);
    } catch (Throwable t) {
      return failed(agent, "register", t);
    }
  }

  static long report(Agent agent, long root, long current) {
    try {
      return agent.report(new Context(root), current == 0 ? null : new Context(current));
    } catch (Throwable t) {
      return failed(agent, "report", t);
    }
  }

  private static long failed(Agent agent, String what, Throwable t) {
    System.err.println("minijvm: bcount agent " + agent.getClass().getName() + "." + what
        + " failed on thread \"" + Thread.currentThread().getName() + "\"; no more reports there:");
    t.printStackTrace();
    return 0;
  }
}
