package diff.reflect;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

// A larger reflection-heavy program: a small JUnit-like test framework that
// discovers test classes and methods by annotations, runs lifecycle methods
// (static and instance, inherited), parameterized tests from method sources,
// expected exceptions, disabled tests, timeouts on an executor, and prints a
// report with failure causes unwrapped from InvocationTargetException.
public class TestRunner {
    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD) @interface Test {
        Class<? extends Throwable> expected() default None.class;
        long timeoutMillis() default 0;
    }
    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD) @interface BeforeEach {}
    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD) @interface AfterEach {}
    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD) @interface BeforeAll {}
    @Retention(RetentionPolicy.RUNTIME) @Target({ElementType.METHOD, ElementType.TYPE}) @interface Disabled { String value(); }
    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD) @interface Source { String value(); }
    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE) @interface Suite { String value(); }

    static final class None extends Throwable {}

    static void check(boolean cond, String message) {
        if (!cond) throw new AssertionError(message);
    }

    static abstract class BaseTests {
        protected List<String> events = new ArrayList<>();
        @BeforeEach void baseSetUp() { events.add("base-before"); }
        @AfterEach void baseTearDown() { events.add("base-after"); }
        @Test void inheritedTest() { check(events.contains("base-before"), "base setup ran"); }
    }

    @Suite("math")
    public static class MathTests extends BaseTests {
        static int beforeAllCount;
        int counter;
        @BeforeAll static void once() { beforeAllCount++; }
        @BeforeEach void setUp() { counter = 10; events.add("before"); }
        @Test void addition() { check(counter + 5 == 15, "10 + 5"); }
        @Test void failing() { check(counter * 2 == 21, "expected 21 but was " + counter * 2); }
        @Test(expected = ArithmeticException.class) void divideByZero() { int z = counter - 10; System.out.print(""); int r = counter / z; }
        @Test(expected = ArithmeticException.class) void missingException() { }
        @Test(expected = IllegalStateException.class) void wrongException() { throw new UnsupportedOperationException("nope"); }
        @Test @Disabled("flaky") void disabled() { throw new RuntimeException("must not run"); }
        @Test @Source("squares") void squares(int n, int sq) { check(n * n == sq, n + "^2 != " + sq); }
        static Stream<Object[]> squares() { return Stream.of(new Object[] {2, 4}, new Object[] {3, 9}, new Object[] {4, 15}); }
        @Test(timeoutMillis = 5000) void quick() throws Exception { Thread.sleep(1); }
        @Test void throwsChecked() throws Exception { throw new java.io.IOException("disk full"); }
        void notATest() { throw new RuntimeException("never"); }
    }

    @Suite("strings")
    public static class StringTests {
        @Test void upper() { check("abc".toUpperCase().equals("ABC"), "upper"); }
        @Test void nullPointer() { String s = null; s.length(); }
        @Test @Source("words") void lengths(String w, int len) { check(w.length() == len, w); }
        static List<Object[]> words() { return List.of(new Object[] {"one", 3}, new Object[] {"three", 5}); }
    }

    @Disabled("whole class")
    public static class DisabledTests {
        @Test void never() { throw new RuntimeException(); }
    }

    static final Map<String, Integer> totals = new LinkedHashMap<>();

    static void count(String what) { totals.merge(what, 1, Integer::sum); }

    static List<Method> annotated(Class<?> c, Class<? extends java.lang.annotation.Annotation> a) {
        List<Method> out = new ArrayList<>();
        for (Class<?> k = c; k != Object.class; k = k.getSuperclass()) {
            Method[] ms = k.getDeclaredMethods();
            Arrays.sort(ms, Comparator.comparing(Method::getName));
            for (Method m : ms) if (m.isAnnotationPresent(a)) { m.setAccessible(true); out.add(m); }
        }
        return out;
    }

    static Throwable unwrap(Throwable t) {
        return t instanceof InvocationTargetException ? t.getCause() : t;
    }

    static void runOne(Object instance, Method test, Object[] args, String label, ExecutorService pool) throws Exception {
        Test spec = test.getAnnotation(Test.class);
        List<Method> befores = annotated(instance.getClass(), BeforeEach.class);
        java.util.Collections.reverse(befores);  // superclass first
        for (Method b : befores) b.invoke(instance);
        Throwable failure = null;
        try {
            if (spec.timeoutMillis() > 0) {
                Future<?> f = pool.submit(() -> { test.invoke(instance, args); return null; });
                try {
                    f.get(spec.timeoutMillis(), TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause();
                }
            } else {
                test.invoke(instance, args);
            }
        } catch (Throwable t) {
            failure = unwrap(t);
        }
        for (Method a : annotated(instance.getClass(), AfterEach.class)) a.invoke(instance);
        String result;
        if (spec.expected() != None.class) {
            if (failure == null) result = "FAIL expected " + spec.expected().getSimpleName();
            else if (spec.expected().isInstance(failure)) result = "ok (threw " + failure.getClass().getSimpleName() + ")";
            else result = "FAIL wrong exception " + failure;
        } else {
            result = failure == null ? "ok" : "FAIL " + failure;
        }
        count(result.startsWith("ok") ? "passed" : "failed");
        System.out.println("  " + label + ": " + result);
    }

    static void runClass(Class<?> c, ExecutorService pool) throws Exception {
        Suite suite = c.getAnnotation(Suite.class);
        System.out.println("class " + c.getSimpleName() + (suite != null ? " suite=" + suite.value() : ""));
        Disabled classDisabled = c.getAnnotation(Disabled.class);
        if (classDisabled != null) {
            System.out.println("  skipped: " + classDisabled.value());
            count("skipped");
            return;
        }
        for (Method m : annotated(c, BeforeAll.class)) {
            check(Modifier.isStatic(m.getModifiers()), "BeforeAll must be static");
            m.invoke(null);
        }
        for (Method test : annotated(c, Test.class)) {
            Disabled d = test.getAnnotation(Disabled.class);
            if (d != null) {
                System.out.println("  " + test.getName() + ": skipped (" + d.value() + ")");
                count("skipped");
                continue;
            }
            Source src = test.getAnnotation(Source.class);
            if (src == null) {
                runOne(c.getDeclaredConstructor().newInstance(), test, new Object[0], test.getName(), pool);
                continue;
            }
            Method source = c.getDeclaredMethod(src.value());
            source.setAccessible(true);
            Object rows = source.invoke(null);
            List<?> list = rows instanceof Stream ? ((Stream<?>) rows).toList() : (List<?>) rows;
            for (Object row : list) {
                Object[] args = (Object[]) row;
                runOne(c.getDeclaredConstructor().newInstance(), test, args, test.getName() + Arrays.toString(args), pool);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            for (Class<?> c : new Class<?>[] {MathTests.class, StringTests.class, DisabledTests.class}) runClass(c, pool);
        } finally {
            pool.shutdown();
        }
        System.out.println("beforeAll ran " + MathTests.beforeAllCount);
        System.out.println("totals " + totals);
        MathTests probe = new MathTests();
        Method inherited = MathTests.class.getSuperclass().getDeclaredMethod("inheritedTest");
        System.out.println("inherited test declared in " + inherited.getDeclaringClass().getSimpleName()
                + ", test annotation " + inherited.getAnnotation(Test.class).annotationType().getSimpleName()
                + ", expected default " + inherited.getAnnotation(Test.class).expected().getSimpleName());
        System.out.println("probe events before " + probe.events);
    }
}
