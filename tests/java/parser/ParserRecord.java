package parser;

import java.util.List;

// A record: Record attribute with components, one of them generic (Signature).
public record ParserRecord(int x, String name, List<String> tags) {
  public ParserRecord {
    if (x < 0) throw new IllegalArgumentException("x");
  }

  public int twice() {
    return x * 2;
  }
}
