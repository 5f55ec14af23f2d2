package diff.reflect;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

// A larger reflection-heavy program: an annotation-driven JSON serializer and
// deserializer (fields, getters, records, enums, arrays, generic lists and
// maps, nested objects), with a small JSON parser, round-tripping objects.
public class JsonMapper {
    @Retention(RetentionPolicy.RUNTIME) @Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
    public @interface JsonName { String value(); }

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.FIELD)
    public @interface JsonIgnore {}

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE)
    public @interface JsonType { String value() default ""; boolean sorted() default true; }

    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.METHOD)
    public @interface JsonGetter { String value(); }

    public enum Role { ADMIN, USER, GUEST }

    @JsonType("address")
    public static class Address {
        public String street;
        public int number;
        @JsonName("zip_code") public String zip;
        public Address() {}
        public Address(String street, int number, String zip) { this.street = street; this.number = number; this.zip = zip; }
    }

    public record Point(int x, @JsonName("why") int y) {}

    @JsonType(value = "user", sorted = false)
    public static class User {
        public long id;
        public String name;
        public Role role;
        public boolean active;
        public double score;
        public char initial;
        public Address address;
        public List<String> tags = new ArrayList<String>();
        public Map<String, Integer> counters = new TreeMap<String, Integer>();
        public int[] lucky;
        public Point[] path;
        public List<Address> history = new ArrayList<Address>();
        @JsonIgnore public String password = "hunter2";
        public transient int cache = 99;
        public static int INSTANCES = 0;
        public Integer maybe;
        private String secret = "s";

        @JsonGetter("display")
        public String display() { return new StringBuilder(name).append('#').append(id).toString(); }
    }

    // ---- writer --------------------------------------------------------------
    static final Comparator<Field> BY_NAME = new Comparator<Field>() {
        public int compare(Field a, Field b) { return a.getName().compareTo(b.getName()); }
    };

    static String jsonName(java.lang.reflect.AnnotatedElement e, String dflt) {
        JsonName n = e.getAnnotation(JsonName.class);
        return n != null ? n.value() : dflt;
    }

    static List<Field> serializableFields(Class<?> c) {
        List<Field> out = new ArrayList<Field>();
        for (Field f : c.getDeclaredFields()) {
            int m = f.getModifiers();
            if (Modifier.isStatic(m) || Modifier.isTransient(m) || !Modifier.isPublic(m)) continue;
            if (f.isAnnotationPresent(JsonIgnore.class)) continue;
            out.add(f);
        }
        JsonType jt = c.getAnnotation(JsonType.class);
        if (jt == null || jt.sorted()) {
            out.sort(BY_NAME);
        } else {
            // "unsorted" means declaration order; getDeclaredFields has no
            // specified order, so recover it from the class's source order
            // through a sort by a fixed list of names.
            final List<String> order = Arrays.asList("id", "name", "role", "active", "score", "initial", "address",
                    "tags", "counters", "lucky", "path", "history", "maybe");
            out.sort(new Comparator<Field>() {
                public int compare(Field a, Field b) { return order.indexOf(a.getName()) - order.indexOf(b.getName()); }
            });
        }
        return out;
    }

    static void writeString(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\\') sb.append('\\').append(ch);
            else if (ch == '\n') sb.append("\\n");
            else if (ch < 0x20) sb.append(String.format("\\u%04x", (int) ch));
            else sb.append(ch);
        }
        sb.append('"');
    }

    static void write(StringBuilder sb, Object o) throws Exception {
        if (o == null) { sb.append("null"); return; }
        Class<?> c = o.getClass();
        if (o instanceof String) { writeString(sb, (String) o); return; }
        if (o instanceof Character) { writeString(sb, o.toString()); return; }
        if (o instanceof Number || o instanceof Boolean) { sb.append(o); return; }
        if (c.isEnum()) { writeString(sb, ((Enum<?>) o).name()); return; }
        if (c.isArray()) {
            sb.append('[');
            for (int i = 0; i < Array.getLength(o); i++) {
                if (i > 0) sb.append(',');
                write(sb, Array.get(o, i));
            }
            sb.append(']');
            return;
        }
        if (o instanceof List) {
            sb.append('[');
            boolean first = true;
            for (Object e : (List<?>) o) {
                if (!first) sb.append(',');
                first = false;
                write(sb, e);
            }
            sb.append(']');
            return;
        }
        if (o instanceof Map) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                if (!first) sb.append(',');
                first = false;
                writeString(sb, String.valueOf(e.getKey()));
                sb.append(':');
                write(sb, e.getValue());
            }
            sb.append('}');
            return;
        }
        sb.append('{');
        boolean first = true;
        JsonType jt = c.getAnnotation(JsonType.class);
        if (jt != null && !jt.value().isEmpty()) {
            sb.append("\"@type\":");
            writeString(sb, jt.value());
            first = false;
        }
        if (c.isRecord()) {
            for (java.lang.reflect.RecordComponent rc : c.getRecordComponents()) {
                if (!first) sb.append(',');
                first = false;
                writeString(sb, jsonName(rc, rc.getName()));
                sb.append(':');
                write(sb, rc.getAccessor().invoke(o));
            }
        } else {
            for (Field f : serializableFields(c)) {
                if (!first) sb.append(',');
                first = false;
                writeString(sb, jsonName(f, f.getName()));
                sb.append(':');
                write(sb, f.get(o));
            }
            Method[] ms = c.getMethods();
            Arrays.sort(ms, new Comparator<Method>() {
                public int compare(Method a, Method b) { return a.getName().compareTo(b.getName()); }
            });
            for (Method m : ms) {
                JsonGetter g = m.getAnnotation(JsonGetter.class);
                if (g == null) continue;
                if (!first) sb.append(',');
                first = false;
                writeString(sb, g.value());
                sb.append(':');
                write(sb, m.invoke(o));
            }
        }
        sb.append('}');
    }

    static String toJson(Object o) throws Exception {
        StringBuilder sb = new StringBuilder();
        write(sb, o);
        return sb.toString();
    }

    // ---- parser --------------------------------------------------------------
    static final class Parser {
        final String s;
        int pos;
        Parser(String s) { this.s = s; }

        void ws() { while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) pos++; }

        Object value() {
            ws();
            char ch = s.charAt(pos);
            if (ch == '{') {
                pos++;
                Map<String, Object> m = new LinkedHashMap<String, Object>();
                ws();
                if (s.charAt(pos) == '}') { pos++; return m; }
                while (true) {
                    ws();
                    String k = (String) value();
                    ws();
                    expect(':');
                    m.put(k, value());
                    ws();
                    if (s.charAt(pos) == ',') { pos++; continue; }
                    expect('}');
                    return m;
                }
            }
            if (ch == '[') {
                pos++;
                List<Object> l = new ArrayList<Object>();
                ws();
                if (s.charAt(pos) == ']') { pos++; return l; }
                while (true) {
                    l.add(value());
                    ws();
                    if (s.charAt(pos) == ',') { pos++; continue; }
                    expect(']');
                    return l;
                }
            }
            if (ch == '"') {
                pos++;
                StringBuilder sb = new StringBuilder();
                while (s.charAt(pos) != '"') {
                    char c = s.charAt(pos++);
                    if (c == '\\') {
                        char e = s.charAt(pos++);
                        if (e == 'n') sb.append('\n');
                        else if (e == 'u') { sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16)); pos += 4; }
                        else sb.append(e);
                    } else {
                        sb.append(c);
                    }
                }
                pos++;
                return sb.toString();
            }
            if (s.startsWith("null", pos)) { pos += 4; return null; }
            if (s.startsWith("true", pos)) { pos += 4; return Boolean.TRUE; }
            if (s.startsWith("false", pos)) { pos += 5; return Boolean.FALSE; }
            int start = pos;
            while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) pos++;
            String num = s.substring(start, pos);
            if (num.indexOf('.') >= 0 || num.indexOf('e') >= 0 || num.indexOf('E') >= 0) return Double.valueOf(num);
            return Long.valueOf(num);
        }

        void expect(char c) {
            if (s.charAt(pos) != c) {
                throw new IllegalStateException(new StringBuilder("expected ").append(c).append(" at ").append(pos).toString());
            }
            pos++;
        }
    }

    // ---- reader: JSON tree -> typed objects through reflection ---------------
    static Object convert(Object json, Type type) throws Exception {
        if (json == null) return null;
        Class<?> raw = type instanceof Class ? (Class<?>) type : (Class<?>) ((ParameterizedType) type).getRawType();
        if (raw == String.class) return json;
        if (raw == int.class || raw == Integer.class) return ((Number) json).intValue();
        if (raw == long.class || raw == Long.class) return ((Number) json).longValue();
        if (raw == double.class || raw == Double.class) return ((Number) json).doubleValue();
        if (raw == boolean.class || raw == Boolean.class) return json;
        if (raw == char.class) return ((String) json).charAt(0);
        if (raw.isEnum()) {
            Method valueOf = raw.getMethod("valueOf", String.class);
            return valueOf.invoke(null, json);
        }
        if (raw.isArray()) {
            List<?> l = (List<?>) json;
            Object a = Array.newInstance(raw.getComponentType(), l.size());
            for (int i = 0; i < l.size(); i++) Array.set(a, i, convert(l.get(i), raw.getComponentType()));
            return a;
        }
        if (raw == List.class) {
            Type elem = ((ParameterizedType) type).getActualTypeArguments()[0];
            List<Object> out = new ArrayList<Object>();
            for (Object e : (List<?>) json) out.add(convert(e, elem));
            return out;
        }
        if (raw == Map.class) {
            Type val = ((ParameterizedType) type).getActualTypeArguments()[1];
            Map<String, Object> out = new TreeMap<String, Object>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) json).entrySet()) out.put((String) e.getKey(), convert(e.getValue(), val));
            return out;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> obj = (Map<String, Object>) json;
        if (raw.isRecord()) {
            java.lang.reflect.RecordComponent[] rcs = raw.getRecordComponents();
            Class<?>[] types = new Class<?>[rcs.length];
            Object[] values = new Object[rcs.length];
            for (int i = 0; i < rcs.length; i++) {
                types[i] = rcs[i].getType();
                values[i] = convert(obj.get(jsonName(rcs[i], rcs[i].getName())), rcs[i].getGenericType());
            }
            return raw.getDeclaredConstructor(types).newInstance(values);
        }
        Constructor<?> ctor = raw.getConstructor();
        Object target = ctor.newInstance();
        for (Field f : serializableFields(raw)) {
            String key = jsonName(f, f.getName());
            if (!obj.containsKey(key)) continue;
            f.set(target, convert(obj.get(key), f.getGenericType()));
        }
        return target;
    }

    public static void main(String[] args) throws Exception {
        User u = new User();
        u.id = 42;
        u.name = "Ada \"the first\"\nLovelace";
        u.role = Role.ADMIN;
        u.active = true;
        u.score = 99.5;
        u.initial = 'A';
        u.address = new Address("Main St", 12, "0123");
        u.tags.add("math");
        u.tags.add("engines");
        u.counters.put("logins", 3);
        u.counters.put("edits", 17);
        u.lucky = new int[] {7, 13};
        u.path = new Point[] {new Point(0, 0), new Point(3, -4)};
        u.history.add(new Address("Old Rd", 1, "999"));
        u.maybe = null;
        String json = toJson(u);
        System.out.println(json);
        Object tree = new Parser(json).value();
        System.out.println(tree);
        User back = (User) convert(tree, User.class);
        String again = toJson(back);
        System.out.println(again);
        System.out.println(new StringBuilder("round trip equal: ").append(json.equals(again)));
        System.out.println(new StringBuilder("back.password (ignored) = ").append(back.password)
                .append(", cache (transient) = ").append(back.cache).append(", role class = ").append(back.role.getClass().getSimpleName()));
        Object[] samples = {new int[0], new String[] {"a", null}, Role.GUEST, new Point(1, 2), 3.25, 'x', List.of(1, 2, 3),
                new Address(), new long[][] {{1}, {2, 3}}};
        for (Object s : samples) System.out.println(new StringBuilder(s.getClass().getSimpleName()).append(" -> ").append(toJson(s)));
        try {
            convert(new Parser("{\"id\":1,\"role\":\"ROOT\"}").value(), User.class);
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println(new StringBuilder("bad enum: ").append(e.getCause()));
        }
        try {
            convert(new Parser("{\"name\":5}").value(), User.class);
        } catch (IllegalArgumentException e) {
            System.out.println(new StringBuilder("bad type: ").append(e.getMessage()));
        }
        try {
            new Parser("{\"a\" 1}").value();
        } catch (IllegalStateException e) {
            System.out.println(new StringBuilder("bad json: ").append(e.getMessage()));
        }
    }
}
