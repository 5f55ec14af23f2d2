package diff.apps;

import java.util.*;
import java.util.function.*;
import java.util.regex.*;
import java.util.stream.*;

/** A text indexer over generated documents: seeded Random, TreeMap inverted index, TF-IDF, queries, tables. */
public class TextIndexer {
  record Doc(int id, String title, String body) {}

  record Posting(int doc, List<Integer> positions) {}

  record Hit(int doc, double score) {}

  static final String[] VOCAB = ("river mountain forest city ocean storm light shadow engine garden library market "
      + "winter summer signal network harbor bridge tower valley desert island castle machine silver copper paper "
      + "stone glass music number letter window").split(" ");
  static final String[] STOP = {"the", "a", "of", "and", "in", "to", "with"};
  static final Set<String> STOPWORDS = Set.of(STOP);

  static List<Doc> generate(long seed, int n) {
    Random r = new Random(seed);
    List<Doc> docs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int sentences = 2 + r.nextInt(4);
      StringBuilder body = new StringBuilder();
      for (int s = 0; s < sentences; s++) {
        int words = 4 + r.nextInt(8);
        for (int w = 0; w < words; w++) {
          String word = r.nextInt(4) == 0 ? STOP[r.nextInt(STOP.length)] : VOCAB[(int) Math.min(VOCAB.length - 1, Math.abs(r.nextGaussian()) * 9)];
          if (w == 0) word = Character.toUpperCase(word.charAt(0)) + word.substring(1);
          body.append(word).append(w + 1 < words ? (r.nextInt(7) == 0 ? ", " : " ") : ". ");
        }
      }
      String title = VOCAB[r.nextInt(VOCAB.length)] + "-" + VOCAB[r.nextInt(VOCAB.length)] + " #" + i;
      docs.add(new Doc(i, title, body.toString().trim()));
    }
    return docs;
  }

  static final Pattern WORD = Pattern.compile("[\\p{L}]+");

  static List<String> tokens(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = WORD.matcher(text);
    while (m.find()) out.add(m.group().toLowerCase(Locale.ROOT));
    return out;
  }

  static String stem(String w) {
    if (w.endsWith("ies") && w.length() > 4) return w.substring(0, w.length() - 3) + "y";
    if (w.endsWith("s") && !w.endsWith("ss") && w.length() > 3) return w.substring(0, w.length() - 1);
    return w;
  }

  static final class Index {
    final TreeMap<String, List<Posting>> postings = new TreeMap<>();
    final Map<Integer, Integer> docLengths = new TreeMap<>();
    final List<Doc> docs;

    Index(List<Doc> docs) {
      this.docs = docs;
      for (Doc d : docs) {
        List<String> toks = tokens(d.body());
        docLengths.put(d.id(), toks.size());
        Map<String, List<Integer>> pos = new TreeMap<>();
        for (int i = 0; i < toks.size(); i++) {
          String t = stem(toks.get(i));
          if (!STOPWORDS.contains(t)) pos.computeIfAbsent(t, k -> new ArrayList<>()).add(i);
        }
        pos.forEach((term, ps) -> postings.computeIfAbsent(term, k -> new ArrayList<>()).add(new Posting(d.id(), ps)));
      }
    }

    double idf(String term) {
      int df = postings.getOrDefault(term, List.of()).size();
      return df == 0 ? 0 : Math.log((double) docs.size() / df);
    }

    List<Hit> search(String query) {
      List<String> terms = tokens(query).stream().map(TextIndexer::stem).filter(t -> !STOPWORDS.contains(t)).distinct().toList();
      Map<Integer, Double> scores = new TreeMap<>();
      for (String t : terms) {
        double idf = idf(t);
        for (Posting p : postings.getOrDefault(t, List.of())) {
          double tf = (double) p.positions().size() / docLengths.get(p.doc());
          scores.merge(p.doc(), tf * idf, Double::sum);
        }
      }
      return scores.entrySet().stream().map(e -> new Hit(e.getKey(), e.getValue()))
          .sorted(Comparator.comparingDouble(Hit::score).reversed().thenComparingInt(Hit::doc)).toList();
    }

    Set<Integer> docsWith(String term) {
      return postings.getOrDefault(stem(term), List.of()).stream().map(Posting::doc).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Boolean query: terms joined by AND / OR / NOT, evaluated left to right. */
    Set<Integer> bool(String q) {
      String[] parts = q.trim().split("\\s+");
      Set<Integer> acc = new TreeSet<>(docsWith(parts[0]));
      for (int i = 1; i + 1 < parts.length; i += 2) {
        Set<Integer> rhs = docsWith(parts[i + 1]);
        switch (parts[i]) {
          case "AND" -> acc.retainAll(rhs);
          case "OR" -> acc.addAll(rhs);
          case "NOT" -> acc.removeAll(rhs);
          default -> throw new IllegalArgumentException("unknown operator " + parts[i] + " in query '" + q + "'");
        }
      }
      return acc;
    }

    /** Phrase query via positional postings. */
    List<Integer> phrase(String phrase) {
      List<String> ts = tokens(phrase).stream().map(TextIndexer::stem).toList();
      Map<Integer, List<Integer>> candidates = new TreeMap<>();
      for (Posting p : postings.getOrDefault(ts.get(0), List.of())) candidates.put(p.doc(), p.positions());
      for (int k = 1; k < ts.size(); k++) {
        final int off = k;
        Map<Integer, Set<Integer>> next = new HashMap<>();
        for (Posting p : postings.getOrDefault(ts.get(k), List.of())) next.put(p.doc(), new HashSet<>(p.positions()));
        candidates.entrySet().removeIf(e -> !next.containsKey(e.getKey())
            || e.getValue().stream().noneMatch(start -> next.get(e.getKey()).contains(start + off)));
      }
      return new ArrayList<>(candidates.keySet());
    }
  }

  public static void main(String[] args) {
    List<Doc> docs = generate(20240601L, 60);
    for (Doc d : docs.subList(0, 4)) System.out.println("doc " + d.id() + " [" + d.title() + "]: " + d.body());
    Index idx = new Index(docs);
    System.out.println("terms " + idx.postings.size() + " first " + idx.postings.firstKey() + " last " + idx.postings.lastKey());
    int totalTokens = idx.docLengths.values().stream().mapToInt(Integer::intValue).sum();
    IntSummaryStatistics lenStats = idx.docLengths.values().stream().mapToInt(Integer::intValue).summaryStatistics();
    System.out.println("tokens " + totalTokens + " " + lenStats);
    System.out.println(String.format("%-10s %6s %6s %8s", "term", "df", "tf", "idf"));
    System.out.println("-".repeat(33));
    idx.postings.forEach((term, ps) -> {
      int tf = ps.stream().mapToInt(p -> p.positions().size()).sum();
      System.out.println(String.format(Locale.ROOT, "%-10s %6d %6d %8.4f", term, ps.size(), tf, idx.idf(term)));
    });
    Map<String, Long> stopCounts = docs.stream().flatMap(d -> tokens(d.body()).stream()).filter(STOPWORDS::contains)
        .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
    System.out.println("stopwords " + stopCounts);
    List<Map.Entry<String, Integer>> top = idx.postings.entrySet().stream()
        .map(e -> Map.entry(e.getKey(), e.getValue().stream().mapToInt(p -> p.positions().size()).sum()))
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .limit(8).toList();
    System.out.println("top terms " + top);
    for (String q : List.of("river mountain", "the storm of winter", "engine network signal", "copper", "unknown words", "Light, shadow & glass")) {
      List<Hit> hits = idx.search(q);
      System.out.println("search '" + q + "': " + hits.size() + " hits");
      hits.stream().limit(4).forEach(h -> System.out.println(String.format(Locale.ROOT, "   %3d %-26s %.5f", h.doc(), docs.get(h.doc()).title(), h.score())));
    }
    for (String q : List.of("river AND forest", "river OR ocean", "mountain NOT river", "city AND forest AND mountain", "stone OR glass NOT paper")) {
      System.out.println("bool '" + q + "' -> " + idx.bool(q));
    }
    try {
      idx.bool("river XOR forest");
    } catch (IllegalArgumentException e) {
      System.out.println("error: " + e.getMessage());
    }
    for (String p : List.of("river mountain", "forest river", "mountain forest city", "city city")) {
      System.out.println("phrase '" + p + "' -> " + idx.phrase(p));
    }
    Map<Character, List<String>> byInitial = idx.postings.keySet().stream()
        .collect(Collectors.groupingBy(t -> t.charAt(0), TreeMap::new, Collectors.toList()));
    byInitial.forEach((c, ts) -> System.out.println("  " + c + ": " + String.join(" ", ts)));
    Map<Integer, Long> sentencesPerDoc = docs.stream().collect(Collectors.groupingBy(d -> d.body().split("\\. ?").length, TreeMap::new, Collectors.counting()));
    System.out.println("sentences per doc histogram " + sentencesPerDoc);
    String longest = docs.stream().flatMap(d -> tokens(d.body()).stream()).max(Comparator.comparingInt(String::length).thenComparing(Comparator.reverseOrder())).orElse("");
    System.out.println("longest word " + longest);
    // Co-occurrence of the four most frequent terms.
    List<String> four = top.stream().limit(4).map(Map.Entry::getKey).toList();
    System.out.println(String.format("%-9s", "") + four.stream().map(t -> String.format("%9s", t)).collect(Collectors.joining()));
    for (String a : four) {
      StringBuilder row = new StringBuilder(String.format("%-9s", a));
      for (String b : four) {
        Set<Integer> both = new TreeSet<>(idx.docsWith(a));
        both.retainAll(idx.docsWith(b));
        row.append(String.format("%9d", both.size()));
      }
      System.out.println(row);
    }
    String summary = docs.stream().filter(d -> d.id() % 10 == 0).map(d -> d.id() + ":" + tokens(d.body()).size()).collect(Collectors.joining(", ", "{", "}"));
    System.out.println("sampled lengths " + summary);
    extraReports(docs, idx);
    clustersAndQueryLog(docs, idx);
  }

  /** Levenshtein distance by dynamic programming. */
  static int editDistance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) d[i][0] = i;
    for (int j = 0; j <= b.length(); j++) d[0][j] = j;
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
      }
    }
    return d[a.length()][b.length()];
  }

  /** Suggests the closest indexed terms for a misspelled word. */
  static List<String> suggest(Index idx, String word, int max) {
    return idx.postings.keySet().stream()
        .map(t -> Map.entry(t, editDistance(word, t)))
        .filter(e -> e.getValue() <= 2)
        .sorted(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
        .limit(max).map(e -> e.getKey() + "(" + e.getValue() + ")").toList();
  }

  /** Term-frequency vector of one document. */
  static Map<String, Integer> vector(Doc d) {
    Map<String, Integer> v = new TreeMap<>();
    tokens(d.body()).stream().map(TextIndexer::stem).filter(t -> !STOPWORDS.contains(t)).forEach(t -> v.merge(t, 1, Integer::sum));
    return v;
  }

  static double cosine(Map<String, Integer> a, Map<String, Integer> b) {
    double dot = a.entrySet().stream().mapToDouble(e -> e.getValue() * b.getOrDefault(e.getKey(), 0)).sum();
    double na = Math.sqrt(a.values().stream().mapToDouble(x -> x * x).sum());
    double nb = Math.sqrt(b.values().stream().mapToDouble(x -> x * x).sum());
    return na == 0 || nb == 0 ? 0 : dot / (na * nb);
  }

  /** A snippet of the body around the first query term, with matches in brackets. */
  static String snippet(Doc d, Set<String> terms, int width) {
    List<String> words = Arrays.asList(d.body().split(" "));
    int first = 0;
    for (int i = 0; i < words.size(); i++) {
      String w = stem(words.get(i).replaceAll("\\P{L}", "").toLowerCase(Locale.ROOT));
      if (terms.contains(w)) {
        first = i;
        break;
      }
    }
    int from = Math.max(0, first - width / 2), to = Math.min(words.size(), from + width);
    return (from > 0 ? "... " : "") + words.subList(from, to).stream()
        .map(w -> terms.contains(stem(w.replaceAll("\\P{L}", "").toLowerCase(Locale.ROOT))) ? "[" + w + "]" : w)
        .collect(Collectors.joining(" ")) + (to < words.size() ? " ..." : "");
  }

  static void extraReports(List<Doc> docs, Index idx) {
    for (String typo : List.of("rivr", "mountian", "citty", "oceans", "xyzzy", "windw")) {
      System.out.println("suggest '" + typo + "' -> " + suggest(idx, typo, 3));
    }
    Map<String, Long> bigrams = docs.stream().flatMap(d -> {
      List<String> t = tokens(d.body()).stream().filter(w -> !STOPWORDS.contains(w)).toList();
      return IntStream.range(0, Math.max(0, t.size() - 1)).mapToObj(i -> t.get(i) + " " + t.get(i + 1));
    }).collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
    System.out.println("distinct bigrams " + bigrams.size());
    bigrams.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey())).limit(6)
        .forEach(e -> System.out.println(String.format(Locale.ROOT, "  bigram %-22s %3d", e.getKey(), e.getValue())));
    List<Map<String, Integer>> vecs = docs.subList(0, 6).stream().map(TextIndexer::vector).toList();
    System.out.println("cosine similarity of the first six documents:");
    for (int i = 0; i < vecs.size(); i++) {
      StringBuilder row = new StringBuilder(String.format("  doc %d", i));
      for (int j = 0; j < vecs.size(); j++) row.append(String.format(Locale.ROOT, " %5.3f", cosine(vecs.get(i), vecs.get(j))));
      System.out.println(row);
    }
    Set<String> q = Set.of("river", "storm");
    idx.search("river storm").stream().limit(3).forEach(h -> System.out.println("  snippet " + h.doc() + ": " + snippet(docs.get(h.doc()), q, 8)));
    List<Map.Entry<String, Integer>> ranked = idx.postings.entrySet().stream()
        .map(e -> Map.entry(e.getKey(), e.getValue().stream().mapToInt(p -> p.positions().size()).sum()))
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey())).toList();
    System.out.println(String.format("%4s %-10s %6s %10s", "rank", "term", "freq", "rank*freq"));
    for (int r = 0; r < Math.min(10, ranked.size()); r++) {
      Map.Entry<String, Integer> e = ranked.get(r);
      System.out.println(String.format("%4d %-10s %6d %10d", r + 1, e.getKey(), e.getValue(), (r + 1) * e.getValue()));
    }
  }

  /** Groups documents by their dominant term and replays a query log through a memoizing cache. */
  static void clustersAndQueryLog(List<Doc> docs, Index idx) {
    Map<String, List<Integer>> clusters = new TreeMap<>();
    for (Doc d : docs) {
      String top = vector(d).entrySet().stream()
          .max(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
          .map(Map.Entry::getKey).orElse("-");
      clusters.computeIfAbsent(top, k -> new ArrayList<>()).add(d.id());
    }
    clusters.forEach((term, ids) -> System.out.println(String.format("  cluster %-9s %2d docs %s", term, ids.size(),
        ids.size() > 6 ? ids.subList(0, 6) + "..." : ids)));
    Map<String, List<Hit>> cache = new HashMap<>();
    int[] misses = {0};
    Function<String, List<Hit>> cached = q -> cache.computeIfAbsent(q.toLowerCase(Locale.ROOT).strip(), k -> {
      misses[0]++;
      return idx.search(k);
    });
    Random r = new Random(99);
    List<String> log = new ArrayList<>();
    for (int i = 0; i < 40; i++) log.add(VOCAB[r.nextInt(6)] + (r.nextBoolean() ? " " + VOCAB[r.nextInt(6)] : "") + (r.nextInt(5) == 0 ? "  " : ""));
    long totalHits = log.stream().map(cached).mapToLong(List::size).sum();
    System.out.println("query log: " + log.size() + " queries, " + misses[0] + " cache misses, " + cache.size() + " cached, total hits " + totalHits);
    String best = cache.entrySet().stream().max(Comparator.comparingInt((Map.Entry<String, List<Hit>> e) -> e.getValue().size())
        .thenComparing(Map.Entry.comparingByKey())).map(e -> e.getKey() + " (" + e.getValue().size() + ")").orElse("-");
    System.out.println("query with most hits: " + best);
  }
}
