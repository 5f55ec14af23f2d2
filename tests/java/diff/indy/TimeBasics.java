package diff.indy;

import java.time.*;
import java.time.format.*;
import java.time.temporal.*;
import java.util.*;
import java.util.stream.*;

/** java.time with fixed dates only: arithmetic, periods, durations, formatting, parsing. */
public class TimeBasics {
  public static void main(String[] args) {
    LocalDate d = LocalDate.of(2024, 2, 28);
    System.out.println(d + " plusDays(1) " + d.plusDays(1) + " plusDays(2) " + d.plusDays(2) + " leap " + d.isLeapYear() + " lengthOfMonth " + d.lengthOfMonth());
    System.out.println("dayOfWeek " + d.getDayOfWeek() + " dayOfYear " + d.getDayOfYear() + " epochDay " + d.toEpochDay());
    System.out.println("plusMonths " + LocalDate.of(2023, 1, 31).plusMonths(1) + " minusYears " + LocalDate.of(2024, 2, 29).minusYears(1));
    System.out.println("with " + d.with(TemporalAdjusters.lastDayOfMonth()) + " " + d.with(TemporalAdjusters.next(DayOfWeek.MONDAY))
        + " " + d.with(TemporalAdjusters.firstInMonth(DayOfWeek.FRIDAY)) + " " + d.withDayOfMonth(1));
    LocalDate a = LocalDate.of(1969, 7, 20), b = LocalDate.of(2024, 3, 15);
    Period p = Period.between(a, b);
    System.out.println("period " + p + " years " + p.getYears() + " months " + p.getMonths() + " days " + p.getDays()
        + " totalMonths " + p.toTotalMonths());
    System.out.println("ChronoUnit days " + ChronoUnit.DAYS.between(a, b) + " weeks " + ChronoUnit.WEEKS.between(a, b) + " until " + a.until(b, ChronoUnit.MONTHS));
    System.out.println("period arithmetic " + Period.of(1, 14, 40).normalized() + " " + Period.ofWeeks(3) + " " + Period.parse("P2Y3M4D").plusDays(10)
        + " " + b.minus(Period.ofMonths(13)));
    LocalDateTime dt = LocalDateTime.of(2021, 12, 31, 23, 59, 30, 123_000_000);
    System.out.println(dt + " plusSeconds(45) " + dt.plusSeconds(45) + " truncated " + dt.truncatedTo(ChronoUnit.HOURS));
    LocalTime t = LocalTime.of(9, 5);
    System.out.println("time " + t + " plus " + t.plusMinutes(130) + " minus " + t.minusHours(10) + " secondOfDay " + t.toSecondOfDay()
        + " isBefore " + t.isBefore(LocalTime.NOON) + " " + LocalTime.MIDNIGHT + " " + LocalTime.MAX);
    Duration du = Duration.between(LocalDateTime.of(2020, 1, 1, 8, 0), LocalDateTime.of(2020, 1, 3, 10, 30, 15));
    System.out.println("duration " + du + " hours " + du.toHours() + " minutes " + du.toMinutes() + " part " + du.toHoursPart() + ":" + du.toMinutesPart()
        + ":" + du.toSecondsPart() + " days " + du.toDays());
    System.out.println("duration ops " + Duration.ofMinutes(90).plusSeconds(30) + " " + Duration.ofMillis(1500) + " " + Duration.ofSeconds(-61)
        + " " + Duration.parse("PT1H30M").multipliedBy(3) + " " + Duration.ofDays(2).dividedBy(3) + " neg " + Duration.ofHours(1).negated().isNegative());
    Instant i = Instant.ofEpochSecond(1_700_000_000L, 500);
    System.out.println("instant " + i + " epochMilli " + i.toEpochMilli() + " plus " + i.plus(1, ChronoUnit.DAYS) + " EPOCH " + Instant.EPOCH);
    ZonedDateTime z = ZonedDateTime.of(dt, ZoneOffset.UTC);
    System.out.println("zoned UTC " + z + " offset+5:30 " + z.withZoneSameInstant(ZoneOffset.ofHoursMinutes(5, 30)) + " epochSecond " + z.toEpochSecond());
    OffsetDateTime odt = OffsetDateTime.of(2022, 6, 1, 12, 0, 0, 0, ZoneOffset.ofHours(-7));
    System.out.println("offset " + odt + " toInstant " + odt.toInstant() + " atUTC " + odt.withOffsetSameInstant(ZoneOffset.UTC));
    DateTimeFormatter f1 = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss.SSS", Locale.ROOT);
    DateTimeFormatter f2 = DateTimeFormatter.ofPattern("EEEE d MMMM uuuu, h:mm a", Locale.US);
    DateTimeFormatter f3 = DateTimeFormatter.ofPattern("EEE dd-MMM-yy QQQ 'week' w", Locale.US);
    System.out.println("format " + dt.format(f1) + " | " + dt.format(f2) + " | " + dt.format(f3));
    System.out.println("ISO " + dt.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME) + " " + d.format(DateTimeFormatter.ISO_DATE) + " " + d.format(DateTimeFormatter.BASIC_ISO_DATE)
        + " " + z.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME) + " " + d.format(DateTimeFormatter.ISO_WEEK_DATE) + " " + d.format(DateTimeFormatter.ISO_ORDINAL_DATE));
    System.out.println("parse " + LocalDate.parse("2000-02-29") + " " + LocalDateTime.parse("2019-05-06T07:08:09") + " "
        + LocalDate.parse("05/06/2007", DateTimeFormatter.ofPattern("dd/MM/yyyy")) + " " + LocalTime.parse("23:15") + " " + Duration.parse("P1DT2H"));
    for (String bad : List.of("2021-02-29", "2021-13-01", "not a date", "2021-1-1")) {
      try {
        System.out.println("parsed " + LocalDate.parse(bad));
      } catch (DateTimeParseException e) {
        System.out.println("DateTimeParseException: " + e.getMessage());
      }
    }
    try {
      LocalDate.of(2023, 2, 29);
    } catch (DateTimeException e) {
      System.out.println("DateTimeException: " + e.getMessage());
    }
    System.out.println("YearMonth " + YearMonth.of(2024, 2).lengthOfMonth() + " " + YearMonth.of(2023, 12).plusMonths(1) + " Year " + Year.of(1900).isLeap()
        + " " + Year.of(2000).isLeap() + " MonthDay " + MonthDay.of(2, 29).isValidYear(2023));
    System.out.println("Month " + Month.FEBRUARY.plus(11) + " " + Month.of(7).getDisplayName(TextStyle.SHORT, Locale.US) + " DayOfWeek "
        + DayOfWeek.SUNDAY.plus(1) + " " + DayOfWeek.WEDNESDAY.getDisplayName(TextStyle.FULL, Locale.US));
    List<LocalDate> dates = Stream.iterate(LocalDate.of(2024, 1, 1), x -> x.plusWeeks(5)).limit(11).toList();
    System.out.println("dates " + dates);
    System.out.println("datesUntil count " + LocalDate.of(2024, 1, 1).datesUntil(LocalDate.of(2024, 3, 1)).count()
        + " fridays13 " + LocalDate.of(2020, 1, 13).datesUntil(LocalDate.of(2026, 1, 1), Period.ofMonths(1)).filter(x -> x.getDayOfWeek() == DayOfWeek.FRIDAY).toList());
    Map<DayOfWeek, Long> histogram = LocalDate.of(2024, 1, 1).datesUntil(LocalDate.of(2025, 1, 1))
        .collect(Collectors.groupingBy(LocalDate::getDayOfWeek, TreeMap::new, Collectors.counting()));
    System.out.println("weekday histogram 2024 " + histogram);
    List<LocalDateTime> sorted = new ArrayList<>(List.of(dt, dt.minusDays(3), dt.plusHours(5), dt.minusNanos(1)));
    Collections.sort(sorted);
    System.out.println("sorted " + sorted + " max " + Collections.max(sorted));
    System.out.println("compare " + a.compareTo(b) + " isAfter " + b.isAfter(a) + " equals " + LocalDate.of(2020, 1, 1).equals(LocalDate.parse("2020-01-01"))
        + " hash " + LocalDate.of(2020, 1, 1).hashCode());
    System.out.println("fields " + dt.get(ChronoField.ALIGNED_WEEK_OF_YEAR) + " " + dt.getLong(ChronoField.NANO_OF_DAY) + " " + d.range(ChronoField.DAY_OF_MONTH)
        + " " + dt.isSupported(ChronoUnit.HOURS) + " " + d.isSupported(ChronoUnit.HOURS));
    System.out.println("fixed clock " + LocalDate.now(Clock.fixed(Instant.parse("2030-05-05T10:00:00Z"), ZoneOffset.UTC)) + " "
        + LocalTime.now(Clock.fixed(Instant.parse("2030-05-05T10:00:00Z"), ZoneOffset.ofHours(2))));
  }
}
