// The independent oracle of issue 5 ("Tests"): a java.lang.instrument agent
// that records, on HotSpot, the exact calling context tree of a program's
// APPLICATION classes, with calls and executed bytecodes per context, and
// writes it at exit in minijvm's profile JSON (profilers/export/export.h).
//
//   java --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED \
//        --add-exports java.base/jdk.internal.org.objectweb.asm.commons=ALL-UNNAMED \
//        --add-exports java.base/jdk.internal.access=ALL-UNNAMED \
//        -javaagent:cct-agent.jar=/path/out.json[,check] -cp CLASSES Main
//
// Contract: the profile equals minijvm's `-profile=cct` projected onto
// application frames (weights_of with app_only=true, profilers/tool/
// prof_tool.cpp):
//  * application classes: defined by neither the bootstrap nor the platform
//    loader (the runtime image's modules are the JDK's, org.xml.sax
//    included; the modules HotSpot maps to the application loader, such as
//    jdk.compiler, are application code), not hidden, not a generated
//    reflection accessor (jdk.internal.reflect), and not this agent;
//  * a context per application method per call site under the context of
//    the nearest application frame below it (or the thread's root); the site
//    is the BCI of the invoke (or of the instruction that triggered a
//    <clinit>) in the immediate caller when that caller is an application
//    frame, else -1 (JDK code in between, or a thread's entry). Hidden frames
//    (lambda proxies, LambdaForms) are not frames, as for StackWalker by
//    default; reflection frames (Method.invoke) are JDK frames;
//  * per-thread trees, merged from their roots as minijvm merges them;
//  * calls = entries; bytecodes = every executed original instruction of the
//    method, counted before it executes (so an instruction that throws counts,
//    as minijvm counts at dispatch). Labels, frames, line numbers and the
//    instructions the agent inserts do not count;
//  * written after the application's shutdown hooks have finished (a system
//    shutdown slot after theirs), or right before an application call of
//    Runtime.halt (which runs no hook).
//
// How: every application method (including <init> and <clinit>) starts with
// `activation = CctAgent.enter(methodId, this or null)`. Executed bytecodes
// are counted per block: a block ends after each instruction that may throw
// or transfer control and before each branch target and handler, and its
// length is added to the context at its entry, so counts stay exact when an
// instruction throws (decode()); methods stay small enough to instrument.
// Before each call the caller writes the call in progress into its
// activation (kind, BCI, target, and for invokevirtual/-interface the
// receiver); enter() decides from it whether the callee was called directly
// (fastSite()) and walks the stack (StackWalker, four frames) only when that
// cannot tell, e.g. through invokedynamic, method handles, lambda proxies and
// <clinit>. With ",check" every entry is also walked and a disagreement is an
// internal error: the self-test of the fast path. The activations form a
// per-thread stack: exit() pops at each return, caught() at the entry of each
// handler, and a catch-all handler of the agent (all the code of a method,
// in an <init> from the return of its super()/this() call) calls unwind()
// before rethrowing. An internal error is reported on stderr and marks the
// profile "oracle-failed", so that a broken oracle is never trusted.
package minijvm.oracle;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jdk.internal.access.SharedSecrets;
import jdk.internal.org.objectweb.asm.ClassReader;
import jdk.internal.org.objectweb.asm.ClassVisitor;
import jdk.internal.org.objectweb.asm.ClassWriter;
import jdk.internal.org.objectweb.asm.Handle;
import jdk.internal.org.objectweb.asm.Label;
import jdk.internal.org.objectweb.asm.MethodVisitor;
import jdk.internal.org.objectweb.asm.Opcodes;
import jdk.internal.org.objectweb.asm.Type;
import jdk.internal.org.objectweb.asm.commons.LocalVariablesSorter;

public final class CctAgent {
  private CctAgent() {}

  static final String AGENT = "minijvm/oracle/CctAgent";
  static final String NODE = "minijvm/oracle/CctAgent$Node";
  static final String NODE_DESC = "L" + NODE + ";";
  static final String ACT = "minijvm/oracle/CctAgent$Activation";
  static final String ACT_DESC = "L" + ACT + ";";

  /** A calling context: method called at `site` under the node that holds it. */
  public static final class Node {
    final int method;
    final int site;
    public long calls;
    public long bytecodes;
    // Children in creation order, a list through `next`; a parent with many
    // also indexes them. Small, since a workload's tree has millions.
    Node first;
    Node last;
    Node next;
    Map<Long, Node> index;
    int count;

    Node(int method, int site) {
      this.method = method;
      this.site = site;
    }

    Node child(int method, int site) {
      long key = ((long) method << 32) | (site & 0xffffffffL);
      if (index != null) {
        Node c = index.get(key);
        if (c != null) return c;
      } else {
        for (Node c = first; c != null; c = c.next) {
          if (c.method == method && c.site == site) return c;
        }
      }
      Node c = new Node(method, site);
      if (first == null) first = c; else last.next = c;
      last = c;
      if (++count == 8) {
        index = new java.util.HashMap<>();
        for (Node k = first; k != null; k = k.next) index.put(((long) k.method << 32) | (k.site & 0xffffffffL), k);
      } else if (index != null) {
        index.put(key, c);
      }
      return c;
    }
  }

  // What an activation's call in progress is (Activation.callKind), written
  // by instrumented code before each call instruction and cleared after it.
  static final int CALL_UNKNOWN = 0;  // none, or one the fast path cannot judge
  static final int CALL_VIRTUAL = 1;  // invokevirtual/-interface: target = name+desc, receiver
  static final int CALL_EXACT = 2;    // invokestatic/-special of an application owner: target = owner.name+desc
  static final int CALL_JDK = 3;      // invokestatic/-special of a java.* owner (not java/lang/invoke)

  /**
   * A live activation of an instrumented method (one real frame), on its
   * thread's stack of activations (a linked list through `below`), with the
   * call it is making.
   */
  public static final class Activation {
    final ThreadState st;
    final Activation below;
    public final Node node;
    final int method;
    public int callKind;
    public int callSite;  // the original BCI of the call instruction
    public int callTarget;  // a symbol(): see the CALL_ kinds
    public Object callReceiver;
    // An <init> whose super()/this() call has not returned: an exception
    // there leaves the frame without passing a handler of the agent.
    public boolean fragile;

