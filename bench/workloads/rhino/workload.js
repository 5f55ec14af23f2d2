// Workload for Mozilla Rhino: a mix of ordinary JavaScript work, scaled by N.
//   java -cp /usr/share/java/rhino.jar org.mozilla.javascript.tools.shell.Main \
//        bench/workloads/rhino/workload.js N
// sizes: small 1, large 8
// Output is deterministic: pseudo-random numbers come from a fixed LCG, map
// keys are sorted before printing, and only summaries and checksums are printed.

var N = arguments.length > 0 ? parseInt(arguments[0], 10) : 1;
if (!(N >= 1)) N = 1;

// --- Helpers: a fixed LCG and a 32-bit checksum (integer arithmetic) ---------
function Lcg(seed) { this.state = seed >>> 0; }
Lcg.prototype.next = function () {
  // Numerical Recipes constants, kept in 32 bits with Math.imul.
  this.state = (Math.imul(this.state, 1664525) + 1013904223) >>> 0;
  return this.state;
};
Lcg.prototype.below = function (n) { return (this.next() >>> 8) % n; };

function mix(h, v) { return (Math.imul(h ^ (v | 0), 16777619) + 0x9e3779b9) >>> 0; }
function mixString(h, s) {
  for (var i = 0; i < s.length; i++) h = mix(h, s.charCodeAt(i));
  return h;
}
function hex(h) { return ("0000000" + (h >>> 0).toString(16)).slice(-8); }

