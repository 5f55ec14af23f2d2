package diff.reflect;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

// A larger reflection-heavy program: a small dependency-injection container
// (constructor and field injection by annotations, singletons, interface
// bindings, cycles detected) with logging and timing interceptors built from
// java.lang.reflect.Proxy, and reflective lifecycle callbacks.
public class Injector {
    @Retention(RetentionPolicy.RUNTIME) @Target({ElementType.CONSTRUCTOR, ElementType.FIELD})
    public @interface Inject {}

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE)
    public @interface Singleton {}

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE)
    public @interface Logged { String prefix() default "log"; }

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD)
    public @interface PostConstruct {}

    @Retention(RetentionPolicy.RUNTIME) @Target({ElementType.FIELD, ElementType.PARAMETER})
    public @interface Named { String value(); }

    public interface Clock { long now(); }
    public interface Repository { String load(int id); void save(int id, String v); int size(); }
    public interface Service { String describe(int id); void rename(int id, String name); }

    public static class FixedClock implements Clock {
        long t = 1000;
        public long now() { return t += 10; }
    }

    @Singleton
    @Logged(prefix = "repo")
    public static class MemoryRepository implements Repository {
        final Map<Integer, String> data = new HashMap<Integer, String>();
        @Inject Clock clock;
        boolean started;
        @PostConstruct void start() { started = true; data.put(1, "one"); data.put(2, "two"); }
        public String load(int id) {
            String v = data.get(id);
            if (v == null) throw new IllegalArgumentException(new StringBuilder("no id ").append(id).toString());
            return v;
        }
        public void save(int id, String v) { data.put(id, v); }
        public int size() { return data.size(); }
    }

    @Logged
    public static class DefaultService implements Service {
        final Repository repo;
        final Clock clock;
        @Inject @Named("greeting") String greeting;
        @Inject
        public DefaultService(Repository repo, Clock clock) { this.repo = repo; this.clock = clock; }
        public String describe(int id) {
            return new StringBuilder(greeting).append(' ').append(repo.load(id)).append(" @").append(clock.now()).toString();
        }
        public void rename(int id, String name) { repo.save(id, name); }
    }

    public static class CycleA { @Inject public CycleA(CycleB b) {} }
    public static class CycleB { @Inject public CycleB(CycleA a) {} }
    public static class NoCtor { private NoCtor(int x) {} }

    static final List<String> log = new ArrayList<String>();

    static final class Container {
        final Map<Class<?>, Class<?>> bindings = new HashMap<Class<?>, Class<?>>();
        final Map<Class<?>, Object> singletons = new HashMap<Class<?>, Object>();
        final Map<String, Object> named = new HashMap<String, Object>();
        final List<Class<?>> resolving = new ArrayList<Class<?>>();

        <T> void bind(Class<T> iface, Class<? extends T> impl) { bindings.put(iface, impl); }

        @SuppressWarnings("unchecked")
        <T> T get(Class<T> type) throws Exception {
            Class<?> impl = bindings.containsKey(type) ? bindings.get(type) : type;
            if (singletons.containsKey(impl)) return (T) singletons.get(impl);
            if (resolving.contains(impl)) {
                StringBuilder sb = new StringBuilder("cycle:");
                for (Class<?> c : resolving) sb.append(' ').append(c.getSimpleName());
                sb.append(' ').append(impl.getSimpleName());
                throw new IllegalStateException(sb.toString());
            }
            resolving.add(impl);
            try {
                Object instance = construct(impl);
                injectFields(instance);
                callPostConstruct(instance);
                Object result = instance;
                Logged logged = impl.getAnnotation(Logged.class);
                if (logged != null && type.isInterface()) result = wrap(type, instance, logged.prefix());
                if (impl.isAnnotationPresent(Singleton.class)) singletons.put(impl, result);
                return (T) result;
            } finally {
                resolving.remove(impl);
            }
        }

        Object construct(Class<?> impl) throws Exception {
            Constructor<?> chosen = null;
            for (Constructor<?> c : impl.getDeclaredConstructors()) {
                if (c.isAnnotationPresent(Inject.class)) chosen = c;
            }
            if (chosen == null) chosen = impl.getDeclaredConstructor();
            Class<?>[] types = chosen.getParameterTypes();
            Object[] args = new Object[types.length];
            for (int i = 0; i < types.length; i++) args[i] = get(types[i]);
            chosen.setAccessible(true);
            log.add(new StringBuilder("new ").append(impl.getSimpleName()).append(" with ").append(types.length).append(" args").toString());
            return chosen.newInstance(args);
        }

        void injectFields(Object instance) throws Exception {
            for (Class<?> c = instance.getClass(); c != Object.class; c = c.getSuperclass()) {
                Field[] fs = c.getDeclaredFields();
                java.util.Arrays.sort(fs, new java.util.Comparator<Field>() {
                    public int compare(Field a, Field b) { return a.getName().compareTo(b.getName()); }
                });
                for (Field f : fs) {
                    if (!f.isAnnotationPresent(Inject.class) || Modifier.isStatic(f.getModifiers())) continue;
                    Named n = f.getAnnotation(Named.class);
                    Object value = n != null ? named.get(n.value()) : get(f.getType());
                    f.setAccessible(true);
                    f.set(instance, value);
                    log.add(new StringBuilder("inject ").append(c.getSimpleName()).append('.').append(f.getName()).toString());
                }
            }
        }

        void callPostConstruct(Object instance) throws Exception {
            for (Method m : instance.getClass().getDeclaredMethods()) {
                if (m.isAnnotationPresent(PostConstruct.class)) {
                    m.setAccessible(true);
                    m.invoke(instance);
                    log.add(new StringBuilder("postConstruct ").append(m.getName()).toString());
                }
            }
        }

        Object wrap(Class<?> iface, final Object target, final String prefix) {
            return Proxy.newProxyInstance(iface.getClassLoader(), new Class<?>[] {iface}, new InvocationHandler() {
                public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
                    StringBuilder sb = new StringBuilder(prefix).append(": ").append(m.getName());
                    if (args != null) sb.append(java.util.Arrays.toString(args));
                    try {
                        Object r = m.invoke(target, args);
                        log.add(sb.append(" -> ").append(r).toString());
                        return r;
                    } catch (InvocationTargetException e) {
                        log.add(sb.append(" threw ").append(e.getCause()).toString());
                        throw e.getCause();
                    }
                }
            });
        }
    }

    public static void main(String[] args) throws Exception {
        Container c = new Container();
        c.bind(Clock.class, FixedClock.class);
        c.bind(Repository.class, MemoryRepository.class);
        c.bind(Service.class, DefaultService.class);
        c.named.put("greeting", "Hello");
        Service s = c.get(Service.class);
        System.out.println(s.describe(1));
        s.rename(2, "deux");
        System.out.println(s.describe(2));
        try {
            s.describe(3);
        } catch (IllegalArgumentException e) {
            System.out.println(new StringBuilder("caught ").append(e.getMessage()));
        }
        Repository r1 = c.get(Repository.class);
        Repository r2 = c.get(Repository.class);
        System.out.println(new StringBuilder("singleton ").append(r1 == r2).append(" size ").append(r1.size()));
        Service s2 = c.get(Service.class);
        System.out.println(new StringBuilder("service not singleton ").append(s != s2));
        System.out.println(new StringBuilder("proxy ").append(Proxy.isProxyClass(s.getClass())).append(" implements ")
                .append(s instanceof Service));
        try {
            c.get(CycleA.class);
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
        try {
            c.get(NoCtor.class);
        } catch (NoSuchMethodException e) {
            System.out.println(new StringBuilder("no ctor: ").append(e.getMessage()));
        }
        for (String line : log) System.out.println(line);
    }
}