    Activation(ThreadState st, Activation below, Node node, int method, boolean fragile) {
      this.st = st;
      this.below = below;
      this.node = node;
      this.method = method;
      this.fragile = fragile;
    }
  }

  static final class ThreadState {
    final Thread thread = Thread.currentThread();
    final Node root = new Node(-1, -1);
    Activation top;  // the innermost live application frame
  }

  record MethodInfo(String className, String name, String descriptor, String source) {}

  /** What enter() needs of a method, by method id. */
  record MethodMeta(String binaryClass, String name, String descriptor, int nameDesc, int exact,
                    boolean clinit, boolean init, boolean coarse) {}

  private static final List<MethodInfo> METHODS = new ArrayList<>();
  private static volatile MethodMeta[] meta = new MethodMeta[256];
  private static final Map<String, Integer> SYMBOLS = new java.util.HashMap<>();
  private static final List<ThreadState> THREADS = new ArrayList<>();
  private static final ThreadLocal<ThreadState> STATE = new ThreadLocal<>();
  private static final StackWalker WALKER = StackWalker.getInstance(
      java.util.Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE,
                       StackWalker.Option.SHOW_REFLECT_FRAMES));
  // The instrumented method and its caller: the first two frames below the
  // agent's own (walkSite(), enter(), enterLoad()).
  private static final Function<Stream<StackWalker.StackFrame>, List<StackWalker.StackFrame>>
      COLLECT = new Function<>() {
        @Override
        public List<StackWalker.StackFrame> apply(Stream<StackWalker.StackFrame> s) {
          return s.dropWhile(f -> f.getDeclaringClass() == CctAgent.class).limit(2)
              .collect(Collectors.toList());
        }
      };
  // java.lang.Shutdown's last slot (MAX_SYSTEM_HOOKS - 1 in JDK 17).
  static final int WRITER_SLOT = 9;
  private static String output;  // the JSON file, from the agent's argument
  // ",check": every call site decided by the fast path is also walked, and
  // a disagreement is an internal error (a self-test of the fast path).
  private static boolean check;
  private static boolean written;  // guarded by CctAgent.class
  private static volatile String failure;  // the first internal error, reported loudly

  // Per method id: instrumented BCI -> original BCI (-1 for inserted code).
  private static final List<int[]> BCI_MAPS = new ArrayList<>();
  private static final Map<String, Integer> METHOD_IDS = new java.util.HashMap<>();

  /** A small integer per distinct string (names of call targets). */
  static synchronized int symbol(String s) {
    Integer id = SYMBOLS.get(s);
    if (id == null) {
      id = SYMBOLS.size() + 1;
      SYMBOLS.put(s, id);
    }
    return id;
  }

  static synchronized int register(String cls, String name, String desc, String source,
                                   boolean coarse) {
    int id = METHODS.size();
    METHODS.add(new MethodInfo(cls, name, desc, source == null ? "" : source));
    BCI_MAPS.add(null);
    METHOD_IDS.put(cls.replace('/', '.') + "." + name + desc, id);
    MethodMeta[] m = meta;
    if (id >= m.length) m = java.util.Arrays.copyOf(m, 2 * m.length);
    m[id] = new MethodMeta(cls.replace('/', '.'), name, desc, symbol(name + desc),
                           symbol(cls + "." + name + desc), name.equals("<clinit>"),
                           name.equals("<init>"), coarse);
    meta = m;
    return id;
  }

  static synchronized void setBciMap(int method, int[] map) {
    BCI_MAPS.set(method, map);
  }

  // The original BCI of an instrumented frame's current instruction.
  static synchronized int originalBci(StackWalker.StackFrame f) {
    Integer id = METHOD_IDS.get(f.getClassName() + "." + f.getMethodName() + f.getDescriptor());
    int[] map = id == null ? null : BCI_MAPS.get(id);
    int bci = f.getByteCodeIndex();
    if (map == null || bci < 0 || bci >= map.length || map[bci] < 0) {
      fail("no original BCI for " + f + " at " + bci);
      return -1;
    }
    return map[bci];
  }

  // The JDK's classes (see the contract above), by defining loader and name.
  static boolean isJdk(ClassLoader loader, String internalName) {
    return loader == null || loader == ClassLoader.getPlatformClassLoader()
        || internalName.startsWith("jdk/internal/reflect/");
  }

  static boolean isApplication(Class<?> c) {
    return !isJdk(c.getClassLoader(), c.getName().replace('.', '/')) && !c.isHidden()
        && !c.getName().startsWith("minijvm.oracle.");
  }

  static void fail(String message) {
    if (failure == null) failure = message;
    System.err.println("cct-agent: INTERNAL ERROR: " + message);
  }

  static ThreadState state() {
    ThreadState st = STATE.get();
    if (st == null) {
      st = new ThreadState();
      STATE.set(st);
      synchronized (THREADS) {
        THREADS.add(st);
      }
    }
    return st;
  }

  static final int WALK = -2;

  // The call site of an entry judged from the caller's call in progress
  // (`top` is the nearest application frame), or WALK when that cannot tell
  // whether the caller called this method directly (with only hidden frames
  // in between) or JDK code lies between them.
  static int fastSite(Activation top, MethodMeta m, Object self) {
    switch (top.callKind) {
      case CALL_VIRTUAL:
        // The dispatch of the call reached this method directly exactly when
        // it is the receiver's method of that name and descriptor; else the
        // receiver's (non-hidden) class selected a JDK method, which called
        // this one. A class initializer may be triggered by the call itself.
        if (self != null && self == top.callReceiver && m.nameDesc() == top.callTarget) {
          return top.callSite;
        }
        if (m.clinit() || top.callReceiver == null || top.callReceiver.getClass().isHidden()) {
          return WALK;
        }
        return -1;
      case CALL_EXACT:
        return !m.clinit() && m.exact() == top.callTarget ? top.callSite : WALK;
      case CALL_JDK:
        return m.clinit() ? WALK : -1;
      default:
        return WALK;
    }
  }

  // The call site from the real stack: the BCI in the immediate caller when
  // that is an application frame (which must be `top`), else -1.
  static int walkSite(Activation top) {
    List<StackWalker.StackFrame> frames = WALKER.walk(COLLECT);
    if (frames.size() < 2 || !isApplication(frames.get(1).getDeclaringClass())) return -1;
    StackWalker.StackFrame caller = frames.get(1);
    MethodMeta t = top == null ? null : meta[top.method];
    if (t == null || !t.binaryClass().equals(caller.getClassName())
        || !t.name().equals(caller.getMethodName())
        || !t.descriptor().equals(caller.getDescriptor())) {
      fail("the application caller " + caller + " is not the innermost activation "
           + (t == null ? "(none)" : t.binaryClass() + "." + t.name() + t.descriptor()));
    }
    return originalBci(caller);
  }

  /**
   * Called first thing in every instrumented method, with `this` for
   * instance methods other than constructors; returns its activation.
   */
  public static Activation enter(int method, Object self) {
    ThreadState st = state();
    MethodMeta m = meta[method];
    Activation top = st.top;
    int site = top == null ? -1 : fastSite(top, m, self);
    if (site == WALK) {
      site = walkSite(top);
    } else if (check) {
      int walked = walkSite(top);
      if (walked != site) {
        fail("fast site " + site + " != walked site " + walked + " entering " + m.binaryClass()
             + "." + m.name() + m.descriptor() + " (call kind " + top.callKind + ")");
        site = walked;
      }
    }
    Node node = (top == null ? st.root : top.node).child(method, site);
    node.calls++;
    Activation a = new Activation(st, top, node, method, m.init());
    st.top = a;
    return a;
  }

  /**
   * enter() for an application loader's loadClass(String...): the VM asks
   * an application's loader for this agent's classes when the code it
   * instrumented refers to them, calls minijvm never sees. Such a call and
   * everything under it are recorded in a node outside the tree.
   */
  public static Activation enterLoad(int method, Object self, String name) {
    if (name == null || !name.startsWith("minijvm.oracle.")) return enter(method, self);
    ThreadState st = state();
    Activation a = new Activation(st, st.top, new Node(method, -1), method, false);
    st.top = a;
    return a;
  }

  // Pops the activations above `a` (there must be none but fragile ones,
  // left by exceptions); false if `a` is not on its thread's stack.
  static boolean popAbove(Activation a) {
    Activation t = a.st.top;
    while (t != null && t != a) {
      if (!t.fragile) fail("a stale activation of " + METHODS.get(t.method) + " above one of " + METHODS.get(a.method));
      t = t.below;
    }
    if (t == null) {
      fail("no activation of " + METHODS.get(a.method) + " on its thread's stack");
      return false;
    }
    a.st.top = a;
    return true;
  }

  // A method counted per block of control flow (see instrument()) counts a
  // whole block at its entry: an exception inside one may have skipped the
  // rest, so the count is no longer known exactly, and the profile says so.
  static void coarseCheck(Activation a) {
    MethodMeta m = meta[a.method];
    if (m.coarse()) {
      fail("an exception passed " + m.binaryClass() + "." + m.name() + m.descriptor()
           + ", too large to count exactly: its bytecodes may be off");
    }
  }

  /** Called before every return instruction of an instrumented method. */
  public static void exit(Activation a) {
    if (popAbove(a)) a.st.top = a.below;
  }

  /** Called at the entry of each exception handler of an instrumented method. */
  public static void caught(Activation a) {
    coarseCheck(a);
    popAbove(a);
    a.callKind = CALL_UNKNOWN;
  }

  /**
   * Called by the agent's catch-all handler when an exception leaves the
   * method of `a`. An <init> that called `a`'s method directly before its
   * super()/this() call returned has no handler there, so the exception
   * leaves it too.
   */
  public static void unwind(Activation a) {
    coarseCheck(a);
    if (!popAbove(a)) return;
    Activation below = a.below;
    boolean direct = a.node.site >= 0;
    while (direct && below != null && below.fragile) {
      direct = below.node.site >= 0;
      below = below.below;
    }
    a.st.top = below;
  }

  // --- instrumentation -------------------------------------------------------

  public static void premain(String args, Instrumentation inst) {
    if (args == null || args.isEmpty()) {
      throw new IllegalArgumentException("cct-agent: usage -javaagent:cct-agent.jar=OUT.json[,check]");
    }
    check = args.endsWith(",check");
    output = check ? args.substring(0, args.length() - ",check".length()) : args;
    // The writer runs in a system shutdown slot after slot 1 (the application
    // hooks: all of them have finished when slot 1 returns) and slot 2
    // (DeleteOnExit, registered lazily by java.io.DeleteOnExitHook, so it
    // must stay free). Runtime.halt runs no slot: see beforeHalt().
    SharedSecrets.getJavaLangAccess().registerShutdownHook(WRITER_SLOT, false, CctAgent::writeOnce);
    inst.addTransformer(new ClassFileTransformer() {
      @Override
      public byte[] transform(Module module, ClassLoader loader, String className,
                              Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        if (className == null || redefined != null || isJdk(loader, className)
            || className.startsWith("minijvm/oracle/") || className.contains("$$Lambda$")) {
          return null;
        }
        try {
          // Application code in a named module (jdk.compiler run as javac)
          // calls the agent, in the unnamed module: it must read it.
          Module agent = CctAgent.class.getModule();
          if (module.isNamed() && !module.canRead(agent)) {
            inst.redefineModule(module, java.util.Set.of(agent), Map.of(), Map.of(),
                                java.util.Set.of(), Map.of());
          }
          return instrument(bytes);
        } catch (Throwable t) {
          fail("cannot instrument " + className + ": " + t);
          t.printStackTrace();
          return null;
        }
      }
    });
  }

  // A method whose instrumented code passes the JVM's 64 KB limit (a
  // static initializer that fills tables: Batik's XMLCharacters, Sunflow's)
  // is instrumented again with blocks that end only where control flow
  // does, not after each instruction that may throw: exact while no
  // exception passes it, which coarseCheck() watches.
  static byte[] instrument(byte[] bytes) {
    java.util.Set<String> coarse = new java.util.HashSet<>();
    for (;;) {
      try {
        return instrument(bytes, coarse);
      } catch (jdk.internal.org.objectweb.asm.MethodTooLargeException e) {
        if (!coarse.add(e.getMethodName() + e.getDescriptor())) throw e;
      }
    }
  }

  static byte[] instrument(byte[] bytes, java.util.Set<String> coarse) {
    ClassReader reader = new ClassReader(bytes);
    Map<String, MethodCode> decoded = decodeMethods(reader, coarse);
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    List<Counter> counters = new ArrayList<>();
    reader.accept(new ClassVisitor(Opcodes.ASM8, writer) {
      String className;
      String source;

      @Override
      public void visit(int version, int access, String name, String signature, String superName,
                        String[] interfaces) {
        className = name;
        super.visit(version, access, name, signature, superName, interfaces);
      }

      // PermittedSubclasses (sealed classes, enums with bodies): forwarded
      // to the writer directly; ClassVisitor's own version refuses it below
      // the experimental API level.
      @Override
      @SuppressWarnings("deprecation")
      public void visitPermittedSubclassExperimental(String permittedSubclass) {
        cv.visitPermittedSubclassExperimental(permittedSubclass);
      }

      @Override
      public void visitSource(String file, String debug) {
        source = file;
        super.visitSource(file, debug);
      }

      @Override
      public MethodVisitor visitMethod(int access, String name, String desc, String signature,
                                       String[] exceptions) {
        MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
        if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) return mv;
        MethodCode code = decoded.get(name + desc);
        if (code == null) throw new IllegalStateException("no Code for " + name + desc);
        // An empty finalize() stays empty: counting code in it would make
        // HotSpot register every instance for finalization (a class whose
        // finalize() is a lone `return` has none), and run finalize() for
        // each (Jython's PyObject). Its calls, if a subclass made any, are
        // not in the oracle's CCT.
        if (name.equals("finalize") && desc.equals("()V") && code.opcodes().length == 1
            && code.opcodes()[0] == Opcodes.RETURN) {
          return mv;
        }
        Recorder written = new Recorder(mv);
        Counter c = new Counter(access, name, desc, written,
                                register(className, name, desc, source, coarse.contains(name + desc)),
                                code);
        counters.add(c);
        return c;
      }
    }, ClassReader.EXPAND_FRAMES);
    byte[] result = writer.toByteArray();
    // Label offsets are final now, but they are offsets in the code as first
    // written: a method past 32 KB whose forward jumps do not fit 16 bits was
    // written again by the ClassWriter with wide jumps (Jython's compiled
    // Python functions). The instructions of the class as returned say
    // where each one went.
    Map<String, MethodCode> output = decodeMethods(new ClassReader(result), java.util.Set.of());
    for (Counter c : counters) c.publishBciMap(output.get(c.key));
    return result;
  }

  /** The original instructions of one method, from its Code attribute. */
  record MethodCode(int[] offsets, int[] opcodes, int[] blockLengths) {}

  // Every method with code, by name + descriptor, decoded from the class file
  // itself (JVMS 4.7.3, 6.5): StackWalker reports BCIs of the instrumented
  // code, which are mapped back with the offsets, and the counters are
  // placed by the blocks.
  static Map<String, MethodCode> decodeMethods(ClassReader r, java.util.Set<String> coarse) {
    Map<String, MethodCode> result = new java.util.HashMap<>();
    char[] buf = new char[r.getMaxStringLength()];
    int p = r.header + 6;
    p += 2 + 2 * r.readUnsignedShort(p);  // interfaces
    int fields = r.readUnsignedShort(p);
    p += 2;
    for (int i = 0; i < fields; i++) p = skipAttributes(r, p + 6);
    int methods = r.readUnsignedShort(p);
    p += 2;
    for (int i = 0; i < methods; i++) {
      String key = r.readUTF8(p + 2, buf) + r.readUTF8(p + 4, buf);
      int attrs = r.readUnsignedShort(p + 6);
      int a = p + 8;
      for (int j = 0; j < attrs; j++) {
        String attr = r.readUTF8(a, buf);
        int len = r.readInt(a + 2);
        if (attr.equals("Code")) {
          result.put(key, decode(r, a + 14, r.readInt(a + 10), coarse.contains(key)));
        }
        a += 6 + len;
      }
      p = a;
    }
    return result;
  }

  static int skipAttributes(ClassReader r, int p) {
    int n = r.readUnsignedShort(p);
    p += 2;
    for (int i = 0; i < n; i++) p += 6 + r.readInt(p + 2);
    return p;
  }

  // The blocks that are counted as a whole at their entry. A block ends after
  // an instruction that may throw (so one that throws has been counted and
  // those after it have not, as minijvm counts at dispatch) or transfer
  // control, and before a branch target or an exception handler; so entering
  // a block means executing all of it unless its last instruction throws.
  // `coarse` blocks end only after a transfer of control (see instrument()).
  static MethodCode decode(ClassReader r, int code, int length, boolean coarse) {
    int[] offsets = new int[length];
    int[] opcodes = new int[length];
    boolean[] ends = new boolean[length];  // by instruction index
    boolean[] transfers = new boolean[length];  // branches, switches, returns, athrow, ret
    boolean[] leader = new boolean[length + 1];  // by offset
    int n = 0;
    int pc = 0;
    while (pc < length) {
      offsets[n] = pc;
      int op = r.readByte(code + pc);
      opcodes[n] = op;
      int size;
      switch (op) {
        case 16, 21, 22, 23, 24, 25, 54, 55, 56, 57, 58 -> size = 2;
        case 18 -> {
          size = 2;
          ends[n] = mayThrow(r, r.readByte(code + pc + 1));
        }
        case 169, 188 -> {  // ret, newarray
          size = 2;
          ends[n] = true;
          transfers[n] = op == 169;
        }
        case 17, 132 -> size = 3;
        case 19, 20 -> {
          size = 3;
          ends[n] = mayThrow(r, r.readUnsignedShort(code + pc + 1));
        }
        case 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 198,
             199 -> {
          size = 3;
          ends[n] = true;
          transfers[n] = true;
          leader[pc + r.readShort(code + pc + 1)] = true;
        }
        case 178, 179, 180, 181, 182, 183, 184, 187, 189, 192, 193 -> {
          size = 3;
          ends[n] = true;
        }
        case 197 -> {
          size = 4;
          ends[n] = true;
        }
        case 185, 186 -> {
          size = 5;
          ends[n] = true;
        }
        case 200, 201 -> {
          size = 5;
          ends[n] = true;
          transfers[n] = true;
          leader[pc + r.readInt(code + pc + 1)] = true;
        }
        case 196 -> {
          int inner = r.readByte(code + pc + 1);
          size = inner == 132 ? 6 : 4;
          ends[n] = inner == 169;
          transfers[n] = inner == 169;
        }
        case 170 -> {
          int base = pc + 1 + (3 - pc % 4);
          int low = r.readInt(code + base + 4);
          int high = r.readInt(code + base + 8);
          size = base + 12 + 4 * (high - low + 1) - pc;
          ends[n] = true;
          transfers[n] = true;
          leader[pc + r.readInt(code + base)] = true;
          for (int k = 0; k <= high - low; k++) leader[pc + r.readInt(code + base + 12 + 4 * k)] = true;
        }
        case 171 -> {
          int base = pc + 1 + (3 - pc % 4);
          int pairs = r.readInt(code + base + 4);
          size = base + 8 + 8 * pairs - pc;
          ends[n] = true;
          transfers[n] = true;
          leader[pc + r.readInt(code + base)] = true;
          for (int k = 0; k < pairs; k++) leader[pc + r.readInt(code + base + 12 + 8 * k)] = true;
        }
        default -> {
          size = 1;
          // Array loads and stores, integer division and remainder, returns,
          // arraylength, athrow, monitorenter and monitorexit.
          ends[n] = (op >= 46 && op <= 53) || (op >= 79 && op <= 86) || (op >= 108 && op <= 109)
              || (op >= 112 && op <= 113) || (op >= 172 && op <= 177) || op == 190 || op == 191
              || op == 194 || op == 195;
          transfers[n] = (op >= 172 && op <= 177) || op == 191;
        }
      }
      pc += size;
      n++;
    }
    int handlers = r.readUnsignedShort(code + length);
    for (int h = 0; h < handlers; h++) leader[r.readUnsignedShort(code + length + 2 + 8 * h + 4)] = true;
    int[] blockLengths = new int[n];
    int start = 0;
    for (int i = 1; i <= n; i++) {
      if (i == n || (coarse ? transfers[i - 1] : ends[i - 1]) || leader[offsets[i]]) {
        blockLengths[start] = i - start;
        start = i;
      }
    }
    return new MethodCode(java.util.Arrays.copyOf(offsets, n), java.util.Arrays.copyOf(opcodes, n),
                          blockLengths);
  }

  // Whether an ldc of constant pool entry `index` may throw: all but numbers
  // and strings resolve something (classes, method types and handles,
  // dynamic constants).
  static boolean mayThrow(ClassReader r, int index) {
    int tag = r.readByte(r.getItem(index) - 1);
    return !(tag == 3 || tag == 4 || tag == 5 || tag == 6 || tag == 8);
  }

  /**
   * Adds the entry/exit hooks, and a counter at the entry of each block
   * (decode()) that adds the block's instruction count to the context.
   */
  static final class Counter extends LocalVariablesSorter {
    final String key;  // name + descriptor
    private final int methodId;
    private final Recorder written;  // what this method writes, instruction by instruction
    private final boolean isStatic;
    private final boolean isInit;
    private final boolean isLoadClass;  // a loader's loadClass(String...): enterLoad()
    private final int[] originalOffsets;  // of the original instructions, in order
    private final int[] blockLengths;  // by instruction index, 0 inside a block
    private final List<Label> starts = new ArrayList<>();  // the same, in the new code
    private int nodeVar;
    private int actVar;
    // Labels visited since the last original instruction; when that is a NEW
    // after a counter, frames' Uninitialized(label) entries must name the NEW
    // itself, which now follows the inserted code (JVMS 4.10.1.2).
    private final List<Label> recentLabels = new ArrayList<>();
    private final Map<Label, Label> newSites = new java.util.HashMap<>();
    // The original exception handlers' entries, and whether one precedes the
    // next original instruction.
    private final java.util.Set<Label> handlers = new java.util.HashSet<>();
    private boolean atHandler;
    // The code the agent's catch-all handler covers: from the entry (for an
    // <init>, from the return of its super()/this() call) to the end.
    private Label protectedStart;
    private int pendingNews;  // NEWs not yet initialized, in an <init> before super()

    Counter(int access, String name, String desc, Recorder written, int methodId,
            MethodCode code) {
      super(Opcodes.ASM8, access, desc, written);
      this.key = name + desc;
      this.written = written;
      this.methodId = methodId;
      this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
      this.isInit = name.equals("<init>");
      this.isLoadClass = !isStatic && name.equals("loadClass") && desc.startsWith("(Ljava/lang/String;");
      this.originalOffsets = code.offsets();
      this.blockLengths = code.blockLengths();
    }

    // `output` is this method's code in the class as returned. Each
    // instruction written is one there, but for a conditional jump too far
    // for 16 bits, which the ClassWriter turned into the opposite condition
    // over a GOTO_W.
    void publishBciMap(MethodCode output) {
      if (starts.size() != originalOffsets.length) {
        fail("method " + methodId + ": " + starts.size() + " instructions visited, "
             + originalOffsets.length + " decoded");
        return;
      }
      int[] first = written.offsets();
      int[] firstOps = written.opcodes();
      int[] finalOffsets = new int[first.length];
      int j = 0;
      int[] out = output.opcodes();
      for (int i = 0; i < first.length; i++) {
        if (j >= out.length) break;
        finalOffsets[i] = output.offsets()[j];
        int op = firstOps[i];
        boolean conditional = (op >= Opcodes.IFEQ && op <= Opcodes.IF_ACMPNE)
            || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL;
        j += conditional && out[j] != op ? 2 : 1;
      }
      if (j != out.length) {
        fail("method " + methodId + ": " + first.length + " instructions written, "
             + out.length + " in the class returned");
        return;
      }
      int[] map = new int[output.offsets()[out.length - 1] + 1];
      java.util.Arrays.fill(map, -1);
      for (int i = 0; i < starts.size(); i++) {
        int at = java.util.Arrays.binarySearch(first, starts.get(i).getOffset());
        if (at < 0) {
          fail("method " + methodId + ": original instruction " + i + " was not written");
          return;
        }
        map[finalOffsets[at]] = originalOffsets[i];
      }
      setBciMap(methodId, map);
    }


    @Override
    public void visitCode() {
      super.visitCode();
      nodeVar = newLocal(Type.getObjectType(NODE));
      actVar = newLocal(Type.getObjectType(ACT));
      push(methodId);
      if (isStatic || isInit) {
        mv.visitInsn(Opcodes.ACONST_NULL);
      } else {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
      }
      if (isLoadClass) {
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, "enterLoad",
                           "(ILjava/lang/Object;Ljava/lang/String;)" + ACT_DESC, false);
      } else {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, "enter",
                           "(ILjava/lang/Object;)" + ACT_DESC, false);
      }
      mv.visitInsn(Opcodes.DUP);
      mv.visitVarInsn(Opcodes.ASTORE, actVar);
      mv.visitFieldInsn(Opcodes.GETFIELD, ACT, "node", NODE_DESC);
      mv.visitVarInsn(Opcodes.ASTORE, nodeVar);
      if (!isInit) {
        protectedStart = new Label();
        mv.visitLabel(protectedStart);
      }
    }

    @Override
    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
      handlers.add(handler);
      super.visitTryCatchBlock(start, end, handler, type);
    }

    // The catch-all handler: unwind(activation), then rethrow. Its frame
    // keeps only the activation (every other local is TOP).
    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
      if (protectedStart != null) {
        Label end = new Label();
        Label handler = new Label();
        mv.visitLabel(end);
        mv.visitTryCatchBlock(protectedStart, end, handler, null);
        mv.visitLabel(handler);
        Object[] locals = new Object[actVar + 1];
        java.util.Arrays.fill(locals, Opcodes.TOP);
        locals[actVar] = ACT;
        mv.visitFrame(Opcodes.F_NEW, locals.length, locals, 1, new Object[] {"java/lang/Throwable"});
        mv.visitVarInsn(Opcodes.ALOAD, actVar);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, "unwind", "(" + ACT_DESC + ")V", false);
        mv.visitInsn(Opcodes.ATHROW);
      }
      super.visitMaxs(maxStack, maxLocals);
    }

    private void push(int value) {
      if (value >= -1 && value <= 5) {
        mv.visitInsn(Opcodes.ICONST_0 + value);
      } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
        mv.visitIntInsn(Opcodes.BIPUSH, value);
      } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
        mv.visitIntInsn(Opcodes.SIPUSH, value);
      } else {
        mv.visitLdcInsn(value);
      }
    }

    // Before each original instruction: the block's counter if one starts
    // here, caught() at a handler's entry, then `extra` (inserted calls),
    // then the label of the instruction.
    private void before(Runnable extra) {
      int index = starts.size();
      int count = index < blockLengths.length ? blockLengths[index] : 0;
      if (count > 0) {
        mv.visitVarInsn(Opcodes.ALOAD, nodeVar);
        mv.visitInsn(Opcodes.DUP);
        mv.visitFieldInsn(Opcodes.GETFIELD, NODE, "bytecodes", "J");
        if (count == 1) {
          mv.visitInsn(Opcodes.LCONST_1);
        } else if (count <= Short.MAX_VALUE) {
          push(count);
          mv.visitInsn(Opcodes.I2L);
        } else {
          mv.visitLdcInsn((long) count);
        }
        mv.visitInsn(Opcodes.LADD);
        mv.visitFieldInsn(Opcodes.PUTFIELD, NODE, "bytecodes", "J");
      }
      if (atHandler) {
        atHandler = false;
        mv.visitVarInsn(Opcodes.ALOAD, actVar);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, "caught", "(" + ACT_DESC + ")V", false);
      }
      if (extra != null) extra.run();
      Label start = new Label();
      mv.visitLabel(start);
      starts.add(start);
      lastStart = start;
      labelsBefore = new ArrayList<>(recentLabels);
      recentLabels.clear();
    }

    private void before() {
      before(null);
    }

    private Label lastStart;  // the start of the current original instruction
    private List<Label> labelsBefore = List.of();  // the labels that preceded it

    // activation.callKind = kind, .callSite = this instruction's BCI,
    // .callTarget = target.
    private void recordCall(int kind, String target) {
      mv.visitVarInsn(Opcodes.ALOAD, actVar);
      mv.visitInsn(Opcodes.DUP);
      push(originalOffsets[starts.size()]);
      mv.visitFieldInsn(Opcodes.PUTFIELD, ACT, "callSite", "I");
      mv.visitInsn(Opcodes.DUP);
      push(target == null ? 0 : symbol(target));
      mv.visitFieldInsn(Opcodes.PUTFIELD, ACT, "callTarget", "I");
      push(kind);
      mv.visitFieldInsn(Opcodes.PUTFIELD, ACT, "callKind", "I");
    }

    private void storeReceiver() {
      mv.visitVarInsn(Opcodes.ALOAD, actVar);
      mv.visitInsn(Opcodes.SWAP);
      mv.visitFieldInsn(Opcodes.PUTFIELD, ACT, "callReceiver", "Ljava/lang/Object;");
    }

    // Records the call about to be made (see fastSite()).
    private void recordCall(int opcode, String owner, String name, String desc) {
      if (owner.startsWith("java/lang/invoke/")) {
        recordCall(CALL_UNKNOWN, null);
      } else if (opcode == Opcodes.INVOKESTATIC || opcode == Opcodes.INVOKESPECIAL) {
        // Only java.* is the JDK's by name alone: no other loader may
        // define it (jdk.compiler's classes may be the application's).
        if (owner.startsWith("java/")) {
          recordCall(CALL_JDK, null);
        } else {
          recordCall(CALL_EXACT, owner + "." + name + desc);
        }
      } else {
        // A copy of the receiver, from under the arguments, when they are
        // one value or two one-word values; else the fast path gives up.
        Type[] args = Type.getArgumentTypes(desc);
        if (args.length == 0) {
          mv.visitInsn(Opcodes.DUP);
        } else if (args.length == 1 && args[0].getSize() == 1) {
          mv.visitInsn(Opcodes.SWAP);
          mv.visitInsn(Opcodes.DUP_X1);
        } else if ((args.length == 1 && args[0].getSize() == 2)
                   || (args.length == 2 && args[0].getSize() == 1 && args[1].getSize() == 1)) {
          mv.visitInsn(Opcodes.DUP2_X1);
          mv.visitInsn(Opcodes.POP2);
          mv.visitInsn(Opcodes.DUP_X2);
        } else {
          recordCall(CALL_UNKNOWN, null);
          return;
        }
        storeReceiver();
        recordCall(CALL_VIRTUAL, name + desc);
      }
    }

    private void clearCall() {
      mv.visitVarInsn(Opcodes.ALOAD, actVar);
      mv.visitInsn(Opcodes.ICONST_0);
      mv.visitFieldInsn(Opcodes.PUTFIELD, ACT, "callKind", "I");
    }

    @Override
    public void visitLabel(Label label) {
      super.visitLabel(label);
      recentLabels.add(label);
      if (handlers.contains(label)) atHandler = true;
    }

    @Override
    public void visitFrame(int type, int nLocal, Object[] local, int nStack, Object[] stack) {
      super.visitFrame(type, nLocal, renameNewSites(local, nLocal), nStack,
                       renameNewSites(stack, nStack));
    }

    private Object[] renameNewSites(Object[] types, int n) {
      if (types == null) return null;
      Object[] result = types.clone();
      for (int i = 0; i < n && i < result.length; i++) {
        Label moved = result[i] instanceof Label ? newSites.get(result[i]) : null;
        if (moved != null) result[i] = moved;
      }
      return result;
    }

    @Override
    public void visitInsn(int opcode) {
      if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
        before(() -> {
          mv.visitVarInsn(Opcodes.ALOAD, actVar);
          mv.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, "exit", "(" + ACT_DESC + ")V", false);
        });
      } else {
        before();
      }
      super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
      before();
      super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
      before();
      super.visitVarInsn(opcode, var);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
      before();
      if (opcode == Opcodes.NEW) {
        for (Label l : labelsBefore) newSites.put(l, lastStart);
        pendingNews++;
      }
      super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String desc) {
      before();
      super.visitFieldInsn(opcode, owner, name, desc);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
      boolean halt = owner.equals("java/lang/Runtime") && name.equals("halt");
      before(() -> {
        if (halt) mv.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, "beforeHalt", "()V", false);
        recordCall(opcode, owner, name, desc);
      });
      super.visitMethodInsn(opcode, owner, name, desc, itf);
      clearCall();
      if (isInit && protectedStart == null && opcode == Opcodes.INVOKESPECIAL
          && name.equals("<init>")) {
        if (pendingNews > 0) {
          pendingNews--;
        } else {
          // This object's super()/this() call has returned.
          mv.visitVarInsn(Opcodes.ALOAD, actVar);
          mv.visitInsn(Opcodes.ICONST_0);
          mv.visitFieldInsn(Opcodes.PUTFIELD, ACT, "fragile", "Z");
          protectedStart = new Label();
          mv.visitLabel(protectedStart);
        }
      }
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
      before(() -> recordCall(CALL_UNKNOWN, null));
      super.visitInvokeDynamicInsn(name, desc, bsm, args);
      clearCall();
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
      before();
      super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
      before();
      super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int var, int increment) {
      before();
      super.visitIincInsn(var, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
      before();
      super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
      before();
      super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String desc, int dims) {
      before();
      super.visitMultiANewArrayInsn(desc, dims);
    }
  }

  // --- output: the JSON of profilers/export/export.h ---------------------------

  /** Writes the profile once: the first of the shutdown slot and a halt. */
  static void writeOnce() {
    synchronized (CctAgent.class) {
      if (written) return;
      written = true;
    }
    try {
      write(output);
    } catch (Throwable t) {  // a shutdown slot swallows it
      System.err.println("cct-agent: cannot write " + output + ": " + t);
    }
  }

  /**
   * Called by instrumented code right before an application call of
   * Runtime.halt (which runs no shutdown hook); the halt instruction itself
   * has been counted. Other threads' counts are as of this moment.
   */
  public static void beforeHalt() {
    writeOnce();
  }

  // Version 2 (profilers/export/export.h), streamed: each thread's nodes in
  // pre-order as [parent,method,site,line,calls,bytecodes], then the
  // methods, all of them the application's ("jdk":false). Readers merge the
  // threads' trees.
  static void write(String path) throws IOException {
    List<ThreadState> threads;
    synchronized (THREADS) {
      threads = new ArrayList<>(THREADS);
    }
    List<MethodInfo> methods;
    synchronized (CctAgent.class) {
      methods = new ArrayList<>(METHODS);
    }
    try (Writer w = new java.io.BufferedWriter(
             new OutputStreamWriter(new FileOutputStream(path), StandardCharsets.UTF_8), 1 << 16)) {
      StringBuilder sb = new StringBuilder();
      // A profile recorded with an internal error says so in "profiler" (the
      // test requires "oracle"), so that a broken oracle is never trusted.
      sb.append("{\"format\":\"minijvm-profile\",\"version\":2,\"profiler\":")
          .append(failure == null ? "\"oracle\"," : "\"oracle-failed\",")
          .append("\"metrics\":[\"calls\",\"bytecodes\"],\n")
          .append("\"node_fields\":[\"parent\",\"method\",\"site\",\"line\",\"calls\",\"bytecodes\"],\n")
          .append("\"threads\":[");
      long id = 0;
      for (ThreadState t : threads) {
        sb.append(id++ == 0 ? "\n" : ",\n").append("{\"name\":");
        quote(sb, t.thread.getName());
        // The count first, as minijvm writes it: a reader sizes the tree once.
        sb.append(",\"id\":").append(t.thread.getId()).append(",\"node_count\":").append(count(t.root))
            .append(",\"nodes\":[");
        w.append(sb);
        sb.setLength(0);
        nodes(w, t.root);
        w.write("]}");
      }
      sb.append("],\n\"methods\":[");
      for (int i = 0; i < methods.size(); i++) {
        MethodInfo m = methods.get(i);
        sb.append(i == 0 ? "\n" : ",\n").append("{\"id\":").append(i).append(",\"class\":");
        quote(sb, m.className());
        sb.append(",\"name\":");
        quote(sb, m.name());
        sb.append(",\"descriptor\":");
        quote(sb, m.descriptor());
        sb.append(",\"native\":false,\"source\":");
        quote(sb, m.source());
        sb.append(",\"jdk\":false}");
      }
      sb.append("]");
      if (failure != null) {
        sb.append(",\"error\":");
        quote(sb, failure);
      }
      sb.append("}\n");
      w.append(sb);
    }
  }

  /** The nodes of the tree at root, root included. */
  static long count(Node root) {
    ArrayList<Node> work = new ArrayList<>();
    work.add(root);
    long count = 0;
    while (!work.isEmpty()) {
      Node n = work.remove(work.size() - 1);
      count++;
      for (Node c = n.first; c != null; c = c.next) work.add(c);
    }
    return count;
  }

  // Pre-order, children in creation order: a parent precedes its children
  // (iteratively: trees can be as deep as the deepest recursion). A node's
  // id is its position.
  static void nodes(Writer w, Node root) throws IOException {
    ArrayList<Node> work = new ArrayList<>();
    IntStack parents = new IntStack();
    work.add(root);
    parents.push(-1);
    int next = 0;
    StringBuilder sb = new StringBuilder(128);
    while (!work.isEmpty()) {
      Node n = work.remove(work.size() - 1);
      int parent = parents.pop();
      int id = next++;
      sb.setLength(0);
      sb.append(id == 0 ? "\n[" : ",\n[").append(parent).append(',').append(n.method).append(',')
          .append(n.site).append(",-1,").append(n.calls).append(',').append(n.bytecodes).append(']');
      w.append(sb);
      int first = work.size();
      for (Node c = n.first; c != null; c = c.next) {
        work.add(c);
        parents.push(id);
      }
      java.util.Collections.reverse(work.subList(first, work.size()));
    }
  }

  /** A growable stack of ints. */
  static final class IntStack {
    int[] items = new int[64];
    int size;

    void push(int v) {
      if (size == items.length) items = java.util.Arrays.copyOf(items, 2 * size);
      items[size++] = v;
    }

    int pop() {
      return items[--size];
    }
  }

  static void quote(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    sb.append('"');
  }

  /**
   * Passes a method's code on to the ClassWriter, noting where each
   * instruction starts (a label just before it) and its opcode.
   */
  static final class Recorder extends MethodVisitor {
    private final List<Label> labels = new ArrayList<>();
    private int[] opcodes = new int[64];

    Recorder(MethodVisitor mv) {
      super(Opcodes.ASM8, mv);
    }

    private void next(int opcode) {
      Label l = new Label();
      super.visitLabel(l);
      if (labels.size() == opcodes.length) opcodes = java.util.Arrays.copyOf(opcodes, 2 * opcodes.length);
      opcodes[labels.size()] = opcode;
      labels.add(l);
    }

    int[] offsets() {
      int[] r = new int[labels.size()];
      for (int i = 0; i < r.length; i++) r[i] = labels.get(i).getOffset();
      return r;
    }

    int[] opcodes() {
      return java.util.Arrays.copyOf(opcodes, labels.size());
    }

    @Override public void visitInsn(int opcode) { next(opcode); super.visitInsn(opcode); }
    @Override public void visitIntInsn(int opcode, int operand) {
      next(opcode);
      super.visitIntInsn(opcode, operand);
    }
    @Override public void visitVarInsn(int opcode, int var) { next(opcode); super.visitVarInsn(opcode, var); }
    @Override public void visitTypeInsn(int opcode, String type) {
      next(opcode);
      super.visitTypeInsn(opcode, type);
    }
    @Override public void visitFieldInsn(int opcode, String owner, String name, String desc) {
      next(opcode);
      super.visitFieldInsn(opcode, owner, name, desc);
    }
    @Override public void visitMethodInsn(int opcode, String owner, String name, String desc,
                                          boolean itf) {
      next(opcode);
      super.visitMethodInsn(opcode, owner, name, desc, itf);
    }
    @Override public void visitInvokeDynamicInsn(String name, String desc, Handle bsm,
                                                 Object... args) {
      next(Opcodes.INVOKEDYNAMIC);
      super.visitInvokeDynamicInsn(name, desc, bsm, args);
    }
    @Override public void visitJumpInsn(int opcode, Label label) {
      next(opcode);
      super.visitJumpInsn(opcode, label);
    }
    @Override public void visitLdcInsn(Object value) { next(Opcodes.LDC); super.visitLdcInsn(value); }
    @Override public void visitIincInsn(int var, int increment) {
      next(Opcodes.IINC);
      super.visitIincInsn(var, increment);
    }
    @Override public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
      next(Opcodes.TABLESWITCH);
      super.visitTableSwitchInsn(min, max, dflt, labels);
    }
    @Override public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
      next(Opcodes.LOOKUPSWITCH);
      super.visitLookupSwitchInsn(dflt, keys, labels);
    }
    @Override public void visitMultiANewArrayInsn(String desc, int dims) {
      next(Opcodes.MULTIANEWARRAY);
      super.visitMultiANewArrayInsn(desc, dims);
    }
  }
}
