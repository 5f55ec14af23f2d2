package prof;

// Says it is ready, then waits to be ended by a signal (test_profile_cct.cpp:
// SIGTERM still writes the profile).
public class Sleeper {
  static void work() {
    int x = 0;
    for (int i = 0; i < 1000; i++) x += i;
    System.out.println("ready " + x);
  }

  public static void main(String[] args) throws InterruptedException {
    work();
    Thread.sleep(60_000);
  }
}
