// The independent oracle of issue 5 ("Tests"): a java.lang.instrument agent
// that records, on HotSpot, the exact calling context tree of a program's
// APPLICATION classes, with calls and executed bytecodes per context, and
// writes it at exit in minijvm's profile JSON (profilers/export/export.h).
//
//   java -Xint --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED \
//        --add-exports java.base/jdk.internal.org.objectweb.asm.commons=ALL-UNNAMED \
//        -javaagent:cct-agent.jar=/path/out.json -cp CLASSES Main
//
// Contract: the profile equals minijvm's `-profile=cct` projected onto
// application frames (weights_of with app_only=true, profilers/tool/
// prof_tool.cpp):
//  * application classes: defined by a non-bootstrap loader, not hidden,
//    and outside java., javax., jdk., sun., com.sun. (and this agent);
//  * a context per application method per call site under the context of
//    the nearest application frame below it (or the thread's root); the site
//    is the BCI of the invoke (or of the instruction that triggered a
//    <clinit>) in the immediate caller when that caller is an application
//    frame, else -1 (JDK code in between, or a thread's entry). Hidden frames
//    (lambda proxies, LambdaForms) are not frames, as for StackWalker by
//    default; reflection frames (Method.invoke) are JDK frames;
//  * calls = entries; bytecodes = every executed original instruction of the
//    method, counted before it executes (so an instruction that throws counts,
//    as minijvm counts at dispatch). Labels, frames, line numbers and the
//    instructions the agent inserts do not count.
//
// How: every application method (including <init> and <clinit>) starts with
// `node = CctAgent.enter(methodId)`, increments node.bytecodes before each
// original instruction and calls CctAgent.exit(node) before each return.
// Exceptional exits are not instrumented (no handler can cover the code of a
// constructor before super() returns); instead each activation records its
// stack depth and frame, and enter() drops the activations that are no longer
// on the real stack (checked with StackWalker), exit() those above its own.
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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

  /** A calling context: method called at `site` under `parent`. */
  public static final class Node {
    final int method;
    final int site;
    final Node parent;
    public long calls;
    public long bytecodes;
    final Map<Long, Node> children = new LinkedHashMap<>();

    Node(int method, int site, Node parent) {
      this.method = method;
      this.site = site;
      this.parent = parent;
    }

    Node child(int method, int site) {
      long key = ((long) method << 32) | (site & 0xffffffffL);
      Node c = children.get(key);
      if (c == null) {
        c = new Node(method, site, this);
        children.put(key, c);
      }
      return c;
    }
  }

  /** A live activation of an instrumented method (one real frame). */
  static final class Activation {
    final Node node;
    final int depth;  // frames below it on the thread's stack
    final Class<?> declaring;
    final String name;

    Activation(Node node, int depth, Class<?> declaring, String name) {
      this.node = node;
      this.depth = depth;
      this.declaring = declaring;
      this.name = name;
    }
  }

  static final class ThreadState {
    final Thread thread = Thread.currentThread();
    final Node root = new Node(-1, -1, null);
    final ArrayList<Activation> stack = new ArrayList<>();
  }

  record MethodInfo(String className, String name, String descriptor, String source) {}

  private static final List<MethodInfo> METHODS = new ArrayList<>();
  private static final List<ThreadState> THREADS = new ArrayList<>();
  private static final ThreadLocal<ThreadState> STATE = new ThreadLocal<>();
  private static final StackWalker WALKER = StackWalker.getInstance(
      java.util.Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE,
                       StackWalker.Option.SHOW_REFLECT_FRAMES));
  private static final Function<Stream<StackWalker.StackFrame>, List<StackWalker.StackFrame>>
      COLLECT = new Function<>() {
        @Override
        public List<StackWalker.StackFrame> apply(Stream<StackWalker.StackFrame> s) {
          return s.collect(Collectors.toList());
        }
      };
  private static volatile String failure;  // the first internal error, reported loudly

  // Per method id: instrumented BCI -> original BCI (-1 for inserted code).
  private static final List<int[]> BCI_MAPS = new ArrayList<>();
  private static final Map<String, Integer> METHOD_IDS = new java.util.HashMap<>();

  static synchronized int register(String cls, String name, String desc, String source) {
    METHODS.add(new MethodInfo(cls, name, desc, source == null ? "" : source));
    BCI_MAPS.add(null);
    METHOD_IDS.put(cls.replace('/', '.') + "." + name + desc, METHODS.size() - 1);
    return METHODS.size() - 1;
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

  static boolean isJdkName(String internalName) {
    return internalName.startsWith("java/") || internalName.startsWith("javax/")
        || internalName.startsWith("jdk/") || internalName.startsWith("sun/")
        || internalName.startsWith("com/sun/");
  }

  static boolean isApplication(Class<?> c) {
    return c.getClassLoader() != null && !c.isHidden()
        && !isJdkName(c.getName().replace('.', '/'))
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

  /** Called first thing in every instrumented method; returns its context. */
  public static Node enter(int method) {
    ThreadState st = state();
    List<StackWalker.StackFrame> frames = WALKER.walk(COLLECT);
    // frames[0] is this method, frames[1] the instrumented one, then its callers.
    int n = frames.size();
    int depth = n - 2;
    ArrayList<Activation> stack = st.stack;
    // Drop activations left behind by exceptions: those at or above this
    // frame's depth, and those whose frame is no longer on the stack.
    while (!stack.isEmpty()) {
      Activation top = stack.get(stack.size() - 1);
      if (top.depth < depth) {
        StackWalker.StackFrame f = frames.get(n - 1 - top.depth);
        if (f.getDeclaringClass() == top.declaring && f.getMethodName().equals(top.name)) break;
      }
      stack.remove(stack.size() - 1);
    }
    int site = -1;
    if (n > 2 && isApplication(frames.get(2).getDeclaringClass())) {
      site = originalBci(frames.get(2));
      if (stack.isEmpty() || stack.get(stack.size() - 1).depth != depth - 1)
        fail("no context for the application caller " + frames.get(2));
    }
    Node parent = stack.isEmpty() ? st.root : stack.get(stack.size() - 1).node;
    Node node = parent.child(method, site);
    node.calls++;
    StackWalker.StackFrame self = frames.get(1);
    stack.add(new Activation(node, depth, self.getDeclaringClass(), self.getMethodName()));
    return node;
  }

  /** Called before every return instruction of an instrumented method. */
  public static void exit(Node node) {
    ArrayList<Activation> stack = state().stack;
    while (!stack.isEmpty()) {
      Activation top = stack.remove(stack.size() - 1);
      if (top.node == node) return;
    }
    fail("exit without a matching entry");
  }

  // --- instrumentation -------------------------------------------------------

  public static void premain(String args, Instrumentation inst) {
    if (args == null || args.isEmpty()) {
      throw new IllegalArgumentException("cct-agent: usage -javaagent:cct-agent.jar=OUT.json");
    }
    final String out = args;
    Runtime.getRuntime().addShutdownHook(new Thread("cct-agent-writer") {
      @Override
      public void run() {
        write(out);
      }
    });
    inst.addTransformer(new ClassFileTransformer() {
      @Override
      public byte[] transform(ClassLoader loader, String className, Class<?> redefined,
                              ProtectionDomain domain, byte[] bytes) {
        if (loader == null || className == null || redefined != null || isJdkName(className)
            || className.startsWith("minijvm/oracle/") || className.contains("$$Lambda$")) {
          return null;
        }
        try {
          return instrument(bytes);
        } catch (Throwable t) {
          fail("cannot instrument " + className + ": " + t);
          t.printStackTrace();
          return null;
        }
      }
    });
  }

  static byte[] instrument(byte[] bytes) {
    ClassReader reader = new ClassReader(bytes);
    Map<String, int[]> originalOffsets = instructionOffsets(reader);
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
        int[] offsets = originalOffsets.get(name + desc);
        if (offsets == null) throw new IllegalStateException("no Code for " + name + desc);
        Counter c = new Counter(access, desc, mv, register(className, name, desc, source), offsets);
        counters.add(c);
        return c;
      }
    }, ClassReader.EXPAND_FRAMES);
    byte[] result = writer.toByteArray();
    // Label offsets are final now: map the instrumented BCIs back.
    for (Counter c : counters) c.publishBciMap();
    return result;
  }

  // The start offset of every instruction of every method with code, by
  // name + descriptor, read from the class file itself (JVMS 4.7.3, 6.5):
  // StackWalker reports BCIs of the instrumented code, which are mapped back.
  static Map<String, int[]> instructionOffsets(ClassReader r) {
    Map<String, int[]> result = new java.util.HashMap<>();
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
          int codeLength = r.readInt(a + 10);
          result.put(key, decode(r, a + 14, codeLength));
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

  static int[] decode(ClassReader r, int code, int length) {
    int[] offsets = new int[length];
    int n = 0;
    int pc = 0;
    while (pc < length) {
      offsets[n++] = pc;
      int op = r.readByte(code + pc);
      int size;
      switch (op) {
        case 16, 18, 21, 22, 23, 24, 25, 54, 55, 56, 57, 58, 169, 188 -> size = 2;
        case 17, 19, 20, 132, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165,
             166, 167, 168, 178, 179, 180, 181, 182, 183, 184, 187, 189, 192, 193, 198, 199 ->
            size = 3;
        case 197 -> size = 4;
        case 185, 186, 200, 201 -> size = 5;
        case 196 -> size = r.readByte(code + pc + 1) == 132 ? 6 : 4;
        case 170 -> {
          int base = pc + 1 + (3 - pc % 4);
          int low = r.readInt(code + base + 4);
          int high = r.readInt(code + base + 8);
          size = base + 12 + 4 * (high - low + 1) - pc;
        }
        case 171 -> {
          int base = pc + 1 + (3 - pc % 4);
          size = base + 8 + 8 * r.readInt(code + base + 4) - pc;
        }
        default -> size = 1;
      }
      pc += size;
    }
    return java.util.Arrays.copyOf(offsets, n);
  }

  /** Adds the entry/exit hooks and a counter before each original instruction. */
  static final class Counter extends LocalVariablesSorter {
    private final int methodId;
    private final int[] originalOffsets;  // of the original instructions, in order
    private final List<Label> starts = new ArrayList<>();  // the same, in the new code
    private int nodeVar;
    // Labels visited since the last original instruction; when that is a NEW,
    // frames' Uninitialized(label) entries must name the NEW itself, which
    // now follows the inserted counter (JVMS 4.10.1.2).
    private final List<Label> recentLabels = new ArrayList<>();
    private final Map<Label, Label> newSites = new java.util.HashMap<>();

    Counter(int access, String desc, MethodVisitor mv, int methodId, int[] originalOffsets) {
      super(Opcodes.ASM8, access, desc, mv);
      this.methodId = methodId;
      this.originalOffsets = originalOffsets;
    }

    void publishBciMap() {
      if (starts.size() != originalOffsets.length) {
        fail("method " + methodId + ": " + starts.size() + " instructions visited, "
             + originalOffsets.length + " decoded");
        return;
      }
      int last = starts.get(starts.size() - 1).getOffset();
      int[] map = new int[last + 1];
      java.util.Arrays.fill(map, -1);
      for (int i = 0; i < starts.size(); i++) map[starts.get(i).getOffset()] = originalOffsets[i];
      setBciMap(methodId, map);
    }

    @Override
    public void visitCode() {
      super.visitCode();
      nodeVar = newLocal(Type.getObjectType(NODE));
      mv.visitLdcInsn(methodId);
      mv.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, "enter", "(I)" + NODE_DESC, false);
      mv.visitVarInsn(Opcodes.ASTORE, nodeVar);
    }

    private void count() {
      mv.visitVarInsn(Opcodes.ALOAD, nodeVar);
      mv.visitInsn(Opcodes.DUP);
      mv.visitFieldInsn(Opcodes.GETFIELD, NODE, "bytecodes", "J");
      mv.visitInsn(Opcodes.LCONST_1);
      mv.visitInsn(Opcodes.LADD);
      mv.visitFieldInsn(Opcodes.PUTFIELD, NODE, "bytecodes", "J");
      Label start = new Label();
      mv.visitLabel(start);
      starts.add(start);
      lastStart = start;
      labelsBefore = new ArrayList<>(recentLabels);
      recentLabels.clear();
    }

    private Label lastStart;  // the start of the current original instruction
    private List<Label> labelsBefore = List.of();  // the labels that preceded it

    @Override
    public void visitLabel(Label label) {
      super.visitLabel(label);
      recentLabels.add(label);
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
      count();
      if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
        mv.visitVarInsn(Opcodes.ALOAD, nodeVar);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, AGENT, "exit", "(" + NODE_DESC + ")V", false);
      }
      super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
      count();
      super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
      count();
      super.visitVarInsn(opcode, var);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
      count();
      if (opcode == Opcodes.NEW) {
        for (Label l : labelsBefore) newSites.put(l, lastStart);
      }
      super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String desc) {
      count();
      super.visitFieldInsn(opcode, owner, name, desc);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
      count();
      super.visitMethodInsn(opcode, owner, name, desc, itf);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
      count();
      super.visitInvokeDynamicInsn(name, desc, bsm, args);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
      count();
      super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
      count();
      super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int var, int increment) {
      count();
      super.visitIincInsn(var, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
      count();
      super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
      count();
      super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String desc, int dims) {
      count();
      super.visitMultiANewArrayInsn(desc, dims);
    }
  }

  // --- output: the JSON of profilers/export/export.h ---------------------------

  static void write(String path) {
    List<ThreadState> threads;
    synchronized (THREADS) {
      threads = new ArrayList<>(THREADS);
    }
    List<MethodInfo> methods;
    synchronized (CctAgent.class) {
      methods = new ArrayList<>(METHODS);
    }
    Node merged = new Node(-1, -1, null);
    for (ThreadState t : threads) merge(merged, t.root);
    StringBuilder sb = new StringBuilder();
    // A profile recorded with an internal error says so in "profiler" (the
    // test requires "oracle"), so that a broken oracle is never trusted.
    sb.append("{\"format\":\"minijvm-profile\",\"version\":1,\"profiler\":")
        .append(failure == null ? "\"oracle\"," : "\"oracle-failed\",")
        .append("\"metrics\":[\"calls\",\"bytecodes\"],\n\"methods\":[");
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
      sb.append('}');
    }
    sb.append("],\n\"nodes\":[");
    nodes(sb, merged);
    sb.append("],\n\"threads\":[");
    boolean first = true;
    for (ThreadState t : threads) {
      sb.append(first ? "\n" : ",\n").append("{\"name\":");
      first = false;
      quote(sb, t.thread.getName());
      sb.append(",\"nodes\":[");
      nodes(sb, t.root);
      sb.append("]}");
    }
    sb.append("]");
    if (failure != null) {
      sb.append(",\"error\":");
      quote(sb, failure);
    }
    sb.append("}\n");
    try (Writer w = new OutputStreamWriter(new FileOutputStream(path), StandardCharsets.UTF_8)) {
      w.write(sb.toString());
    } catch (IOException e) {
      System.err.println("cct-agent: cannot write " + path + ": " + e);
    }
  }

  static void merge(Node into, Node from) {
    into.calls += from.calls;
    into.bytecodes += from.bytecodes;
    for (Node c : new ArrayList<>(from.children.values())) merge(into.child(c.method, c.site), c);
  }

  // Pre-order, children in creation order: a parent precedes its children.
  static void nodes(StringBuilder sb, Node root) {
    ArrayList<Node> order = new ArrayList<>();
    Map<Node, Integer> ids = new java.util.IdentityHashMap<>();
    ArrayList<Node> work = new ArrayList<>();
    work.add(root);
    while (!work.isEmpty()) {
      Node n = work.remove(work.size() - 1);
      ids.put(n, order.size());
      order.add(n);
      ArrayList<Node> kids = new ArrayList<>(n.children.values());
      for (int i = kids.size() - 1; i >= 0; i--) work.add(kids.get(i));
    }
    for (int i = 0; i < order.size(); i++) {
      Node n = order.get(i);
      sb.append(i == 0 ? "\n" : ",\n").append("{\"id\":").append(i)
          .append(",\"parent\":").append(n.parent == null ? -1 : ids.get(n.parent))
          .append(",\"method\":").append(n.method).append(",\"site\":").append(n.site)
          .append(",\"line\":-1,\"calls\":").append(n.calls)
          .append(",\"bytecodes\":").append(n.bytecodes).append('}');
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
}
