package diff.lang;

// Subtype checks in compiled code: instanceof and checkcast against classes
// at every depth of a chain deeper than the VM's display of primary supers
// (8), against interfaces, arrays and Object, with receivers of many classes
// at one site (more than its inline cache holds), and failing casts, the
// last ones with their messages. The checking methods run hundreds of times
// first, so with the JIT they are compiled after their classes are resolved.
public class JitSubtypes {
    interface Shape {}
    interface Round extends Shape {}
    static class L0 {}
    static class L1 extends L0 {}
    static class L2 extends L1 implements Shape {}
    static class L3 extends L2 {}
    static class L4 extends L3 {}
    static class L5 extends L4 implements Round {}
    static class L6 extends L5 {}
    static class L7 extends L6 {}
    static class L8 extends L7 {}
    static class L9 extends L8 {}
    static class L10 extends L9 {}
    static class L11 extends L10 {}
    static class Side extends L3 {}
    static class Far extends L9 {}

    static int mask(Object o) {
        int m = 0;
        if (o instanceof Object) m |= 1;
        if (o instanceof L0) m |= 1 << 1;
        if (o instanceof L1) m |= 1 << 2;
        if (o instanceof L3) m |= 1 << 3;
        if (o instanceof L6) m |= 1 << 4;
        if (o instanceof L7) m |= 1 << 5;
        if (o instanceof L8) m |= 1 << 6;
        if (o instanceof L9) m |= 1 << 7;
        if (o instanceof L11) m |= 1 << 8;
        if (o instanceof Side) m |= 1 << 9;
        if (o instanceof Far) m |= 1 << 10;
        if (o instanceof Shape) m |= 1 << 11;
        if (o instanceof Round) m |= 1 << 12;
        if (o instanceof Object[]) m |= 1 << 13;
        if (o instanceof L3[]) m |= 1 << 14;
        if (o instanceof Number) m |= 1 << 15;
        if (o instanceof String) m |= 1 << 16;
        return m;
    }

    static Object cast(Object o, int which) {
        switch (which) {
            case 0: return (L1) o;
            case 1: return (L6) o;
            case 2: return (L9) o;
            case 3: return (L11) o;
            case 4: return (Side) o;
            case 5: return (Round) o;
            default: return (Integer) o;
        }
    }

    // The hot loop counts failed casts without reading their messages:
    // HotSpot's C2 throws a message-less exception at a site hot with them.
    static int tryCast(Object o, int which) {
        try {
            return cast(o, which) == null ? 1 : 2;
        } catch (ClassCastException e) {
            return 3;
        }
    }

    // Its own cast sites, cold on HotSpot (-Xcomp compiles them here).
    static String castMessage(Object o, int which) {
        try {
            switch (which) {
                case 0: return "L1 " + (((L1) o) != null);
                case 1: return "L6 " + (((L6) o) != null);
                case 2: return "L9 " + (((L9) o) != null);
                case 3: return "L11 " + (((L11) o) != null);
                case 4: return "Side " + (((Side) o) != null);
                case 5: return "Round " + (((Round) o) != null);
                default: return "Integer " + (((Integer) o) != null);
            }
        } catch (ClassCastException e) {
            return "CCE " + e.getMessage();
        }
    }

    public static void main(String[] args) {
        Object[] objects = {
            new Object(), new L0(), new L1(), new L2(), new L3(), new L4(), new L5(), new L6(),
            new L7(), new L8(), new L9(), new L10(), new L11(), new Side(), new Far(),
            new L3[1], new L11[2], new Object[0], new int[3], "s", 7, 2.5, null,
        };
        long sum = 0;
        for (int round = 0; round < 400; round++) {
            for (Object o : objects) {
                sum += mask(o);
                for (int w = 0; w <= 6; w++) sum = sum * 3 + tryCast(o, w);
            }
        }
        System.out.println("sum " + sum);
        for (Object o : objects) {
            String name = o == null ? "null" : o.getClass().getName();
            StringBuilder line = new StringBuilder(name + " " + Integer.toBinaryString(mask(o)));
            for (int w = 0; w <= 6; w++) line.append(" | ").append(castMessage(o, w));
            System.out.println(line);
        }
    }
}
