// Xalan-J workload for minijvm: XSLT transformations with the interpretive
// Xalan processor (org.apache.xalan.processor), not the JDK's built-in XSLTC.
//
//   java -cp /usr/share/java/xalan2.jar:/usr/share/java/serializer.jar:CLASSES \
//        XalanDriver XSL_DIR OUT_DIR N
//
// sizes: small N=2, large N=24
//
// Generates N deterministic XML order books in memory (an LCG with a fixed
// seed), compiles every XSL_DIR/*.xsl once (in name order) and applies each
// stylesheet to each document, writing OUT_DIR/docK-NAME.xml (K = 1..N,
// NAME = the stylesheet's file name without ".xsl"). Prints one line per
// output: its file name and its size in bytes.
//
// xalan2.jar's manifest Class-Path brings in /usr/share/java/xercesImpl.jar,
// so the input is parsed by Apache Xerces and serialized by serializer.jar.

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import javax.xml.transform.Templates;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;

public class XalanDriver {

    /** Orders per generated document; the document count N scales the run. */
    static final int ORDERS_PER_DOC = 150;
    static final int CUSTOMERS_PER_DOC = 40;

    /** 64-bit linear congruential generator (Knuth's MMIX constants). */
    static final class Lcg {
        private long state;

        Lcg(long seed) {
            state = seed;
        }

        int next(int bound) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            return (int) ((state >>> 33) % bound);
        }

        <T> T pick(T[] choices) {
            return choices[next(choices.length)];
        }
    }

    static final String[] SYLLABLES = {
        "an", "bel", "cor", "da", "el", "fin", "gar", "hol", "is", "jon",
        "ka", "lor", "mi", "nor", "os", "pet", "quin", "ra", "sol", "tur",
    };
    static final String[] CITIES = {
        "Amsterdam", "Berlin", "Copenhagen", "Dublin", "Edinburgh", "Florence",
        "Geneva", "Helsinki", "Lisbon", "Madrid", "Oslo", "Prague", "Vienna",
    };
    static final String[] TIERS = {"bronze", "silver", "gold", "platinum"};
    static final String[] STATUSES = {"open", "shipped", "delivered", "returned", "cancelled"};
    static final String[] CATEGORIES = {
        "tools", "garden", "kitchen", "books", "toys", "office", "sports", "audio",
    };
    static final String[] WORDS = {
        "the", "quick", "sturdy", "compact", "deluxe", "classic", "wooden", "steel",
        "portable", "handmade", "premium", "basic", "set", "of", "with", "and",
        "extra", "large", "small", "blue", "green", "red", "folding", "electric",
    };

    static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String name(Lcg rnd) {
        StringBuilder first = new StringBuilder();
        StringBuilder last = new StringBuilder();
        for (int i = 0, n = 2 + rnd.next(2); i < n; i++) first.append(rnd.pick(SYLLABLES));
        for (int i = 0, n = 2 + rnd.next(3); i < n; i++) last.append(rnd.pick(SYLLABLES));
        return capitalized(first.toString()) + " " + capitalized(last.toString());
    }

    /** A product description with irregular spacing (for normalize-space). */
    static String description(Lcg rnd) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0, n = 3 + rnd.next(7); i < n; i++) {
            sb.append(i == 0 ? "" : rnd.next(5) == 0 ? "   " : " ");
            sb.append(rnd.pick(WORDS));
        }
        return rnd.next(4) == 0 ? "  " + sb + " " : sb.toString();
    }

    /** Escapes the characters XML text and attribute values cannot hold. */
    static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
    }

    /** Builds order book number k: customers, then orders with line items. */
    static String document(int k) {
        Lcg rnd = new Lcg(0x5eed_0000L + k * 7919L);
        StringBuilder sb = new StringBuilder(ORDERS_PER_DOC * 400);
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<orderbook doc=\"").append(k).append("\">\n");
        sb.append(" <customers>\n");
        for (int c = 1; c <= CUSTOMERS_PER_DOC; c++) {
            sb.append(String.format(Locale.ROOT, "  <customer id=\"C%03d\" tier=\"%s\">", c, rnd.pick(TIERS)));
            sb.append("<name>").append(xml(name(rnd))).append("</name>");
            sb.append("<city>").append(rnd.pick(CITIES)).append("</city>");
            sb.append("</customer>\n");
        }
        sb.append(" </customers>\n <orders>\n");
        for (int o = 1; o <= ORDERS_PER_DOC; o++) {
            sb.append(String.format(Locale.ROOT,
                "  <order id=\"O%05d\" customer=\"C%03d\" date=\"%04d-%02d-%02d\" status=\"%s\">\n",
                k * 100000 + o, 1 + rnd.next(CUSTOMERS_PER_DOC), 2020 + rnd.next(4),
                1 + rnd.next(12), 1 + rnd.next(28), rnd.pick(STATUSES)));
            for (int i = 0, n = 1 + rnd.next(5); i < n; i++) {
                String category = rnd.pick(CATEGORIES);
                int cents = 99 + rnd.next(25000);
                sb.append(String.format(Locale.ROOT,
                    "   <item sku=\"%s-%04d\" category=\"%s\" qty=\"%d\" price=\"%d.%02d\">%s</item>\n",
                    category.substring(0, 3).toUpperCase(), rnd.next(10000), category,
                    1 + rnd.next(9), cents / 100, cents % 100, xml(description(rnd))));
            }
            if (rnd.next(6) == 0) {
                sb.append("   <note>").append(xml(description(rnd))).append("</note>\n");
            }
            sb.append("  </order>\n");
        }
        sb.append(" </orders>\n</orderbook>\n");
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: XalanDriver XSL_DIR OUT_DIR N");
            System.exit(2);
        }
        File xslDir = new File(args[0]);
        File outDir = new File(args[1]);
        int n = Integer.parseInt(args[2]);
        outDir.mkdirs();

        // Xalan's own (interpretive) TransformerFactory, chosen explicitly.
        TransformerFactory factory = new org.apache.xalan.processor.TransformerFactoryImpl();

        // Compile every stylesheet once, in name order: stylesheet parsing,
        // XPath compilation and the Templates object tree.
        File[] xslFiles = xslDir.listFiles((dir, file) -> file.endsWith(".xsl"));
        if (xslFiles == null || xslFiles.length == 0) {
            throw new IOException("no .xsl files in " + xslDir);
        }
        Arrays.sort(xslFiles);
        List<String> names = new ArrayList<>();
        List<Templates> templates = new ArrayList<>();
        for (File f : xslFiles) {
            names.add(f.getName().substring(0, f.getName().length() - 4));
            templates.add(factory.newTemplates(new StreamSource(f)));
        }

        // Transform each document with each stylesheet: DTM construction from
        // Xerces SAX events, template matching, keys, sorting and serialization.
        for (int k = 1; k <= n; k++) {
            String doc = document(k);
            for (int s = 0; s < templates.size(); s++) {
                Transformer t = templates.get(s).newTransformer();
                t.setParameter("doc-label", "document " + k + " of " + n);
                File out = new File(outDir, "doc" + k + "-" + names.get(s) + ".xml");
                try (OutputStream os = new FileOutputStream(out)) {
                    StreamSource src = new StreamSource(new StringReader(doc));
                    src.setSystemId("memory:doc" + k);
                    t.transform(src, new StreamResult(os));
                }
                System.out.println(out.getName() + " " + out.length());
            }
        }
    }
}
