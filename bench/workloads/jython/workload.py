# Workload for Jython (Python 2.7): a mix of ordinary Python work, scaled by N.
#   java -Dpython.cachedir.skip=true -jar /usr/share/java/jython.jar \
#        bench/workloads/jython/workload.py N
# sizes: small 1, large 12
# Output is deterministic: pseudo-random numbers come from a fixed LCG, dict
# keys are sorted before printing, and only summaries and checksums are printed.
import re
import sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 1
if N < 1:
    N = 1

MASK = 0xffffffff


# --- Helpers: a fixed LCG (a class with state) and a 32-bit checksum ----------
class Lcg(object):
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state * 1664525 + 1013904223) & MASK
        return self.state

    def below(self, n):
        return (self.next() >> 8) % n


def mix(h, v):
    return (((h ^ (v & MASK)) * 16777619) + 0x9e3779b9) & MASK


def mix_string(h, s):
    for ch in s:
        h = mix(h, ord(ch))
    return h


# --- 1. Recursion: naive Fibonacci, memoised partitions, permutations ---------
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def partitions(n, k, memo):
    # number of partitions of n into parts of size at most k
    if n == 0:
        return 1
    if n < 0 or k == 0:
        return 0
    key = (n, k)
    if key not in memo:
        memo[key] = partitions(n - k, k, memo) + partitions(n, k - 1, memo)
    return memo[key]


def permutations(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        for rest in permutations(items[:i] + items[i + 1:]):
            yield [items[i]] + rest


def recursion_part():
    f = p = perms = 0
    h = 0
    for i in range(N):
        f += fib(17)
        p += partitions(120 + i, 120 + i, {})  # a long integer result
        for perm in permutations(range(6)):
            perms += 1
            h = mix(h, perm[0] * 7 + perm[-1])
    print "recursion: fib=%d partitions=%d perms=%d #%08x" % (f, p, perms, h)


# --- 2. Classes: inheritance, properties, special methods, closures -----------
class Vector(object):
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, o):
        return Vector(self.x + o.x, self.y + o.y)

    def __mul__(self, k):
        return Vector(self.x * k, self.y * k)

    def __eq__(self, o):
        return self.x == o.x and self.y == o.y

    def __repr__(self):
        return "V(%d,%d)" % (self.x, self.y)


class Account(object):
    count = 0

    def __init__(self, owner):
        Account.count += 1
        self.owner = owner
        self._balance = 0
        self.history = []

    @property
    def balance(self):
        return self._balance

    def deposit(self, amount):
        self._balance += amount
        self.history.append(amount)

    def withdraw(self, amount):
        if amount > self._balance:
            raise ValueError("insufficient funds")
        self._balance -= amount
        self.history.append(-amount)


class SavingsAccount(Account):
    def __init__(self, owner, rate):
        super(SavingsAccount, self).__init__(owner)
        self.rate = rate

    def add_interest(self):
        self.deposit(self._balance * self.rate // 1000)


def make_fee(percent):
    # a closure over its argument
    def fee(amount):
        return amount * percent // 100
    return fee


def classes_part():
    rng = Lcg(42)
    names = ["ann", "bob", "cid", "dot", "eve", "fay", "gus", "hal"]
    accounts = {}
    for i, name in enumerate(names):
        accounts[name] = SavingsAccount(name, 5 + i) if i % 2 else Account(name)
    fee = make_fee(3)
    refused = 0
    for step in range(1500 * N):
        a = accounts[names[rng.below(len(names))]]
        amount = rng.below(500)
        try:
            if rng.below(3) == 0:
                a.withdraw(amount + fee(amount))
            else:
                a.deposit(amount)
        except ValueError:
            refused += 1
        if step % 1000 == 999:
            for acc in accounts.values():
                if isinstance(acc, SavingsAccount):
                    acc.add_interest()
    total = sum(acc.balance for acc in accounts.values())
    longest = max(sorted(accounts), key=lambda k: len(accounts[k].history))
    pos = Vector(0, 0)
    for i in range(700 * N):
        pos = pos + Vector(rng.below(5) - 2, rng.below(5) - 2) * (1 + i % 3)
    print "classes: accounts=%d total=%d refused=%d busiest=%s walk=%r" % (
        Account.count, total, refused, longest, pos)
    print "balances: " + " ".join("%s=%d" % (k, accounts[k].balance) for k in sorted(accounts))


# --- 3. Strings, dicts and regular expressions ----------------------------------
WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
         "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi"]


