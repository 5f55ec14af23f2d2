package diff.indy;

import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.stream.*;

/** UUID parsing/name-based UUIDs, Base64 encoders/decoders, HexFormat, CRC32 and checksums. */
public class UuidBase64 {
  public static void main(String[] args) throws Exception {
    UUID u = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    System.out.println(u + " version " + u.version() + " variant " + u.variant() + " msb " + u.getMostSignificantBits() + " lsb " + u.getLeastSignificantBits()
        + " timestamp " + u.timestamp() + " hash " + u.hashCode());
    for (String name : List.of("", "hello", "minijvm", "\u00e9t\u00e9")) {
      UUID n = UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
      System.out.println("nameUUID '" + name + "' " + n + " v" + n.version());
    }
    UUID a = new UUID(1, 2), b = new UUID(1, 3), c = new UUID(-1, 0);
    List<UUID> us = new ArrayList<>(List.of(b, c, a));
    Collections.sort(us);
    System.out.println("sorted " + us + " equals " + a.equals(new UUID(1, 2)));
    try {
      UUID.fromString("not-a-uuid");
    } catch (IllegalArgumentException e) {
      System.out.println("IAE " + e.getMessage());
    }
    Random rnd = new Random(77);
    byte[] data = new byte[40];
    rnd.nextBytes(data);
    Base64.Encoder std = Base64.getEncoder(), url = Base64.getUrlEncoder(), mime = Base64.getMimeEncoder(), noPad = Base64.getEncoder().withoutPadding();
    for (int len = 0; len <= 7; len++) {
      byte[] slice = Arrays.copyOf(data, len);
      String e = std.encodeToString(slice);
      System.out.println("len " + len + " std " + e + " url " + url.encodeToString(slice) + " noPad " + noPad.encodeToString(slice)
          + " roundtrip " + Arrays.equals(Base64.getDecoder().decode(e), slice));
    }
    String full = std.encodeToString(data);
    System.out.println("40 bytes " + full);
    byte[] big = new byte[100];
    rnd.nextBytes(big);
    String m = mime.encodeToString(big);
    System.out.println("mime lines " + m.split("\r\n").length + " first " + m.split("\r\n")[0]);
    System.out.println("custom mime " + Base64.getMimeEncoder(16, "|".getBytes()).encodeToString(Arrays.copyOf(big, 30)));
    System.out.println("mime decode roundtrip " + Arrays.equals(Base64.getMimeDecoder().decode(m), big));
    String text = "Many hands make light work.";
    String enc = std.encodeToString(text.getBytes(StandardCharsets.UTF_8));
    System.out.println(enc + " -> " + new String(Base64.getDecoder().decode(enc), StandardCharsets.UTF_8));
    System.out.println("url-safe chars " + url.encodeToString(new byte[] {(byte) 0xfb, (byte) 0xff, (byte) 0xbf}) + " vs " + std.encodeToString(new byte[] {(byte) 0xfb, (byte) 0xff, (byte) 0xbf}));
    for (String bad : List.of("abc", "ab$d", "a===", "YWJj\nZGVm")) {
      try {
        System.out.println("decoded " + Arrays.toString(Base64.getDecoder().decode(bad)));
      } catch (IllegalArgumentException e) {
        System.out.println("bad '" + bad.replace("\n", "\\n") + "': " + e.getMessage());
      }
    }
    java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
    try (java.io.OutputStream os = std.wrap(bos)) {
      os.write("streamed base64".getBytes(StandardCharsets.US_ASCII));
    }
    System.out.println("wrap " + bos);
    HexFormat hex = HexFormat.of();
    System.out.println("hex " + hex.formatHex(Arrays.copyOf(data, 8)) + " upper " + HexFormat.of().withUpperCase().formatHex(new byte[] {10, -1})
        + " delimited " + HexFormat.ofDelimiter(":").formatHex(new byte[] {1, 2, 3}) + " parse " + Arrays.toString(hex.parseHex("cafe01"))
        + " toHexDigits " + hex.toHexDigits((short) 0x1234) + " fromHex " + HexFormat.fromHexDigits("7f"));
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(text.getBytes(StandardCharsets.UTF_8));
    java.util.zip.Adler32 adler = new java.util.zip.Adler32();
    adler.update(text.getBytes(StandardCharsets.UTF_8));
    System.out.println("crc32 " + Long.toHexString(crc.getValue()) + " adler32 " + Long.toHexString(adler.getValue()));
    java.security.MessageDigest md5 = java.security.MessageDigest.getInstance("MD5");
    java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
    System.out.println("md5 " + hex.formatHex(md5.digest(text.getBytes(StandardCharsets.UTF_8))));
    System.out.println("sha256 " + hex.formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8))));
    System.out.println("ids " + IntStream.range(0, 5).mapToObj(i -> UUID.nameUUIDFromBytes(new byte[] {(byte) i}).toString().substring(0, 8)).collect(Collectors.joining(",")));
  }
}
