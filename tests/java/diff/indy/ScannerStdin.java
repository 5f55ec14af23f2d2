package diff.indy;

import java.util.*;
import java.util.stream.*;

/** Scanner over System.in (tests/java/stdin/diff.indy.ScannerStdin.txt): a tiny grade book. */
public class ScannerStdin {
  record Grade(String student, String course, int score) {}

  public static void main(String[] args) {
    Scanner in = new Scanner(System.in);
    int n = in.nextInt();
    in.nextLine();
    List<Grade> grades = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String line = in.nextLine().trim();
      if (line.isEmpty() || line.startsWith("#")) {
        System.out.println("skipping [" + line + "]");
        i--;
        continue;
      }
      String[] f = line.split("\\s+");
      grades.add(new Grade(f[0], f[1], Integer.parseInt(f[2])));
      System.out.println("grade " + grades.get(grades.size() - 1));
    }
    System.out.println("read " + grades.size() + " grades");
    Map<String, Double> avg = grades.stream().collect(Collectors.groupingBy(Grade::student, TreeMap::new, Collectors.averagingInt(Grade::score)));
    avg.forEach((s, a) -> System.out.printf(Locale.ROOT, "%-8s %6.2f %s%n", s, a, "*".repeat((int) (a / 10))));
    Map<String, IntSummaryStatistics> byCourse = grades.stream().collect(Collectors.groupingBy(Grade::course, TreeMap::new, Collectors.summarizingInt(Grade::score)));
    byCourse.forEach((c, st) -> System.out.println(c + " min " + st.getMin() + " max " + st.getMax() + " n " + st.getCount()));
    List<String> rest = new ArrayList<>();
    while (in.hasNext()) {
      if (in.hasNextInt()) rest.add("int:" + in.nextInt());
      else if (in.hasNextDouble()) rest.add("double:" + in.nextDouble());
      else if (in.hasNextBoolean()) rest.add("bool:" + in.nextBoolean());
      else rest.add("word:" + in.next());
    }
    System.out.println("trailing tokens " + rest);
    System.out.println("top " + grades.stream().sorted(Comparator.comparingInt(Grade::score).reversed().thenComparing(Grade::student)).limit(3).toList());
  }
}
