package parser;

// An enum with a constructor, fields and a switch over its constants.
public enum ParserEnum {
  RED(1),
  GREEN(2),
  BLUE(4);

  private final int bits;

  ParserEnum(int bits) {
    this.bits = bits;
  }

  public int bits() {
    return bits;
  }

  public static String describe(ParserEnum e) {
    switch (e) {
      case RED:
        return "warm";
      case BLUE:
        return "cold";
      default:
        return "other";
    }
  }
}
