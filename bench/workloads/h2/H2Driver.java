// H2 workload for minijvm: an in-memory SQL database driven through JDBC
// from several threads.
//
//   java -cp /usr/share/java/h2.jar:CLASSES H2Driver N THREADS
//
// sizes: small N=150 THREADS=2, large N=800 THREADS=4
//
// N is the number of customers each thread inserts (each customer has 1-6
// orders of 1-5 items). Phase 1 creates the schema; phase 2 loads the data
// from THREADS threads, each with its own connection and its own key range;
// phase 3 runs queries, updates and a rolled-back transaction from THREADS
// threads again, each touching only its own key range where it writes or
// reads written columns, so that every result is deterministic; phase 4
// checks the final state from the main thread. Every worker collects its
// lines in its own list; the main thread prints them in thread order after
// joining all workers. Results are ordered by every column printed.

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

public class H2Driver {

    static final String URL = "jdbc:h2:mem:bench;DB_CLOSE_DELAY=-1";

    /** Customer ids of thread t are t*ID_SPAN+1 .. t*ID_SPAN+N; orders and
     *  items derive their keys from them, so threads never collide. */
    static final int ID_SPAN = 1_000_000;

    static final String[] CITIES = {
        "Aarhus", "Bergen", "Cork", "Delft", "Espoo", "Faro", "Graz", "Hamar", "Ipswich", "Jena",
    };
    static final String[] PRODUCTS = {
        "anvil", "bolt", "chisel", "drill", "easel", "file", "gauge", "hammer", "jack", "knife",
        "ladder", "mallet", "nail", "plane", "rasp", "saw", "tape", "vise", "wrench", "yardstick",
    };
    static final String[] STATUSES = {"NEW", "PAID", "SHIPPED", "CLOSED"};

    /** 64-bit linear congruential generator (Knuth's MMIX constants). */
    static final class Lcg {
        private long state;

        Lcg(long seed) {
            state = seed;
        }

