package diff.lang;

import java.util.Locale;

// Case mapping and character classification beyond ASCII. (No Greek final
// sigma: its context check needs a BreakIterator from the CLDR locale
// provider, which does not start without invokedynamic yet.)
public class LangCase {
    public static void main(String[] args) {
        String[] samples = {"straße", "İstanbul", "ıi", "ǅungla", "ﬁne", "Ǳ", "ÀÉÎÕÜ", "\ud801\udc00\ud801\udc28"};
        Locale[] locales = {Locale.ROOT, Locale.ENGLISH, new Locale("tr"), new Locale("lt"), Locale.GERMAN};
        for (String s : samples) {
            StringBuilder sb = new StringBuilder(s + ":");
            for (Locale l : locales) sb.append(' ').append(s.toUpperCase(l)).append('/').append(s.toLowerCase(l));
            sb.append(" eqIC=").append(s.equalsIgnoreCase(s.toUpperCase(Locale.ROOT))).append(" len=").append(s.length())
                .append("->").append(s.toUpperCase(Locale.ROOT).length());
            System.out.println(sb);
        }
        int[] cps = {'a', 'Z', '5', ' ', '_', '$', 0xdf, 0x130, 0x131, 0x1c5, 0x3a3, 0x3c2, 0x660, 0x2160, 0x10400, 0x1f600, 0xfeff, 0x200b, 0xffff};
        for (int cp : cps) {
            System.out.println(Integer.toHexString(cp) + " type=" + Character.getType(cp) + " L=" + Character.isLetter(cp)
                + " D=" + Character.isDigit(cp) + " U=" + Character.isUpperCase(cp) + " l=" + Character.isLowerCase(cp)
                + " T=" + Character.isTitleCase(cp) + " ws=" + Character.isWhitespace(cp) + " sp=" + Character.isSpaceChar(cp)
                + " jis=" + Character.isJavaIdentifierStart(cp) + " jip=" + Character.isJavaIdentifierPart(cp)
                + " ign=" + Character.isIdentifierIgnorable(cp) + " up=" + Integer.toHexString(Character.toUpperCase(cp))
                + " lo=" + Integer.toHexString(Character.toLowerCase(cp)) + " ti=" + Integer.toHexString(Character.toTitleCase(cp))
                + " num=" + Character.getNumericValue(cp) + " dig=" + Character.digit(cp, 10) + " mirror=" + Character.isMirrored(cp)
                + " dir=" + Character.getDirectionality(cp) + " block=" + Character.UnicodeBlock.of(cp)
                + " script=" + Character.UnicodeScript.of(cp) + " bmp=" + Character.isBmpCodePoint(cp));
        }
        System.out.println("ǅ".compareToIgnoreCase("ǆ") + " " + "ß".equalsIgnoreCase("SS") + " " + "\u0130".equalsIgnoreCase("i"));
    }
}
