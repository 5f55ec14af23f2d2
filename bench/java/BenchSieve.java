// Array loads and stores in tight loops: the sieve of Eratosthenes, repeated.
public class BenchSieve {
    static int sieve(int limit) {
        boolean[] composite = new boolean[limit + 1];
        int count = 0;
        for (int i = 2; i <= limit; i++) {
            if (composite[i]) continue;
            count++;
            for (long j = (long) i * i; j <= limit; j += i) composite[(int) j] = true;
        }
        return count;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int primes = 0;
        for (int r = 0; r < rounds; r++) primes = sieve(200_000);
        System.out.println(primes + " primes below 200000, " + rounds + " rounds");
    }
}