        int next(int bound) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            return (int) ((state >>> 33) % bound);
        }
    }

    /** A worker thread body that appends its output lines to a list. */
    interface Work {
        void run(Connection c, int thread, List<String> out) throws SQLException;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: H2Driver N THREADS");
            System.exit(2);
        }
        int n = Integer.parseInt(args[0]);
        int threads = Integer.parseInt(args[1]);

        // Keep one connection open for the whole run (and the final checks).
        try (Connection main = DriverManager.getConnection(URL, "sa", "")) {
            createSchema(main);
            print("load", runThreads(threads, (c, t, out) -> load(c, t, n, out)));
            print("query", runThreads(threads, (c, t, out) -> queries(c, t, n, out)));
            print("final", List.of(finalChecks(main)));
            try (Statement s = main.createStatement()) {
                s.execute("SHUTDOWN");
            }
        }
    }

    /** DDL: three tables, a foreign key each, secondary indexes. */
    static void createSchema(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL,"
                + " city VARCHAR(20) NOT NULL, tier INT NOT NULL, balance DECIMAL(12,2) NOT NULL)");
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY,"
                + " customer_id INT NOT NULL REFERENCES customers(id),"
                + " odate DATE NOT NULL, status VARCHAR(10) NOT NULL)");
            s.execute("CREATE TABLE items (order_id BIGINT NOT NULL REFERENCES orders(id),"
                + " line INT NOT NULL, product VARCHAR(20) NOT NULL, qty INT NOT NULL,"
                + " price DECIMAL(10,2) NOT NULL, PRIMARY KEY (order_id, line))");
            s.execute("CREATE INDEX orders_customer ON orders(customer_id)");
            s.execute("CREATE INDEX items_product ON items(product)");
            s.execute("CREATE INDEX customers_city_tier ON customers(city, tier)");
        }
    }

    /** Runs one Work per thread, each on its own connection; returns the
     *  threads' output lists in thread order. */
    static List<List<String>> runThreads(int threads, Work work) throws Exception {
        List<List<String>> outputs = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        Throwable[] failure = new Throwable[threads];
        for (int t = 0; t < threads; t++) {
            List<String> out = new ArrayList<>();
            outputs.add(out);
            int id = t;
            Thread worker = new Thread(() -> {
                try (Connection c = DriverManager.getConnection(URL, "sa", "")) {
                    work.run(c, id, out);
                } catch (Throwable e) {
                    failure[id] = e;
                }
            }, "worker-" + t);
            workers.add(worker);
            worker.start();
        }
        for (Thread w : workers) w.join();
        for (Throwable e : failure) {
            if (e != null) throw new RuntimeException("worker failed", e);
        }
        return outputs;
    }

    static void print(String phase, List<List<String>> outputs) {
        for (int t = 0; t < outputs.size(); t++) {
            System.out.println("== " + phase + " thread " + t);
            for (String line : outputs.get(t)) System.out.println(line);
        }
    }

    /** Phase 2: batched inserts with a commit every 50 customers. */
    static void load(Connection c, int t, int n, List<String> out) throws SQLException {
        Lcg rnd = new Lcg(1000 + t);
        c.setAutoCommit(false);
        int orders = 0, items = 0;
        try (PreparedStatement pc = c.prepareStatement("INSERT INTO customers VALUES (?, ?, ?, ?, ?)");
             PreparedStatement po = c.prepareStatement("INSERT INTO orders VALUES (?, ?, DATEADD(DAY, ?, DATE '2022-01-01'), ?)");
             PreparedStatement pi = c.prepareStatement("INSERT INTO items VALUES (?, ?, ?, ?, ?)")) {
            for (int i = 1; i <= n; i++) {
                int cid = t * ID_SPAN + i;
                pc.setInt(1, cid);
                pc.setString(2, "cust-" + t + "-" + Integer.toString(i * 7919 % 100003, 36));
                pc.setString(3, CITIES[rnd.next(CITIES.length)]);
                pc.setInt(4, 1 + rnd.next(3));
                pc.setBigDecimal(5, BigDecimal.valueOf(rnd.next(500000), 2));
                pc.executeUpdate();
                for (int o = 1, no = 1 + rnd.next(6); o <= no; o++) {
                    long oid = cid * 10L + o;
                    po.setLong(1, oid);
                    po.setInt(2, cid);
                    po.setInt(3, rnd.next(730));
                    po.setString(4, STATUSES[rnd.next(STATUSES.length)]);
                    po.addBatch();
                    orders++;
                    for (int l = 1, nl = 1 + rnd.next(5); l <= nl; l++) {
                        pi.setLong(1, oid);
                        pi.setInt(2, l);
                        pi.setString(3, PRODUCTS[rnd.next(PRODUCTS.length)]);
                        pi.setInt(4, 1 + rnd.next(12));
                        pi.setBigDecimal(5, BigDecimal.valueOf(50 + rnd.next(20000), 2));
                        pi.addBatch();
                        items++;
                    }
                }
                po.executeBatch();
                pi.executeBatch();
                if (i % 50 == 0) c.commit();
            }
            c.commit();
        }
        out.add("inserted customers=" + n + " orders=" + orders + " items=" + items);
    }

    /** Phase 3: reads, an update and a rolled-back transaction. */
    static void queries(Connection c, int t, int n, List<String> out) throws SQLException {
        int lo = t * ID_SPAN + 1, hi = t * ID_SPAN + n;

        // Three-way join with GROUP BY over this thread's customers.
        query(c, out, "join: revenue by city",
            "SELECT c.city, COUNT(DISTINCT o.id) AS orders, SUM(i.qty) AS units,"
                + " SUM(i.qty * i.price) AS revenue"
                + " FROM customers c JOIN orders o ON o.customer_id = c.id"
                + " JOIN items i ON i.order_id = o.id"
                + " WHERE c.id BETWEEN ? AND ? GROUP BY c.city ORDER BY c.city", lo, hi);

        // Aggregates over the whole (read-only in this phase) items table.
        query(c, out, "aggregate: products",
            "SELECT product, COUNT(*), SUM(qty), MIN(price), MAX(price),"
                + " CAST(AVG(price) AS DECIMAL(10,3)) FROM items"
                + " GROUP BY product HAVING COUNT(*) > ? ORDER BY product", n / 10);

        query(c, out, "aggregate: months by status",
            "SELECT EXTRACT(YEAR FROM odate) AS y, EXTRACT(QUARTER FROM odate) AS q, status, COUNT(*)"
                + " FROM orders WHERE customer_id BETWEEN ? AND ?"
                + " GROUP BY y, q, status ORDER BY y, q, status", lo, hi);

        // Correlated subquery and IN / EXISTS subqueries.
        query(c, out, "subquery: top spenders",
            "SELECT c.id, c.name, t.total FROM customers c JOIN ("
                + "  SELECT o.customer_id AS cid, SUM(i.qty * i.price) AS total"
                + "  FROM orders o JOIN items i ON i.order_id = o.id"
                + "  WHERE o.customer_id BETWEEN ? AND ? GROUP BY o.customer_id) t ON t.cid = c.id"
                + " WHERE t.total > (SELECT 2 * AVG(qty * price) * 5 FROM items)"
                + " ORDER BY t.total DESC, c.id LIMIT 8", lo, hi);
        query(c, out, "subquery: customers with a large drill order",
            "SELECT COUNT(*) FROM customers c WHERE c.id BETWEEN ? AND ? AND EXISTS ("
                + " SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.id IN ("
                + "  SELECT order_id FROM items WHERE product = 'drill' AND qty >= 10))", lo, hi);

        // Index lookups in a loop: primary key and secondary index.
        long checksum = 0;
        int found = 0;
        try (PreparedStatement byId = c.prepareStatement("SELECT name, tier, balance FROM customers WHERE id = ?");
             PreparedStatement byCustomer = c.prepareStatement(
                 "SELECT COUNT(*), COALESCE(MAX(odate), DATE '1970-01-01') FROM orders WHERE customer_id = ?")) {
            Lcg rnd = new Lcg(77 + t);
            for (int k = 0; k < 4 * n; k++) {
                int id = lo + rnd.next(n + n / 10); // some ids miss
                byId.setInt(1, id);
                try (ResultSet rs = byId.executeQuery()) {
                    if (rs.next()) {
                        found++;
                        checksum = checksum * 31 + rs.getString(1).hashCode() + rs.getInt(2)
                            + rs.getBigDecimal(3).unscaledValue().longValue();
                    }
                }
                byCustomer.setInt(1, id);
                try (ResultSet rs = byCustomer.executeQuery()) {
                    rs.next();
                    checksum = checksum * 17 + rs.getInt(1) + rs.getDate(2).toLocalDate().toEpochDay();
                }
            }
        }
        out.add("lookups: found=" + found + " checksum=" + checksum);

        // UPDATE with a subquery, committed (autocommit).
        try (PreparedStatement up = c.prepareStatement(
                "UPDATE customers SET balance = balance + 10.50, tier = LEAST(tier + 1, 3)"
                    + " WHERE id BETWEEN ? AND ? AND id IN (SELECT customer_id FROM orders"
                    + " WHERE status = 'CLOSED' AND customer_id BETWEEN ? AND ?)")) {
            up.setInt(1, lo);
            up.setInt(2, hi);
            up.setInt(3, lo);
            up.setInt(4, hi);
            out.add("update: rows=" + up.executeUpdate());
        }
        query(c, out, "after update: tiers",
            "SELECT tier, COUNT(*), SUM(balance) FROM customers WHERE id BETWEEN ? AND ?"
                + " GROUP BY tier ORDER BY tier", lo, hi);

        // A transaction that deletes, inserts and updates, then rolls back.
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            int deleted = s.executeUpdate("DELETE FROM items WHERE order_id IN (SELECT id FROM orders"
                + " WHERE customer_id BETWEEN " + lo + " AND " + hi + ") AND product = 'nail'");
            int inserted = s.executeUpdate("INSERT INTO orders SELECT id * 10 + 9, customer_id, odate, 'NEW'"
                + " FROM orders WHERE customer_id BETWEEN " + lo + " AND " + (lo + 20) + " AND MOD(id, 10) = 1");
            int updated = s.executeUpdate("UPDATE customers SET balance = 0 WHERE id BETWEEN " + lo + " AND " + hi);
            out.add("transaction: deleted=" + deleted + " inserted=" + inserted + " updated=" + updated);
            query(c, out, "inside transaction",
                "SELECT COUNT(*), SUM(balance) FROM customers WHERE id BETWEEN ? AND ?", lo, hi);
            c.rollback();
        }
        c.setAutoCommit(true);
        query(c, out, "after rollback",
            "SELECT (SELECT COUNT(*) FROM items WHERE product = 'nail' AND order_id BETWEEN ? AND ?),"
                + " (SELECT COUNT(*) FROM orders WHERE customer_id BETWEEN ? AND ?),"
                + " (SELECT SUM(balance) FROM customers WHERE id BETWEEN ? AND ?)",
            lo * 10L, hi * 10L + 9, lo, hi, lo, hi);
    }

    /** Phase 4: the state after all workers, from the main connection. */
    static List<String> finalChecks(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        query(c, out, "totals",
            "SELECT (SELECT COUNT(*) FROM customers), (SELECT COUNT(*) FROM orders),"
                + " (SELECT COUNT(*) FROM items), (SELECT SUM(balance) FROM customers)");
        query(c, out, "cities by tier",
            "SELECT city, tier, COUNT(*), SUM(balance) FROM customers"
                + " GROUP BY city, tier ORDER BY city, tier");
        query(c, out, "window: best product per city",
            "SELECT city, product, units FROM ("
                + " SELECT c.city, i.product, SUM(i.qty) AS units,"
                + "  RANK() OVER (PARTITION BY c.city ORDER BY SUM(i.qty) DESC, i.product) AS r"
                + " FROM customers c JOIN orders o ON o.customer_id = c.id"
                + " JOIN items i ON i.order_id = o.id GROUP BY c.city, i.product)"
                + " WHERE r = 1 ORDER BY city");
        return out;
    }

    /** Runs a parameterized query and appends a title line and one line per row. */
    static void query(Connection c, List<String> out, String title, String sql, Object... params)
            throws SQLException {
        out.add("-- " + title);
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) ps.setObject(i + 1, params[i]);
            try (ResultSet rs = ps.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                while (rs.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int col = 1; col <= md.getColumnCount(); col++) {
                        if (col > 1) row.append(" | ");
                        row.append(rs.getString(col));
                    }
                    out.add(row.toString());
                }
            }
        }
    }
}