// --- 1. Recursion: naive Fibonacci, Ackermann and N-queens backtracking -------
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
function ack(m, n) {
  if (m === 0) return n + 1;
  if (n === 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
function queens(n) {
  var count = 0, cols = [], d1 = [], d2 = [];
  (function place(row) {
    if (row === n) { count++; return; }
    for (var c = 0; c < n; c++) {
      if (cols[c] || d1[row + c] || d2[row - c + n]) continue;
      cols[c] = d1[row + c] = d2[row - c + n] = true;
      place(row + 1);
      cols[c] = d1[row + c] = d2[row - c + n] = false;
    }
  })(0);
  return count;
}
function recursionPart() {
  var f = 0, a = 0, q = 0;
  for (var i = 0; i < N; i++) {
    f += fib(21);
    a += ack(2, 200 + i);
    q += queens(7);
  }
  print("recursion: fib=" + f + " ack=" + a + " queens=" + q);
}

// --- 2. Closures and prototype classes: a small shape hierarchy ---------------
function Shape(name) { this.name = name; }
Shape.prototype.area = function () { return 0; };
Shape.prototype.describe = function () {
  return this.name + "(" + this.area().toFixed(2) + ")";
};
function Circle(r) { Shape.call(this, "circle"); this.r = r; }
Circle.prototype = Object.create(Shape.prototype);
Circle.prototype.constructor = Circle;
Circle.prototype.area = function () { return Math.PI * this.r * this.r; };
function Rect(w, h) { Shape.call(this, "rect"); this.w = w; this.h = h; }
Rect.prototype = Object.create(Shape.prototype);
Rect.prototype.constructor = Rect;
Rect.prototype.area = function () { return this.w * this.h; };
function Square(s) { Rect.call(this, s, s); this.name = "square"; }
Square.prototype = Object.create(Rect.prototype);
Square.prototype.constructor = Square;

function makeCounter() {          // closure over private state
  var counts = {};
  return {
    add: function (key, v) { counts[key] = (counts[key] || 0) + v; },
    keys: function () { return Object.keys(counts).sort(); },
    get: function (key) { return counts[key]; }
  };
}
function compose(f, g) { return function (x) { return f(g(x)); }; }

function objectsPart() {
  var rng = new Lcg(42), counter = makeCounter(), h = 0;
  var scale = compose(function (x) { return x + 1; }, function (x) { return x % 17; });
  for (var i = 0; i < 6000 * N; i++) {
    var k = rng.below(3), s;
    if (k === 0) s = new Circle(scale(rng.next()));
    else if (k === 1) s = new Rect(scale(rng.next()), scale(rng.next()));
    else s = new Square(scale(rng.next()));
    counter.add(s.name, Math.round(s.area()));
    if (i % 500 === 0) h = mixString(h, s.describe());
  }
  var ks = counter.keys(), parts = [];
  for (var j = 0; j < ks.length; j++) parts.push(ks[j] + "=" + counter.get(ks[j]));
  print("shapes: " + parts.join(" ") + " describe#" + hex(h));
}

// --- 3. String building, regular expressions and a word-count map -------------
var WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
             "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi"];
function makeText(rng, lines) {
  var out = [];
  for (var i = 0; i < lines; i++) {
    var line = [];
    var n = 4 + rng.below(8);
    for (var j = 0; j < n; j++) line.push(WORDS[rng.below(WORDS.length)]);
    // Sprinkle in numbers, dates and e-mail-like tokens for the regexes.
    line.push(String(rng.below(100000)));
    if (i % 3 === 0) line.push("2024-" + (1 + rng.below(12)) + "-" + (1 + rng.below(28)));
    if (i % 5 === 0) line.push(WORDS[rng.below(16)] + "@" + WORDS[rng.below(16)] + ".org");
    out.push(line.join(" "));
  }
  return out.join("\n");
}
function textPart() {
  var rng = new Lcg(7), text = makeText(rng, 800 * N);
  var freq = {}, words = text.split(/\s+/);
  for (var i = 0; i < words.length; i++) {
    if (/^[a-z]+$/.test(words[i])) freq[words[i]] = (freq[words[i]] || 0) + 1;
  }
  var keys = Object.keys(freq).sort(function (a, b) {
    return freq[b] - freq[a] || (a < b ? -1 : a > b ? 1 : 0);
  });
  var top = keys.slice(0, 5).map(function (k) { return k + ":" + freq[k]; });
  var dates = text.match(/\d{4}-\d{1,2}-\d{1,2}/g) || [];
  var mails = 0, re = /(\w+)@(\w+)\.org/g, m, mh = 0;
  while ((m = re.exec(text)) !== null) { mails++; mh = mixString(mh, m[2] + m[1]); }
  var nums = 0, sum = 0;
  text.replace(/\b\d+\b/g, function (d) { nums++; sum = (sum + parseInt(d, 10)) % 1000000007; return d; });
  var upper = text.replace(/\b(\w)(\w*)/g, function (all, a, b) { return a.toUpperCase() + b; });
  print("text: chars=" + text.length + " words=" + words.length + " top=" + top.join(","));
  print("regex: dates=" + dates.length + " mails=" + mails + "#" + hex(mh) +
        " nums=" + nums + " sum=" + sum + " upper#" + hex(mixString(0, upper.slice(0, 20000))));
}

// --- 4. Sorting: built-in sort with comparators and a hand-written merge sort -
function mergeSort(a, less) {
  if (a.length < 2) return a;
  var mid = a.length >> 1;
  var l = mergeSort(a.slice(0, mid), less), r = mergeSort(a.slice(mid), less);
  var out = [], i = 0, j = 0;
  while (i < l.length && j < r.length) out.push(less(r[j], l[i]) ? r[j++] : l[i++]);
  while (i < l.length) out.push(l[i++]);
  while (j < r.length) out.push(r[j++]);
  return out;
}
function sortPart() {
  var rng = new Lcg(2024), people = [];
  for (var i = 0; i < 2000 * N; i++) {
    people.push({ name: WORDS[rng.below(16)] + rng.below(1000), age: rng.below(90), id: i });
  }
  var byAge = people.slice().sort(function (a, b) { return a.age - b.age || a.id - b.id; });
  var byName = mergeSort(people, function (a, b) {
    return a.name < b.name || (a.name === b.name && a.id < b.id);
  });
  var h = 0;
  for (var k = 0; k < byAge.length; k += 7) h = mix(h, byAge[k].id);
  for (k = 0; k < byName.length; k += 7) h = mix(h, byName[k].id);
  var nums = [];
  for (i = 0; i < 10000 * N; i++) nums.push(rng.next() % 100000);
  nums.sort(function (a, b) { return a - b; });
  var sorted = true;
  for (i = 1; i < nums.length; i++) if (nums[i - 1] > nums[i]) sorted = false;
  print("sort: first=" + byName[0].name + " last=" + byName[byName.length - 1].name +
        " oldest=" + byAge[byAge.length - 1].age + " sorted=" + sorted +
        " median=" + nums[nums.length >> 1] + " #" + hex(h));
}

// --- 5. A tokenizer and a recursive-descent evaluator for a tiny language -----
// Grammar: program := (IDENT '=' expr ';')*; expr with + - * / % ( ) and
// unary minus; integer arithmetic, truncated division.
function tokenize(src) {
  var re = /\s*(?:(\d+)|([A-Za-z_]\w*)|(.))/g, toks = [], m;
  re.lastIndex = 0;
  while (re.lastIndex < src.length && (m = re.exec(src)) !== null) {
    if (m[1] !== undefined) toks.push({ t: "num", v: parseInt(m[1], 10) });
    else if (m[2] !== undefined) toks.push({ t: "id", v: m[2] });
    else if (m[3] !== undefined) toks.push({ t: "op", v: m[3] });
  }
  toks.push({ t: "eof", v: null });
  return toks;
}
function Parser(toks) { this.toks = toks; this.pos = 0; }
Parser.prototype.peek = function () { return this.toks[this.pos]; };
Parser.prototype.eat = function (v) {
  var t = this.toks[this.pos++];
  if (v !== undefined && t.v !== v) throw new Error("expected " + v + " got " + t.v);
  return t;
};
Parser.prototype.program = function () {
  var stmts = [];
  while (this.peek().t !== "eof") {
    var name = this.eat().v;
    this.eat("=");
    stmts.push({ name: name, expr: this.expr() });
    this.eat(";");
  }
  return stmts;
};
Parser.prototype.expr = function () {
  var node = this.term();
  while (this.peek().v === "+" || this.peek().v === "-")
    node = { op: this.eat().v, l: node, r: this.term() };
  return node;
};
Parser.prototype.term = function () {
  var node = this.factor();
  while (this.peek().v === "*" || this.peek().v === "/" || this.peek().v === "%")
    node = { op: this.eat().v, l: node, r: this.factor() };
  return node;
};
Parser.prototype.factor = function () {
  var t = this.eat();
  if (t.t === "num") return { num: t.v };
  if (t.t === "id") return { id: t.v };
  if (t.v === "-") return { op: "neg", l: this.factor() };
  if (t.v === "(") { var e = this.expr(); this.eat(")"); return e; }
  throw new Error("unexpected " + t.v);
};
var OPS = {
  "+": function (a, b) { return (a + b) | 0; },
  "-": function (a, b) { return (a - b) | 0; },
  "*": function (a, b) { return Math.imul(a, b); },
  "/": function (a, b) { return b === 0 ? 0 : (a / b) | 0; },
  "%": function (a, b) { return b === 0 ? 0 : a % b; }
};
function evaluate(node, env) {
  if (node.num !== undefined) return node.num;
  if (node.id !== undefined) return env[node.id] || 0;
  if (node.op === "neg") return -evaluate(node.l, env) | 0;
  return OPS[node.op](evaluate(node.l, env), evaluate(node.r, env));
}
function genExpr(rng, depth, vars) {
  if (depth === 0 || rng.below(4) === 0) {
    return rng.below(3) === 0 && vars.length > 0 ? vars[rng.below(vars.length)]
                                                  : String(rng.below(1000));
  }
  var ops = ["+", "-", "*", "/", "%"], op = ops[rng.below(5)];
  var s = genExpr(rng, depth - 1, vars) + " " + op + " " + genExpr(rng, depth - 1, vars);
  if (rng.below(3) === 0) s = "(" + s + ")";
  if (rng.below(10) === 0) s = "-" + s;
  return s;
}
function interpreterPart() {
  var rng = new Lcg(99), h = 0, statements = 0, tokens = 0;
  for (var round = 0; round < 8 * N; round++) {
    var src = [], vars = [];
    for (var i = 0; i < 40; i++) {
      var name = "v" + i;
      src.push(name + " = " + genExpr(rng, 6, vars) + ";");
      vars.push(name);
    }
    var toks = tokenize(src.join("\n"));
    tokens += toks.length;
    var prog = new Parser(toks).program(), env = {};
    for (var s = 0; s < prog.length; s++) {
      env[prog[s].name] = evaluate(prog[s].expr, env);
      statements++;
    }
    h = mix(h, env["v39"]);
  }
  print("interpreter: statements=" + statements + " tokens=" + tokens + " #" + hex(h));
}

// --- 6. Maps as dictionaries: a graph and breadth-first search ----------------
function graphPart() {
  var rng = new Lcg(31337), n = 2000 * N, adj = {};
  for (var i = 0; i < n; i++) adj["n" + i] = [];
  for (i = 0; i < n * 3; i++) {
    var a = "n" + rng.below(n), b = "n" + rng.below(n);
    adj[a].push(b); adj[b].push(a);
  }
  var dist = { n0: 0 }, queue = ["n0"], head = 0;
  while (head < queue.length) {
    var cur = queue[head++], ns = adj[cur];
    for (var j = 0; j < ns.length; j++) {
      if (!(ns[j] in dist)) { dist[ns[j]] = dist[cur] + 1; queue.push(ns[j]); }
    }
  }
  var hist = {};
  for (var k in dist) hist[dist[k]] = (hist[dist[k]] || 0) + 1;
  var levels = Object.keys(hist).map(Number).sort(function (x, y) { return x - y; });
  print("graph: reached=" + queue.length + "/" + n + " levels=" +
        levels.map(function (l) { return l + ":" + hist[l]; }).join(","));
}

recursionPart();
objectsPart();
textPart();
sortPart();
interpreterPart();
graphPart();
print("done N=" + N);
