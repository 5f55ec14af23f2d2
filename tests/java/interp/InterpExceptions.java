package interp;

// Exceptions, finally, synchronization and class initialization order for
// the interpreter's unit tests.
public class InterpExceptions {
  static class MyException extends RuntimeException {
    final int code;

    MyException(int code) {
      this.code = code;
    }
  }

  static int thrower(int c) {
    throw new MyException(c);
  }

  static int catchInCaller() {
    try {
      return thrower(7);
    } catch (MyException e) {
      return e.code * 2;
    }
  }

  static int catchSameMethod() {
    int r = 0;
    try {
      r = 1;
      if (r == 1) throw new MyException(3);
      r = 2;
    } catch (IllegalStateException e) {
      r = -1;
    } catch (MyException e) {
      r = r * 10 + e.code;
    }
    return r;
  }

  static int state;

  static int withFinally(boolean fail) {
    state = 0;
    try {
      if (fail) thrower(1);
      state += 1;
    } finally {
      state += 10;
    }
    return state;
  }

  static int finallyOuter() {
    try {
      withFinally(true);
      return -1;
    } catch (MyException e) {
      return state;  // 10: the finally ran during unwinding
    }
  }

  static int divide(int a, int b) {
    return a / b;
  }

  static String divideByZeroMessage() {
    try {
      divide(1, 0);
      return null;
    } catch (ArithmeticException e) {
      return e.getMessage();
    }
  }

  static String indexMessage() {
    int[] a = new int[2];
    try {
      a[5] = 1;
      return null;
    } catch (ArrayIndexOutOfBoundsException e) {
      return e.getMessage();
    }
  }

  static String negativeSizeMessage(int n) {
    try {
      return new int[n].length == 0 ? "empty" : "non-empty";
    } catch (NegativeArraySizeException e) {
      return e.getMessage();
    }
  }

  static String arrayStoreMessage() {
    Object[] a = new Integer[1];
    try {
      a[0] = "s";
      return null;
    } catch (ArrayStoreException e) {
      return e.getMessage();
    }
  }

  static int nullField(InterpExceptions x) {
    return x.hashCode();
  }

  static int uncaught() {
    return thrower(5);
  }

  // --- synchronization ---
  int value;

  synchronized int bump() {
    return ++value;
  }

  static synchronized int staticSync(int n) {
    return n + 1;
  }

  synchronized int syncThrows() {
    throw new MyException(9);
  }

  static int synchronizedMethods() {
    InterpExceptions o = new InterpExceptions();
    o.bump();
    o.bump();
    int r = 0;
    try {
      o.syncThrows();
    } catch (MyException e) {
      r = e.code;
    }
    synchronized (o) {
      r += o.bump() * 10;  // re-entrant after the exceptional exit
    }
    return r + staticSync(100) * 100;
  }

  // --- class initialization order ---
  static class Log {
    static int[] order = new int[8];
    static int n;

    static void add(int v) {
      order[n++] = v;
    }
  }

  static class Base {
    static int baseValue;

    static {
      Log.add(1);
      baseValue = 11;
    }
  }

  static class Derived extends Base {
    static int derivedValue;

    static {
      Log.add(2);
      derivedValue = baseValue * 2;
    }
  }

  static int initOrder() {
    int v = Derived.derivedValue;  // initializes Base, then Derived
    return Log.order[0] * 100 + Log.order[1] * 10 + Log.n + v * 1000;
  }
}
