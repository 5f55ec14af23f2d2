package diff.lib;

import java.math.*;

public class BigNums {
    public static void main(String[] args) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= 100; i++) f = f.multiply(BigInteger.valueOf(i));
        System.out.println("100! = " + f);
        System.out.println("bitLength=" + f.bitLength() + " bitCount=" + f.bitCount() + " lowestSetBit=" + f.getLowestSetBit());
        BigInteger two = BigInteger.TWO;
        BigInteger p = two.pow(521).subtract(BigInteger.ONE);
        System.out.println("M521 = " + p);
        System.out.println("M521 probablePrime=" + p.isProbablePrime(20));
        System.out.println("hex=" + f.toString(16));
        System.out.println("radix36=" + f.toString(36) + " radix2 len=" + f.toString(2).length());
        BigInteger a = new BigInteger("123456789012345678901234567890");
        BigInteger b = new BigInteger("987654321098765432109876543210");
        System.out.println("a*b=" + a.multiply(b) + " b/a=" + b.divide(a) + " b%a=" + b.mod(a) + " gcd=" + a.gcd(b));
        BigInteger[] qr = b.negate().divideAndRemainder(a);
        System.out.println("qr=" + qr[0] + "," + qr[1]);
        System.out.println("modPow=" + a.modPow(b, p) + " modInverse=" + a.modInverse(p));
        System.out.println("shift=" + a.shiftLeft(70) + " " + a.shiftRight(33) + " " + a.negate().shiftRight(5));
        System.out.println("and/or/xor=" + a.and(b) + " " + a.or(b) + " " + a.xor(b) + " not=" + a.not());
        System.out.println("cmp=" + a.compareTo(b) + " signum=" + a.negate().signum() + " sqrt=" + b.sqrt() + " abs=" + a.negate().abs());
        System.out.println("fromHex=" + new BigInteger("-deadbeefcafebabe1234", 16) + " longValue=" + f.longValue() + " intValue=" + f.intValue() + " doubleValue=" + f.doubleValue());
        System.out.println("toByteArray len=" + a.toByteArray().length + " first=" + a.toByteArray()[0]);
        BigInteger fib1 = BigInteger.ZERO, fib2 = BigInteger.ONE;
        for (int i = 0; i < 300; i++) { BigInteger t = fib1.add(fib2); fib1 = fib2; fib2 = t; }
        System.out.println("fib300=" + fib1);
        System.out.println("nextProbablePrime=" + BigInteger.valueOf(1000000).nextProbablePrime() + " 2^200 big prime=" + two.pow(200).nextProbablePrime());
        try { BigInteger.ONE.divide(BigInteger.ZERO); } catch (ArithmeticException e) { System.out.println("div0: " + e.getMessage()); }

        BigDecimal x = new BigDecimal("123.4567");
        BigDecimal y = new BigDecimal("7.89");
        System.out.println("x+y=" + x.add(y) + " x-y=" + x.subtract(y) + " x*y=" + x.multiply(y) + " scale=" + x.multiply(y).scale());
        System.out.println("x/y 10=" + x.divide(y, 10, RoundingMode.HALF_UP) + " mc=" + x.divide(y, new MathContext(25)) + " dec128=" + x.divide(y, MathContext.DECIMAL128));
        try { BigDecimal.ONE.divide(new BigDecimal(3)); } catch (ArithmeticException e) { System.out.println("nonterminating: " + e.getMessage()); }
        RoundingMode[] modes = {RoundingMode.UP, RoundingMode.DOWN, RoundingMode.CEILING, RoundingMode.FLOOR, RoundingMode.HALF_UP, RoundingMode.HALF_DOWN, RoundingMode.HALF_EVEN};
        String[] vals = {"5.5", "2.5", "1.6", "1.1", "1.0", "-1.0", "-1.1", "-1.6", "-2.5", "-5.5"};
        for (RoundingMode m : modes) {
            StringBuilder sb = new StringBuilder(m + ":");
            for (String v : vals) sb.append(' ').append(new BigDecimal(v).setScale(0, m));
            System.out.println(sb);
        }
        try { new BigDecimal("2.5").setScale(0, RoundingMode.UNNECESSARY); } catch (ArithmeticException e) { System.out.println("unnecessary: " + e.getMessage()); }
        BigDecimal big = new BigDecimal("1.23E+10");
        System.out.println("big=" + big + " plain=" + big.toPlainString() + " eng=" + big.toEngineeringString() + " unscaled=" + big.unscaledValue() + " scale=" + big.scale() + " precision=" + big.precision());
        System.out.println("strip=" + new BigDecimal("100.000").stripTrailingZeros() + " " + new BigDecimal("100.000").stripTrailingZeros().toPlainString() + " eq=" + new BigDecimal("2.0").equals(new BigDecimal("2.00")) + " cmp=" + new BigDecimal("2.0").compareTo(new BigDecimal("2.00")));
        System.out.println("valueOf double=" + BigDecimal.valueOf(0.1) + " new double=" + new BigDecimal(0.1) + " small=" + new BigDecimal("0.000000123"));
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = 1; i <= 50; i++) sum = sum.add(BigDecimal.ONE.divide(BigDecimal.valueOf(i), 30, RoundingMode.HALF_EVEN));
        System.out.println("H50=" + sum + " round=" + sum.round(new MathContext(8)) + " pow=" + new BigDecimal("1.01").pow(100) + " sqrt2=" + BigDecimal.valueOf(2).sqrt(new MathContext(50)));
        System.out.println("movePoint=" + x.movePointLeft(6) + " " + x.movePointRight(2) + " neg=" + x.negate() + " max=" + x.max(y) + " remainder=" + x.remainder(y) + " intValueExact=" + new BigDecimal("42.000").intValueExact());
    }
}