def make_text(rng, lines):
    out = []
    for i in range(lines):
        line = [WORDS[rng.below(len(WORDS))] for _ in range(4 + rng.below(8))]
        line.append(str(rng.below(100000)))
        if i % 3 == 0:
            line.append("2024-%d-%d" % (1 + rng.below(12), 1 + rng.below(28)))
        if i % 5 == 0:
            line.append("%s@%s.org" % (WORDS[rng.below(16)], WORDS[rng.below(16)]))
        out.append(" ".join(line))
    return "\n".join(out)


DATE_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
MAIL_RE = re.compile(r"(\w+)@(\w+)\.org")


def text_part():
    rng = Lcg(7)
    text = make_text(rng, 150 * N)
    words = text.split()
    freq = {}
    for w in words:
        if w.isalpha():
            freq[w] = freq.get(w, 0) + 1
    top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    months = {}
    for y, m, d in DATE_RE.findall(text):
        months[int(m)] = months.get(int(m), 0) + 1
    mh = 0
    domains = {}
    for m in MAIL_RE.finditer(text):
        mh = mix_string(mh, m.group(2) + m.group(1))
        domains[m.group(2)] = domains.get(m.group(2), 0) + 1
    numsum = sum(int(x) for x in re.findall(r"\b\d+\b", text)) % 1000000007
    title = re.sub(r"\b(\w)(\w*)", lambda m: m.group(1).upper() + m.group(2), text)
    print "text: chars=%d words=%d top=%s" % (
        len(text), len(words), ",".join("%s:%d" % kv for kv in top))
    print "regex: months=%s mails=%d#%08x domains=%d numsum=%d title#%08x" % (
        "".join(str(months.get(i, 0) % 10) for i in range(1, 13)),
        sum(domains.values()), mh, len(domains), numsum, mix_string(0, title[:20000]))


