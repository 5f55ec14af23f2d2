package runtime;

interface RtGreeter {
  default String greet() { return "hi"; }
  String name();
}

interface RtLoudGreeter extends RtGreeter {
  default String greet() { return "HI"; }
}

public class RtDefaults implements RtLoudGreeter {
  public String name() { return "d"; }
}

abstract class RtNoName implements RtGreeter {}
