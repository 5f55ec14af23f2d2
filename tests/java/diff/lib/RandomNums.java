package diff.lib;

import java.util.*;

public class RandomNums {
    public static void main(String[] args) {
        Random r = new Random(12345L);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) sb.append(r.nextInt()).append(' ');
        System.out.println("nextInt: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 10; i++) sb.append(r.nextInt(1000)).append(' ');
        System.out.println("nextInt(1000): " + sb);
        sb.setLength(0);
        for (int i = 0; i < 5; i++) sb.append(r.nextLong()).append(' ');
        System.out.println("nextLong: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 5; i++) sb.append(r.nextDouble()).append(' ');
        System.out.println("nextDouble: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 5; i++) sb.append(r.nextFloat()).append(' ');
        System.out.println("nextFloat: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 6; i++) sb.append(r.nextGaussian()).append(' ');
        System.out.println("nextGaussian: " + sb);
        sb.setLength(0);
        for (int i = 0; i < 8; i++) sb.append(r.nextBoolean() ? 'T' : 'F');
        System.out.println("nextBoolean: " + sb);
        byte[] bytes = new byte[12];
        r.nextBytes(bytes);
        System.out.println("nextBytes: " + Arrays.toString(bytes));
        r.setSeed(1);
        System.out.println("reseeded: " + r.nextInt(10) + " " + r.nextInt(10) + " " + r.nextInt(1 << 20));
        int[] hist = new int[10];
        Random h = new Random(2024);
        for (int i = 0; i < 100000; i++) hist[h.nextInt(10)]++;
        System.out.println("hist=" + Arrays.toString(hist));
        double sum = 0, sq = 0;
        for (int i = 0; i < 10000; i++) { double gx = h.nextGaussian(); sum += gx; sq += gx * gx; }
        System.out.println("gauss sum=" + sum + " sq=" + sq);
        // Monte Carlo pi, deterministic
        Random m = new Random(3);
        int inside = 0;
        for (int i = 0; i < 200000; i++) { double x = m.nextDouble(), y = m.nextDouble(); if (x * x + y * y <= 1) inside++; }
        System.out.println("pi~" + (4.0 * inside / 200000));
        System.out.println("Math: " + Math.sqrt(2) + " " + Math.pow(2.5, 3.7) + " " + Math.exp(1.3) + " " + Math.log(10) + " " + Math.log10(12345) + " " + Math.sin(1) + " " + Math.cos(2) + " " + Math.tan(0.5) + " " + Math.atan2(1, 2) + " " + Math.cbrt(27.5) + " " + Math.hypot(3, 4.5));
        System.out.println("Math2: " + Math.floorDiv(-7, 2) + " " + Math.floorMod(-7, 3) + " " + Math.abs(Integer.MIN_VALUE) + " " + Math.round(2.5) + " " + Math.round(-2.5) + " " + Math.rint(2.5) + " " + Math.ceil(-0.5) + " " + Math.signum(-3.0) + " " + Math.ulp(1.0) + " " + Math.toDegrees(1) + " " + StrictMath.sinh(0.7));
        try { Math.addExact(Integer.MAX_VALUE, 1); } catch (ArithmeticException e) { System.out.println("addExact: " + e.getMessage()); }
        try { Math.multiplyExact(1L << 40, 1L << 30); } catch (ArithmeticException e) { System.out.println("multiplyExact: " + e.getMessage()); }
        List<Integer> deck = new ArrayList<>();
        for (int i = 0; i < 20; i++) deck.add(i);
        Collections.shuffle(deck, new Random(77));
        System.out.println("deck=" + deck);
        SplittableRandom sr = new SplittableRandom(8);
        System.out.println("splittable: " + sr.nextInt(100) + " " + sr.nextLong() + " " + sr.nextDouble());
    }
}