# --- 4. Sorting: sorted() with keys, a hand-written quicksort, a heap ---------
def quicksort(a):
    if len(a) <= 1:
        return a
    pivot = a[len(a) // 2]
    return (quicksort([x for x in a if x < pivot]) + [x for x in a if x == pivot] +
            quicksort([x for x in a if x > pivot]))


def heap_push(heap, item):
    heap.append(item)
    i = len(heap) - 1
    while i > 0 and heap[(i - 1) // 2] > heap[i]:
        heap[(i - 1) // 2], heap[i] = heap[i], heap[(i - 1) // 2]
        i = (i - 1) // 2


def heap_pop(heap):
    top, last = heap[0], heap.pop()
    if heap:
        heap[0] = last
        i = 0
        while True:
            c = 2 * i + 1
            if c >= len(heap):
                break
            if c + 1 < len(heap) and heap[c + 1] < heap[c]:
                c += 1
            if heap[i] <= heap[c]:
                break
            heap[i], heap[c] = heap[c], heap[i]
            i = c
    return top


def sort_part():
    rng = Lcg(2024)
    people = [(WORDS[rng.below(16)] + str(rng.below(1000)), rng.below(90), i)
              for i in range(600 * N)]
    by_age = sorted(people, key=lambda p: (p[1], p[2]))
    by_name = sorted(people, key=lambda p: (p[0], p[2]), reverse=True)
    h = 0
    for p in by_age[::7] + by_name[::7]:
        h = mix(h, p[2])
    nums = [rng.next() % 100000 for _ in range(1500 * N)]
    qs = quicksort(nums)
    heap = []
    for x in nums:
        heap_push(heap, x)
    hs = [heap_pop(heap) for _ in range(len(nums))]
    print "sort: first=%s last=%s oldest=%d agree=%s median=%d #%08x" % (
        by_name[-1][0], by_name[0][0], by_age[-1][1], qs == hs == sorted(nums),
        qs[len(qs) // 2], h)


# --- 5. A tokenizer, a parser to tuples and an evaluator for a tiny language ---
# program := (IDENT '=' expr ';')*, integer arithmetic with + - * / % ( ) and
# unary minus; division truncates toward zero, results wrap to 32 bits.
TOKEN_RE = re.compile(r"\s*(?:(\d+)|([A-Za-z_]\w*)|(.))")


def tokenize(src):
    toks = []
    pos = 0
    while pos < len(src):
        m = TOKEN_RE.match(src, pos)
        pos = m.end()
        if m.group(1):
            toks.append(("num", int(m.group(1))))
        elif m.group(2):
            toks.append(("id", m.group(2)))
        elif m.group(3):
            toks.append(("op", m.group(3)))
    toks.append(("eof", None))
    return toks


class Parser(object):
    def __init__(self, toks):
        self.toks = toks
        self.pos = 0

    def peek(self):
        return self.toks[self.pos][1]

    def eat(self, expected=None):
        tok = self.toks[self.pos]
        self.pos += 1
        if expected is not None and tok[1] != expected:
            raise SyntaxError("expected %s got %s" % (expected, tok[1]))
        return tok

    def program(self):
        stmts = []
        while self.toks[self.pos][0] != "eof":
            name = self.eat()[1]
            self.eat("=")
            stmts.append((name, self.expr()))
            self.eat(";")
        return stmts

    def expr(self):
        node = self.term()
        while self.peek() in ("+", "-"):
            node = (self.eat()[1], node, self.term())
        return node

    def term(self):
        node = self.factor()
        while self.peek() in ("*", "/", "%"):
            node = (self.eat()[1], node, self.factor())
        return node

    def factor(self):
        kind, val = self.eat()
        if kind == "num":
            return ("num", val)
        if kind == "id":
            return ("var", val)
        if val == "-":
            return ("neg", self.factor())
        if val == "(":
            node = self.expr()
            self.eat(")")
            return node
        raise SyntaxError("unexpected %r" % (val,))


def wrap(v):
    v &= MASK
    return v - (1 << 32) if v & 0x80000000 else v


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


OPS = {
    "+": lambda a, b: wrap(a + b),
    "-": lambda a, b: wrap(a - b),
    "*": lambda a, b: wrap(a * b),
    "/": lambda a, b: 0 if b == 0 else wrap(tdiv(a, b)),
    "%": lambda a, b: 0 if b == 0 else wrap(a - b * tdiv(a, b)),
}


def evaluate(node, env):
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "var":
        return env.get(node[1], 0)
    if kind == "neg":
        return wrap(-evaluate(node[1], env))
    return OPS[kind](evaluate(node[1], env), evaluate(node[2], env))


def gen_expr(rng, depth, names):
    if depth == 0 or rng.below(4) == 0:
        if names and rng.below(3) == 0:
            return names[rng.below(len(names))]
        return str(rng.below(1000))
    s = "%s %s %s" % (gen_expr(rng, depth - 1, names), "+-*/%"[rng.below(5)],
                      gen_expr(rng, depth - 1, names))
    if rng.below(3) == 0:
        s = "(" + s + ")"
    if rng.below(10) == 0:
        s = "-" + s
    return s


def interpreter_part():
    rng = Lcg(99)
    h = statements = tokens = 0
    for _ in range(2 * N):
        names = []
        lines = []
        for i in range(30):
            lines.append("v%d = %s;" % (i, gen_expr(rng, 6, names)))
            names.append("v%d" % i)
        toks = tokenize("\n".join(lines))
        tokens += len(toks)
        env = {}
        for name, expr in Parser(toks).program():
            env[name] = evaluate(expr, env)
            statements += 1
        h = mix(h, env["v29"])
    print "interpreter: statements=%d tokens=%d #%08x" % (statements, tokens, h)


# --- 6. Sets, dicts of lists and generators: a graph search ----------------------
def graph_part():
    rng = Lcg(31337)
    n = 800 * N
    adj = dict((i, []) for i in range(n))
    for _ in range(n * 3):
        a, b = rng.below(n), rng.below(n)
        adj[a].append(b)
        adj[b].append(a)
    dist = {0: 0}
    frontier = [0]
    while frontier:
        nxt = []
        for cur in frontier:
            for nb in adj[cur]:
                if nb not in dist:
                    dist[nb] = dist[cur] + 1
                    nxt.append(nb)
        frontier = nxt
    hist = {}
    for d in dist.itervalues():
        hist[d] = hist.get(d, 0) + 1
    degrees = set(len(v) for v in adj.values())
    print "graph: reached=%d/%d degrees=%d..%d levels=%s" % (
        len(dist), n, min(degrees), max(degrees),
        ",".join("%d:%d" % (k, hist[k]) for k in sorted(hist)))


recursion_part()
classes_part()
text_part()
sort_part()
interpreter_part()
graph_part()
print "done N=%d" % N
