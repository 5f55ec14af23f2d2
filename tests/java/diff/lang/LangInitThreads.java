package diff.lang;

// Class initialization across threads (JVMS 5.5 steps 2, 5): a second thread
// waits for the initializing one; a failed initialization is seen by all.
public class LangInitThreads {
    static volatile int clinitRuns;

    static class Slow {
        static final int VALUE;
        static {
            clinitRuns++;
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            VALUE = 42;
        }
    }

    static class SlowFail {
        static int value;
        static {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            if (true) throw new IllegalStateException("slow failure");
        }
    }

    public static void main(String[] args) throws Exception {
        final String[] results = new String[4];
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread("init-" + i) {
                public void run() {
                    results[id] = "value=" + Slow.VALUE;
                }
            };
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        for (String r : results) System.out.println(r);
        System.out.println("clinit runs " + clinitRuns);
        final String[] failures = new String[3];
        Thread[] fs = new Thread[3];
        for (int i = 0; i < fs.length; i++) {
            final int id = i;
            fs[i] = new Thread("fail-" + i) {
                public void run() {
                    try {
                        failures[id] = "value=" + SlowFail.value;
                    } catch (Throwable e) {
                        failures[id] = e.getClass().getSimpleName();
                    }
                }
            };
        }
        for (Thread t : fs) t.start();
        for (Thread t : fs) t.join();
        int eiie = 0, ncdfe = 0;
        for (String f : failures) {
            if (f.equals("ExceptionInInitializerError")) eiie++;
            if (f.equals("NoClassDefFoundError")) ncdfe++;
        }
        System.out.println("EIIE " + eiie + " NCDFE " + ncdfe);
    }
}
