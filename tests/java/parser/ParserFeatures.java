package parser;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

// Assorted shapes: constants of every kind (ConstantValue), checked
// exceptions, try/catch/finally, both switch instructions, long/double
// locals, multi-dimensional arrays, generics, annotations, varargs, a native
// method, synchronized, and a deprecated member.
@ParserAnnotation(value = "features", level = 3)
public abstract class ParserFeatures<T extends Comparable<T>> implements Comparable<ParserFeatures<T>> {
  public static final int INT_CONST = 123456;
  public static final long LONG_CONST = 1234567890123L;
  public static final float FLOAT_CONST = 1.5f;
  public static final double DOUBLE_CONST = 2.25;
  public static final String STRING_CONST = "constant \u00e9\u4e2d\ud83d\ude00";
  public static final boolean BOOL_CONST = true;
  public static final char CHAR_CONST = 'x';

  protected List<T> items = new ArrayList<>();
  private volatile int counter;
  private transient double[][] grid = new double[3][4];

  @Deprecated
  public int old;

  public abstract T first();

  public native long nativeClock();

  public synchronized int bump() {
    return ++counter;
  }

  @ParserAnnotation("method")
  public static int tableSwitch(int k) {
    switch (k) {
      case 0: return 10;
      case 1: return 11;
      case 2: return 12;
      case 3: return 13;
      default: return -1;
    }
  }

  public static int lookupSwitch(int k) {
    switch (k) {
      case -1000: return 1;
      case 7: return 2;
      case 100000: return 3;
      default: return 0;
    }
  }

  public static long mix(long a, double b, int... rest) {
    long r = a + (long) b;
    for (int x : rest) r += x;
    return r;
  }

  public static String readFirst(String path) throws IOException, InterruptedException {
    try {
      if (path.isEmpty()) throw new IOException("empty");
      return path.substring(0, 1);
    } catch (IllegalStateException | IndexOutOfBoundsException e) {
      return "?";
    } finally {
      Thread.yield();
    }
  }

  public int[][][] cube(@ParserAnnotation("param") int n) {
    return new int[n][n][n];
  }

  public <U extends T> U generic(U u) {
    return u;
  }

  @Override
  public int compareTo(ParserFeatures<T> other) {
    return Integer.compare(items.size(), other.items.size());
  }
}
