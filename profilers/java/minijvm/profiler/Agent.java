package minijvm.profiler;

/**
 * A profiling agent of the {@code bcount} profiler, activated periodically on
 * each profiled thread, as in JP (Binder, Hulaas): every {@code granularity}
 * executed bytecodes of a thread, the thread calls {@link #report} with its
 * calling context tree. Select one with
 * {@code -profile=bcount:agent=com.example.MyAgent,granularity=N}; minijvm
 * adds this API to the class path and creates the agent with its public
 * no-argument constructor before {@code main}.
 *
 * <p>The agent runs on the profiled thread, at the first method entry after
 * the threshold is passed. Its own work is not profiled: no profiler of the
 * run records the calls, bytecodes or allocations of {@code register} and
 * {@code report}. An exception thrown by either is printed on stderr and
 * stops the reports on that thread.
 */
public interface Agent {
  /**
   * Registration: called on a thread before its first report.
   *
   * @param thread the thread
   * @param granularity the {@code granularity=} of the command line
   * @return the bytecodes until this thread's first report; 0 or less: never
   */
  default long register(Thread thread, long granularity) {
    return granularity;
  }

  /**
   * A periodic report.
   *
   * @param root the root of the calling thread's tree (its children are the
   *     thread's entry points)
   * @param current the context the thread is entering, or {@code null} when
   *     it is not recorded (a frame outside {@code only=}, say)
   * @return the bytecodes until the next report; 0 or less: no more reports
   *     on this thread
   */
  long report(Context root, Context current);
}
