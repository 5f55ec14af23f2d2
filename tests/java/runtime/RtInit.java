package runtime;

class RtInitBase {
  static int base = RtInit.next();
}

class RtInitChild extends RtInitBase {
  static int child = RtInit.next();
  static final int CONST = 42;
  static final String NAME = "const";
}

class RtInitFails {
  static int x = RtInit.next();
}

public class RtInit {
  static int counter;

  static int next() { return ++counter; }

  // Bound by test_runtime_core.cpp through the VM-native registry.
  static native int rtNative(int x);
}
