import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import jdk.internal.org.objectweb.asm.*;

/**
 * Writes class files javac cannot produce (invokedynamic with user bootstrap methods, CONSTANT_Dynamic, an lcmp
 * whose result is not branched on, an override of a final method, accessors that narrow, synchronized methods that
 * release their own lock) into CLASSES/diff/gen. Run at build time:
 * java --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED GenIndyClasses CLASSES
 * The bootstrap methods live in tests/java/diff/indy/Bootstraps.java.
 */
public class GenIndyClasses implements Opcodes {
  static final String BSMS = "diff/indy/Bootstraps";
  static final String LOOKUP = "Ljava/lang/invoke/MethodHandles$Lookup;";
  static final String CALLSITE_PREFIX = "(" + LOOKUP + "Ljava/lang/String;Ljava/lang/invoke/MethodType;";
  static final String CONDY_PREFIX = "(" + LOOKUP + "Ljava/lang/String;Ljava/lang/Class;";

  public static void main(String[] args) throws IOException {
    Path out = Path.of(args[0], "diff", "gen");
    Files.createDirectories(out);
    Files.write(out.resolve("UserIndy.class"), userIndy());
    Files.write(out.resolve("UserCondy.class"), userCondy());
    Files.write(out.resolve("BsmThrows.class"), bsmThrows());
    Files.write(out.resolve("LdcHandles.class"), ldcHandles());
    Files.write(out.resolve("BsmEdges.class"), bsmEdges());
    Files.write(out.resolve("IndyReentry.class"), indyReentry());
    Files.write(out.resolve("CondyTypes.class"), condyTypes());
    Files.write(out.resolve("RawLcmp.class"), rawLcmp());
    Files.write(out.resolve("HasFinal.class"), hasFinal());
    Files.write(out.resolve("OverridesFinal.class"), overridesFinal());
    Files.write(out.resolve("NarrowingAccessors.class"), narrowingAccessors());
    Files.write(out.resolve("ThisReplaced.class"), thisReplaced());
    Files.write(out.resolve("ConstantByteStores.class"), constantByteStores());
    Files.write(out.resolve("UnlockedSync.class"), unlockedSync());
  }

  /**
   * diff.gen.UnlockedSync: synchronized methods, an instance and a static one, that release their own lock with
   * monitorexit (javac pairs every monitorexit with a monitorenter), so their return finds the lock not held and
   * throws IllegalMonitorStateException there. Each is called 3000 times in a loop that catches it, so the callers
   * and the methods are compiled; then the count, whether either lock is still held, the exception itself, and a
   * synchronized call that works on the same object.
   */
  static byte[] unlockedSync() {
    String cn = "diff/gen/UnlockedSync";
    String imse = "java/lang/IllegalMonitorStateException";
    ClassWriter cw = begin(cn);
    constructor(cw, "java/lang/Object");
    MethodVisitor mv = cw.visitMethod(ACC_SYNCHRONIZED, "release", "()V", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 0);
    mv.visitInsn(MONITOREXIT);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_STATIC | ACC_SYNCHRONIZED, "releaseClass", "()V", null, null);
    mv.visitCode();
    mv.visitLdcInsn(Type.getObjectType(cn));
    mv.visitInsn(MONITOREXIT);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_SYNCHRONIZED, "twice", "(I)I", null, null);
    mv.visitCode();
    mv.visitVarInsn(ILOAD, 1);
    mv.visitInsn(ICONST_2);
    mv.visitInsn(IMUL);
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();

    mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    newInto(mv, cn, 1);  // the object
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, 2);  // exceptions caught
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, 3);  // the loop's counter
    Label loop = new Label();
    Label done = new Label();
    loopTop(mv, loop, 3, 3000, done);
    final MethodVisitor m = mv;
    Runnable counted = () -> {
      m.visitInsn(POP);
      m.visitIincInsn(2, 1);
    };
    catching(mv, imse, () -> {
      m.visitVarInsn(ALOAD, 1);
      m.visitMethodInsn(INVOKEVIRTUAL, cn, "release", "()V", false);
    }, counted);
    catching(mv, imse, () -> m.visitMethodInsn(INVOKESTATIC, cn, "releaseClass", "()V", false), counted);
    loopBottom(mv, 3, loop, done);
    mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
    mv.visitVarInsn(ILOAD, 2);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/PrintStream", "println", "(I)V", false);
    for (int lock = 0; lock < 2; lock++) {
      mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
      if (lock == 0) mv.visitVarInsn(ALOAD, 1);
      else mv.visitLdcInsn(Type.getObjectType(cn));
      mv.visitMethodInsn(INVOKESTATIC, "java/lang/Thread", "holdsLock", "(Ljava/lang/Object;)Z", false);
      mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Z)V", false);
    }
    catching(mv, imse, () -> {
      m.visitVarInsn(ALOAD, 1);
      m.visitMethodInsn(INVOKEVIRTUAL, cn, "release", "()V", false);
    }, () -> {
      m.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Object", "toString", "()Ljava/lang/String;", false);
      println(m);
    });
    mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
    mv.visitVarInsn(ALOAD, 1);
    mv.visitIntInsn(BIPUSH, 21);
    mv.visitMethodInsn(INVOKEVIRTUAL, cn, "twice", "(I)I", false);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/PrintStream", "println", "(I)V", false);
    return endClass(cw, mv);
  }

  /**
   * diff.gen.ConstantByteStores: bastore of constants (0, 1, 2, 3, -1, 0x100) into a boolean[] and a byte[] (javac
   * stores only 0 and 1 into a boolean[]): a boolean array keeps the low bit, a byte array the low byte. 3000 rounds,
   * so the loop is compiled, then each element printed.
   */
  static byte[] constantByteStores() {
    String cn = "diff/gen/ConstantByteStores";
    ClassWriter cw = begin(cn);
    constructor(cw, "java/lang/Object");
    int[] constants = {0, 1, 2, 3, -1, 0x100};
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    mv.visitIntInsn(BIPUSH, constants.length);
    mv.visitIntInsn(NEWARRAY, T_BOOLEAN);
    mv.visitVarInsn(ASTORE, 1);
    mv.visitIntInsn(BIPUSH, constants.length);
    mv.visitIntInsn(NEWARRAY, T_BYTE);
    mv.visitVarInsn(ASTORE, 2);
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, 3);
    Label loop = new Label();
    Label done = new Label();
    loopTop(mv, loop, 3, 3000, done);
    for (int array = 1; array <= 2; array++) {
      for (int i = 0; i < constants.length; i++) {
        mv.visitVarInsn(ALOAD, array);
        mv.visitIntInsn(BIPUSH, i);
        mv.visitLdcInsn(constants[i]);
        mv.visitInsn(BASTORE);
      }
    }
    loopBottom(mv, 3, loop, done);
    for (int array = 1; array <= 2; array++) {
      for (int i = 0; i < constants.length; i++) {
        mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        mv.visitVarInsn(ALOAD, array);
        mv.visitIntInsn(BIPUSH, i);
        mv.visitInsn(BALOAD);
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/PrintStream", "println", "(I)V", false);
      }
    }
    return endClass(cw, mv);
  }

  /**
   * diff.gen.ThisReplaced: instance methods that store another object into local 0 (javac never writes `this`'s
   * local) and then read a field, write a field and call a method through it, so compiled code must not take local 0
   * for a `this` that cannot be null. Each runs 3000 times with an object (compiled at the default threshold), then
   * once with null inside a handler that prints the NullPointerException's message.
   */
  static byte[] thisReplaced() {
    String cn = "diff/gen/ThisReplaced";
    String self = "L" + cn + ";";
    ClassWriter cw = begin(cn);
    cw.visitField(0, "x", "I", null, null).visitEnd();
    constructor(cw, "java/lang/Object");
    MethodVisitor mv = replacingThis(cw, "xOf", "(" + self + ")I");  // other.x
    mv.visitFieldInsn(GETFIELD, cn, "x", "I");
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = replacingThis(cw, "setOn", "(" + self + "I)V");  // other.x = v
    mv.visitVarInsn(ILOAD, 2);
    mv.visitFieldInsn(PUTFIELD, cn, "x", "I");
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = replacingThis(cw, "callOn", "(" + self + ")I");  // other.xOf(other)
    mv.visitVarInsn(ALOAD, 0);
    mv.visitMethodInsn(INVOKEVIRTUAL, cn, "xOf", "(" + self + ")I", false);
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();

    mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    newInto(mv, cn, 1);  // t
    newInto(mv, cn, 2);  // u
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, 3);  // sum
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, 4);  // k
    Label loop = new Label();
    Label done = new Label();
    loopTop(mv, loop, 4, 3000, done);
    mv.visitVarInsn(ALOAD, 1);  // t.setOn(u, k)
    mv.visitVarInsn(ALOAD, 2);
    mv.visitVarInsn(ILOAD, 4);
    mv.visitMethodInsn(INVOKEVIRTUAL, cn, "setOn", "(" + self + "I)V", false);
    mv.visitVarInsn(ILOAD, 3);  // sum += t.xOf(u) + t.callOn(u)
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 2);
    mv.visitMethodInsn(INVOKEVIRTUAL, cn, "xOf", "(" + self + ")I", false);
    mv.visitInsn(IADD);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ALOAD, 2);
    mv.visitMethodInsn(INVOKEVIRTUAL, cn, "callOn", "(" + self + ")I", false);
    mv.visitInsn(IADD);
    mv.visitVarInsn(ISTORE, 3);
    loopBottom(mv, 4, loop, done);
    mv.visitVarInsn(ILOAD, 3);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(I)Ljava/lang/String;", false);
    println(mv);
    // Each method once more, with null for the object that replaces `this`.
    String[][] calls = {{"xOf", "(" + self + ")I"}, {"setOn", "(" + self + "I)V"}, {"callOn", "(" + self + ")I"}};
    for (String[] call : calls) {
      final MethodVisitor m = mv;
      catching(mv, "java/lang/NullPointerException", () -> {
        m.visitVarInsn(ALOAD, 1);
        m.visitInsn(ACONST_NULL);
        if (call[0].equals("setOn")) m.visitInsn(ICONST_1);
        m.visitMethodInsn(INVOKEVIRTUAL, cn, call[0], call[1], false);
        if (!call[0].equals("setOn")) m.visitInsn(POP);
        m.visitLdcInsn(call[0] + " with null: no exception");
        println(m);
      }, () -> {
        m.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Throwable", "getMessage", "()Ljava/lang/String;", false);
        println(m);
      });
    }
    return endClass(cw, mv);
  }

  /** diff.gen.HasFinal: a public final m(String) and a package-private final n(). */
  static byte[] hasFinal() {
    ClassWriter cw = begin("diff/gen/HasFinal");
    constructor(cw, "java/lang/Object");
    emptyMethod(cw, ACC_PUBLIC | ACC_FINAL, "m", "(Ljava/lang/String;)V");
    emptyMethod(cw, ACC_FINAL, "n", "()V");
    cw.visitEnd();
    return cw.toByteArray();
  }

  /** diff.gen.OverridesFinal: overrides HasFinal's final m, which javac refuses and loading rejects. */
  static byte[] overridesFinal() {
    ClassWriter cw = begin("diff/gen/OverridesFinal", "diff/gen/HasFinal");
    constructor(cw, "diff/gen/HasFinal");
    emptyMethod(cw, ACC_PUBLIC, "m", "(Ljava/lang/String;)V");
    cw.visitEnd();
    return cw.toByteArray();
  }

  /** A method whose body is a bare return. */
  static void emptyMethod(ClassWriter cw, int access, String name, String descriptor) {
    MethodVisitor mv = cw.visitMethod(access, name, descriptor, null, null);
    mv.visitCode();
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  static void constructor(ClassWriter cw, String superName) {
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 0);
    mv.visitMethodInsn(INVOKESPECIAL, superName, "<init>", "()V", false);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /**
   * diff.gen.RawLcmp: javac follows every lcmp with an if, on whose flags compiled code jumps; here its int is
   * returned, added to, and carried over a goto to an if at a label. Twelve rounds, so the methods are compiled at
   * the suite's low threshold.
   */
  static byte[] rawLcmp() {
    String cn = "diff/gen/RawLcmp";
    ClassWriter cw = begin(cn);
    MethodVisitor mv = cw.visitMethod(ACC_STATIC, "cmp", "(JJ)I", null, null);
    mv.visitCode();
    mv.visitVarInsn(LLOAD, 0);
    mv.visitVarInsn(LLOAD, 2);
    mv.visitInsn(LCMP);
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_STATIC, "cmpPlus", "(JJ)I", null, null);
    mv.visitCode();
    mv.visitVarInsn(LLOAD, 0);
    mv.visitVarInsn(LLOAD, 2);
    mv.visitInsn(LCMP);
    mv.visitIntInsn(BIPUSH, 10);
    mv.visitInsn(IADD);
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_STATIC, "cmpJoin", "(JJ)I", null, null);
    mv.visitCode();
    Label join = new Label();
    Label greater = new Label();
    mv.visitVarInsn(LLOAD, 0);
    mv.visitVarInsn(LLOAD, 2);
    mv.visitInsn(LCMP);
    mv.visitJumpInsn(GOTO, join);
    mv.visitLabel(join);
    mv.visitJumpInsn(IFGT, greater);
    mv.visitIntInsn(BIPUSH, 20);
    mv.visitInsn(IRETURN);
    mv.visitLabel(greater);
    mv.visitIntInsn(BIPUSH, 21);
    mv.visitInsn(IRETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    long[][] pairs = {{Long.MIN_VALUE, 1}, {1, Long.MIN_VALUE}, {5, 5}, {-1, 0}, {Long.MAX_VALUE, -1}};
    Label loop = new Label();
    Label done = new Label();
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, 1);
    loopTop(mv, loop, 1, 12, done);
    for (long[] pair : pairs) {
      for (String method : new String[] {"cmp", "cmpPlus", "cmpJoin"}) {
        mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        mv.visitLdcInsn(pair[0]);
        mv.visitLdcInsn(pair[1]);
        mv.visitMethodInsn(INVOKESTATIC, cn, method, "(JJ)I", false);
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/PrintStream", "println", "(I)V", false);
      }
    }
    loopBottom(mv, 1, loop, done);
    return endClass(cw, mv);
  }

  /**
   * diff.gen.NarrowingAccessors: getters that return an int field from methods declared byte, char, short and
   * boolean (ireturn narrows, JVMS §6.5), and a setter that stores an int into a boolean field (putfield keeps
   * its low bit, read back by an int getter), which javac never writes; compiled code runs such trivial methods in place. 3000 rounds, so
   * they are compiled at the default threshold.
   */
  static byte[] narrowingAccessors() {
    String cn = "diff/gen/NarrowingAccessors";
    ClassWriter cw = begin(cn);
    cw.visitField(0, "i", "I", null, null).visitEnd();
    cw.visitField(0, "z", "Z", null, null).visitEnd();
    constructor(cw, "java/lang/Object");
    String[][] getters = {{"asByte", "B", "i", "I"}, {"asChar", "C", "i", "I"}, {"asShort", "S", "i", "I"},
        {"asBoolean", "Z", "i", "I"}, {"getZ", "Z", "z", "Z"}, {"zAsInt", "I", "z", "Z"}};
    for (String[] g : getters) {
      MethodVisitor mv = cw.visitMethod(0, g[0], "()" + g[1], null, null);
      mv.visitCode();
      mv.visitVarInsn(ALOAD, 0);
      mv.visitFieldInsn(GETFIELD, cn, g[2], g[3]);
      mv.visitInsn(IRETURN);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    for (String[] setter : new String[][] {{"setI", "i", "I"}, {"setZ", "z", "Z"}}) {
      MethodVisitor mv = cw.visitMethod(0, setter[0], "(I)V", null, null);
      mv.visitCode();
      mv.visitVarInsn(ALOAD, 0);
      mv.visitVarInsn(ILOAD, 1);
      mv.visitFieldInsn(PUTFIELD, cn, setter[1], setter[2]);
      mv.visitInsn(RETURN);
      mv.visitMaxs(0, 0);
      mv.visitEnd();
    }
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    mv.visitTypeInsn(NEW, cn);
    mv.visitInsn(DUP);
    mv.visitMethodInsn(INVOKESPECIAL, cn, "<init>", "()V", false);
    mv.visitVarInsn(ASTORE, 1);
    mv.visitInsn(LCONST_0);
    mv.visitVarInsn(LSTORE, 2);
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, 4);
    Label loop = new Label();
    Label done = new Label();
    loopTop(mv, loop, 4, 3000, done);
    // value = k * 0x9E3779B9: every bit pattern of the low bytes comes by
    mv.visitVarInsn(ILOAD, 4);
    mv.visitLdcInsn(0x9E3779B9);
    mv.visitInsn(IMUL);
    mv.visitVarInsn(ISTORE, 5);
    for (String setter : new String[] {"setI", "setZ"}) {
      mv.visitVarInsn(ALOAD, 1);
      mv.visitVarInsn(ILOAD, 5);
      mv.visitMethodInsn(INVOKEVIRTUAL, cn, setter, "(I)V", false);
    }
    for (String[] g : getters) {
      mv.visitVarInsn(LLOAD, 2);
      mv.visitVarInsn(ALOAD, 1);
      mv.visitMethodInsn(INVOKEVIRTUAL, cn, g[0], "()" + g[1], false);
      mv.visitInsn(I2L);
      mv.visitInsn(LADD);
      mv.visitVarInsn(LSTORE, 2);
    }
    loopBottom(mv, 4, loop, done);
    mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
    mv.visitVarInsn(LLOAD, 2);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/PrintStream", "println", "(J)V", false);
    return endClass(cw, mv);
  }

  static Handle bsm(String name, String desc) {
    return new Handle(H_INVOKESTATIC, BSMS, name, desc, false);
  }

  /** An instance method that begins by storing its first argument into local 0 and pushing it. */
  static MethodVisitor replacingThis(ClassWriter cw, String name, String descriptor) {
    MethodVisitor mv = cw.visitMethod(0, name, descriptor, null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 1);
    mv.visitVarInsn(ASTORE, 0);
    mv.visitVarInsn(ALOAD, 0);
    return mv;
  }

  /** The head of a counted loop at `loop`: to `done` once int local `counter` reaches `bound`. */
  static void loopTop(MethodVisitor mv, Label loop, int counter, int bound, Label done) {
    mv.visitLabel(loop);
    mv.visitVarInsn(ILOAD, counter);
    mv.visitIntInsn(bound <= Byte.MAX_VALUE ? BIPUSH : SIPUSH, bound);
    mv.visitJumpInsn(IF_ICMPGE, done);
  }

  /** The end of a counted loop: the counter's increment, the jump back, and `done` after it. */
  static void loopBottom(MethodVisitor mv, int counter, Label loop, Label done) {
    mv.visitIincInsn(counter, 1);
    mv.visitJumpInsn(GOTO, loop);
    mv.visitLabel(done);
  }

  /** A new instance of class `cn` (its no-argument constructor) into reference local `local`. */
  static void newInto(MethodVisitor mv, String cn, int local) {
    mv.visitTypeInsn(NEW, cn);
    mv.visitInsn(DUP);
    mv.visitMethodInsn(INVOKESPECIAL, cn, "<init>", "()V", false);
    mv.visitVarInsn(ASTORE, local);
  }

  /**
   * `body` in a try block whose handler for `exception` (on the stack) is `handler`; both leave the stack as they
   * found it, and the code goes on after them.
   */
  static void catching(MethodVisitor mv, String exception, Runnable body, Runnable handler) {
    Label start = new Label();
    Label end = new Label();
    Label caught = new Label();
    Label next = new Label();
    mv.visitTryCatchBlock(start, end, caught, exception);
    mv.visitLabel(start);
    body.run();
    mv.visitLabel(end);
    mv.visitJumpInsn(GOTO, next);
    mv.visitLabel(caught);
    handler.run();
    mv.visitLabel(next);
  }

  /** Ends `mv`, a void method, with a return, then the class: its bytes. */
  static byte[] endClass(ClassWriter cw, MethodVisitor mv) {
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  static ClassWriter begin(String name) {
    return begin(name, "java/lang/Object");
  }

  static ClassWriter begin(String name, String superName) {
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
    cw.visit(V11, ACC_PUBLIC | ACC_SUPER, name, null, superName, null);
    cw.visitSource(name.substring(name.lastIndexOf('/') + 1) + ".java", null);
    return cw;
  }

  /** Emits System.out.println(String on top of the stack). */
  static void println(MethodVisitor mv) {
    mv.visitFieldInsn(GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
    mv.visitInsn(SWAP);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Ljava/lang/String;)V", false);
  }

  static void printConst(MethodVisitor mv, String s) {
    mv.visitLdcInsn(s);
    println(mv);
  }

  static void printStaticInt(MethodVisitor mv, String label, String field) {
    mv.visitLdcInsn(label);
    mv.visitFieldInsn(GETSTATIC, BSMS, field, "I");
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(I)Ljava/lang/String;", false);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/String", "concat", "(Ljava/lang/String;)Ljava/lang/String;", false);
    println(mv);
  }

  static void line(MethodVisitor mv, int n) {
    Label l = new Label();
    mv.visitLabel(l);
    mv.visitLineNumber(n, l);
  }

  static Object[] allArgs() {
    return new Object[] {42, 1L << 40, 1.5f, 2.25, "static-string", Type.getObjectType("java/util/List"),
        Type.getMethodType("(ILjava/lang/String;)J"),
        new Handle(H_INVOKESTATIC, BSMS, "makeGreeting", "(Ljava/lang/String;I)Ljava/lang/String;", false)};
  }

  static final String ALL_DESC = CALLSITE_PREFIX
      + "IJFDLjava/lang/String;Ljava/lang/Class;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodHandle;)Ljava/lang/invoke/CallSite;";

  /** diff.gen.UserIndy: user bootstrap methods, linking once per call site, MutableCallSite. */
  static byte[] userIndy() {
    String cn = "diff/gen/UserIndy";
    ClassWriter cw = begin(cn);
    // static String siteA(int): one invokedynamic instruction.
    MethodVisitor mv = cw.visitMethod(ACC_STATIC, "siteA", "(I)Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 10);
    mv.visitVarInsn(ILOAD, 0);
    mv.visitInvokeDynamicInsn("callA", "(I)Ljava/lang/String;", bsm("bsmAll", ALL_DESC), allArgs());
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    // static String siteB(int): a different instruction with identical constants links separately.
    mv = cw.visitMethod(ACC_STATIC, "siteB", "(I)Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 20);
    mv.visitVarInsn(ILOAD, 0);
    mv.visitInvokeDynamicInsn("callA", "(I)Ljava/lang/String;", bsm("bsmAll", ALL_DESC), allArgs());
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    // static String siteMutable()
    mv = cw.visitMethod(ACC_STATIC, "siteMutable", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 30);
    mv.visitInvokeDynamicInsn("mutable", "()Ljava/lang/String;",
        bsm("bsmMutable", CALLSITE_PREFIX + ")Ljava/lang/invoke/CallSite;"));
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    // static String siteVarargs()
    mv = cw.visitMethod(ACC_STATIC, "siteVarargs", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 40);
    mv.visitInvokeDynamicInsn("varargsSite", "()Ljava/lang/String;",
        bsm("bsmVarargs", CALLSITE_PREFIX + "[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;"), 1, "two", 3L, 4.0f,
        Type.getObjectType("[I"));
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    // main
    mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, new String[] {"java/lang/Throwable"});
    mv.visitCode();
    line(mv, 50);
    printConst(mv, "UserIndy starts");
    for (int i = 0; i < 4; i++) {
      mv.visitIntInsn(BIPUSH, i * 11);
      mv.visitMethodInsn(INVOKESTATIC, cn, "siteA", "(I)Ljava/lang/String;", false);
      println(mv);
    }
    printStaticInt(mv, "links after siteA x4: ", "linkCount");
    mv.visitIntInsn(BIPUSH, 99);
    mv.visitMethodInsn(INVOKESTATIC, cn, "siteB", "(I)Ljava/lang/String;", false);
    println(mv);
    printStaticInt(mv, "links after siteB: ", "linkCount");
    mv.visitIntInsn(BIPUSH, 5);
    mv.visitMethodInsn(INVOKESTATIC, cn, "siteA", "(I)Ljava/lang/String;", false);
    println(mv);
    for (int i = 0; i < 2; i++) {
      mv.visitMethodInsn(INVOKESTATIC, cn, "siteMutable", "()Ljava/lang/String;", false);
      println(mv);
    }
    mv.visitMethodInsn(INVOKESTATIC, BSMS, "retarget", "()V", false);
    printConst(mv, "retargeted the MutableCallSite");
    for (int i = 0; i < 2; i++) {
      mv.visitMethodInsn(INVOKESTATIC, cn, "siteMutable", "()Ljava/lang/String;", false);
      println(mv);
    }
    for (int i = 0; i < 2; i++) {
      mv.visitMethodInsn(INVOKESTATIC, cn, "siteVarargs", "()Ljava/lang/String;", false);
      println(mv);
    }
    // A bytecode loop around one invokedynamic instruction: it links on the first iteration only.
    Label loop = new Label(), exit = new Label();
    mv.visitInsn(ICONST_0);
    mv.visitVarInsn(ISTORE, 1);
    mv.visitLabel(loop);
    mv.visitLineNumber(60, loop);
    mv.visitVarInsn(ILOAD, 1);
    mv.visitIntInsn(BIPUSH, 6);
    mv.visitJumpInsn(IF_ICMPGE, exit);
    mv.visitVarInsn(ILOAD, 1);
    mv.visitIntInsn(BIPUSH, 100);
    mv.visitInsn(IMUL);
    mv.visitInvokeDynamicInsn("inLoop", "(I)Ljava/lang/String;", bsm("bsmAll", ALL_DESC), allArgs());
    println(mv);
    printStaticInt(mv, "  link count inside loop: ", "linkCount");
    mv.visitIincInsn(1, 1);
    mv.visitJumpInsn(GOTO, loop);
    mv.visitLabel(exit);
    line(mv, 70);
    printStaticInt(mv, "final link count: ", "linkCount");
    return endClass(cw, mv);
  }

  /** diff.gen.UserCondy: ldc of CONSTANT_Dynamic with JDK and user bootstrap methods. */
  static byte[] userCondy() {
    String cn = "diff/gen/UserCondy";
    ClassWriter cw = begin(cn);
    String cb = "java/lang/invoke/ConstantBootstraps";
    Handle userCondy = bsm("condy", CONDY_PREFIX + "ILjava/lang/String;)Ljava/lang/Object;");
    ConstantDynamic cdString = new ConstantDynamic("repeated", "Ljava/lang/String;", userCondy, 3, "ab");
    ConstantDynamic cdInt = new ConstantDynamic("doubled", "I", userCondy, 21, "unused");
    ConstantDynamic cdLong = new ConstantDynamic("shifted", "J", userCondy, 3, "unused");
    Handle invoke = new Handle(H_INVOKESTATIC, cb, "invoke",
        CONDY_PREFIX + "Ljava/lang/invoke/MethodHandle;[Ljava/lang/Object;)Ljava/lang/Object;", false);
    ConstantDynamic cdInvoke = new ConstantDynamic("greeting", "Ljava/lang/String;", invoke,
        new Handle(H_INVOKESTATIC, BSMS, "makeGreeting", "(Ljava/lang/String;I)Ljava/lang/String;", false), "condy", 7);
    ConstantDynamic cdPrim = new ConstantDynamic("D", "Ljava/lang/Class;",
        new Handle(H_INVOKESTATIC, cb, "primitiveClass", CONDY_PREFIX + ")Ljava/lang/Class;", false));
    ConstantDynamic cdNull = new ConstantDynamic("nothing", "Ljava/lang/Object;",
        new Handle(H_INVOKESTATIC, cb, "nullConstant", CONDY_PREFIX + ")Ljava/lang/Object;", false));
    ConstantDynamic cdStaticFinal = new ConstantDynamic("MAX_VALUE", "I",
        new Handle(H_INVOKESTATIC, cb, "getStaticFinal", CONDY_PREFIX + "Ljava/lang/Class;)Ljava/lang/Object;", false),
        Type.getObjectType("java/lang/Integer"));
    ConstantDynamic cdNested = new ConstantDynamic("nested", "Ljava/lang/String;", invoke,
        new Handle(H_INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false), cdString);
    // static String get(): the same ldc executed many times resolves once.
    MethodVisitor mv = cw.visitMethod(ACC_STATIC, "get", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 10);
    mv.visitLdcInsn(cdString);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    line(mv, 20);
    printConst(mv, "UserCondy starts");
    for (int i = 0; i < 3; i++) {
      mv.visitMethodInsn(INVOKESTATIC, cn, "get", "()Ljava/lang/String;", false);
      println(mv);
    }
    printStaticInt(mv, "condy resolutions: ", "condyCount");
    mv.visitLdcInsn(cdInt);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(I)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(cdLong);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(J)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(cdInvoke);
    println(mv);
    mv.visitLdcInsn(cdPrim);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Class", "getName", "()Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(cdNull);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(cdStaticFinal);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(I)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(cdNested);
    println(mv);
    printStaticInt(mv, "condy resolutions at end: ", "condyCount");
    return endClass(cw, mv);
  }

  /** Emits: try { <call owner.name()String>; println } catch (Throwable t) { println("caught " + t + " / cause " + t.getCause()) } */
  static void tryCall(MethodVisitor mv, String owner, String name, int lineNo) {
    Label start = new Label(), end = new Label(), handler = new Label(), done = new Label();
    mv.visitTryCatchBlock(start, end, handler, "java/lang/Throwable");
    mv.visitLabel(start);
    mv.visitLineNumber(lineNo, start);
    mv.visitMethodInsn(INVOKESTATIC, owner, name, "()Ljava/lang/String;", false);
    println(mv);
    mv.visitLabel(end);
    mv.visitJumpInsn(GOTO, done);
    mv.visitLabel(handler);
    mv.visitVarInsn(ASTORE, 1);
    mv.visitLdcInsn("caught ");
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/String", "concat", "(Ljava/lang/String;)Ljava/lang/String;", false);
    mv.visitLdcInsn(" / cause ");
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/String", "concat", "(Ljava/lang/String;)Ljava/lang/String;", false);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Throwable", "getCause", "()Ljava/lang/Throwable;", false);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/String", "concat", "(Ljava/lang/String;)Ljava/lang/String;", false);
    println(mv);
    mv.visitLabel(done);
  }

  static void indySite(ClassWriter cw, String method, String indyName, String bsmName, String bsmRet, int lineNo) {
    MethodVisitor mv = cw.visitMethod(ACC_STATIC, method, "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, lineNo);
    mv.visitInvokeDynamicInsn(indyName, "()Ljava/lang/String;", bsm(bsmName, CALLSITE_PREFIX + ")" + bsmRet));
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /** diff.gen.BsmThrows: failing bootstrap methods; a failed call site fails again the same way. */
  static byte[] bsmThrows() {
    String cn = "diff/gen/BsmThrows";
    ClassWriter cw = begin(cn);
    String cs = "Ljava/lang/invoke/CallSite;";
    indySite(cw, "throwing", "throwingSite", "bsmThrows", cs, 10);
    indySite(cw, "wrongType", "wrongTypeSite", "bsmWrongType", cs, 20);
    indySite(cw, "notCallSite", "notCallSiteSite", "bsmNotCallSite", "Ljava/lang/Object;", 30);
    MethodVisitor mv = cw.visitMethod(ACC_STATIC, "condyFails", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 40);
    mv.visitLdcInsn(new ConstantDynamic("badCondy", "Ljava/lang/String;", bsm("condyThrows", CONDY_PREFIX + ")Ljava/lang/Object;")));
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    line(mv, 50);
    printConst(mv, "BsmThrows starts");
    tryCall(mv, cn, "throwing", 51);
    tryCall(mv, cn, "throwing", 52);
    printStaticInt(mv, "bootstrap calls: ", "linkCount");
    tryCall(mv, cn, "wrongType", 53);
    tryCall(mv, cn, "wrongType", 54);
    tryCall(mv, cn, "notCallSite", 55);
    tryCall(mv, cn, "condyFails", 56);
    tryCall(mv, cn, "condyFails", 57);
    printStaticInt(mv, "condy bootstrap calls: ", "condyCount");
    printConst(mv, "now uncaught:");
    line(mv, 60);
    mv.visitMethodInsn(INVOKESTATIC, cn, "throwing", "()Ljava/lang/String;", false);
    println(mv);
    return endClass(cw, mv);
  }

  static final String BASE = "diff/indy/Bootstraps$Base";
  static final String IFACE = "diff/indy/Bootstraps$Iface";
  static final String MH = "java/lang/invoke/MethodHandle";

  static void invoke(MethodVisitor mv, String desc) {
    mv.visitMethodInsn(INVOKEVIRTUAL, MH, "invoke", desc, false);
  }

  static void printInt(MethodVisitor mv) {
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(I)Ljava/lang/String;", false);
    println(mv);
  }

  static void newSelf(MethodVisitor mv, String cn) {
    mv.visitTypeInsn(NEW, cn);
    mv.visitInsn(DUP);
    mv.visitMethodInsn(INVOKESPECIAL, cn, "<init>", "()V", false);
  }

  /** static String name() { ldc h; push args; invoke[Exact] desc; areturn } for the failure cases. */
  static void ldcCase(ClassWriter cw, String name, Handle h, String invokeDesc, int lineNo, boolean exact,
      java.util.function.Consumer<MethodVisitor> pushArgs) {
    MethodVisitor mv = cw.visitMethod(ACC_STATIC, name, "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, lineNo);
    mv.visitLdcInsn(h);
    pushArgs.accept(mv);
    mv.visitMethodInsn(INVOKEVIRTUAL, MH, exact ? "invokeExact" : "invoke", invokeDesc, false);
    if (invokeDesc.endsWith(")V")) mv.visitInsn(ACONST_NULL);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /** diff.gen.LdcHandles: ldc of CONSTANT_MethodHandle of all nine reference kinds and of CONSTANT_MethodType. */
  static byte[] ldcHandles() {
    String cn = "diff/gen/LdcHandles";
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
      @Override protected String getCommonSuperClass(String a, String b) { return "java/lang/Object"; }
    };
    cw.visit(V11, ACC_PUBLIC | ACC_SUPER, cn, null, BASE, null);
    cw.visitSource("LdcHandles.java", null);
    constructor(cw, BASE);
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "who", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    mv.visitLdcInsn("LdcHandles.who (override)");
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    ldcCase(cw, "privateHandle", new Handle(H_INVOKEVIRTUAL, BASE, "secret", "()Ljava/lang/String;", false),
        "(L" + BASE + ";)Ljava/lang/String;", 10, false, m -> newSelf(m, BASE));
    ldcCase(cw, "missingHandle", new Handle(H_INVOKESTATIC, BASE, "nope", "()V", false), "()V", 20, false, m -> {});
    ldcCase(cw, "wrongExact", new Handle(H_INVOKESTATIC, BASE, "stat", "(Ljava/lang/String;J)Ljava/lang/String;", false),
        "(Ljava/lang/String;I)Ljava/lang/String;", 30, true, m -> {
          m.visitLdcInsn("arg");
          m.visitInsn(ICONST_1);
        });
    ldcCase(cw, "wrongKind", new Handle(H_INVOKESTATIC, BASE, "who", "()Ljava/lang/String;", false), "()Ljava/lang/String;", 40, false,
        m -> {});
    mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    line(mv, 50);
    printConst(mv, "LdcHandles starts");
    String b = "L" + BASE + ";";
    // 1 REF_getField
    mv.visitLdcInsn(new Handle(H_GETFIELD, BASE, "value", "I", false));
    newSelf(mv, cn);
    invoke(mv, "(" + b + ")I");
    printInt(mv);
    // 2 REF_getStatic
    mv.visitLdcInsn(new Handle(H_GETSTATIC, BASE, "sfield", "Ljava/lang/String;", false));
    invoke(mv, "()Ljava/lang/String;");
    println(mv);
    // 3 REF_putField, then read back through getfield
    newSelf(mv, cn);
    mv.visitVarInsn(ASTORE, 1);
    mv.visitLdcInsn(new Handle(H_PUTFIELD, BASE, "value", "I", false));
    mv.visitVarInsn(ALOAD, 1);
    mv.visitIntInsn(BIPUSH, 99);
    invoke(mv, "(" + b + "I)V");
    mv.visitVarInsn(ALOAD, 1);
    mv.visitFieldInsn(GETFIELD, BASE, "value", "I");
    printInt(mv);
    // 4 REF_putStatic
    mv.visitLdcInsn(new Handle(H_PUTSTATIC, BASE, "sfield", "Ljava/lang/String;", false));
    mv.visitLdcInsn("changed through putStatic handle");
    invoke(mv, "(Ljava/lang/String;)V");
    mv.visitFieldInsn(GETSTATIC, BASE, "sfield", "Ljava/lang/String;");
    println(mv);
    // 5 REF_invokeVirtual: dispatches to the override
    mv.visitLdcInsn(new Handle(H_INVOKEVIRTUAL, BASE, "who", "()Ljava/lang/String;", false));
    mv.visitVarInsn(ALOAD, 1);
    invoke(mv, "(" + b + ")Ljava/lang/String;");
    println(mv);
    // 6 REF_invokeStatic with a long argument widened from int by invoke
    mv.visitLdcInsn(new Handle(H_INVOKESTATIC, BASE, "stat", "(Ljava/lang/String;J)Ljava/lang/String;", false));
    mv.visitLdcInsn("s");
    mv.visitIntInsn(SIPUSH, 1234);
    invoke(mv, "(Ljava/lang/String;I)Ljava/lang/String;");
    println(mv);
    // 7 REF_invokeSpecial: the superclass method, not the override
    mv.visitLdcInsn(new Handle(H_INVOKESPECIAL, BASE, "who", "()Ljava/lang/String;", false));
    mv.visitVarInsn(ALOAD, 1);
    invoke(mv, "(L" + cn + ";)Ljava/lang/String;");
    println(mv);
    // 8 REF_newInvokeSpecial
    mv.visitLdcInsn(new Handle(H_NEWINVOKESPECIAL, BASE, "<init>", "(I)V", false));
    mv.visitIntInsn(BIPUSH, 55);
    invoke(mv, "(I)" + b);
    mv.visitMethodInsn(INVOKEVIRTUAL, BASE, "who", "()Ljava/lang/String;", false);
    println(mv);
    // 9 REF_invokeInterface
    mv.visitLdcInsn(new Handle(H_INVOKEINTERFACE, IFACE, "iface", "(I)Ljava/lang/String;", true));
    mv.visitVarInsn(ALOAD, 1);
    mv.visitIntInsn(BIPUSH, 3);
    invoke(mv, "(L" + IFACE + ";I)Ljava/lang/String;");
    println(mv);
    // CONSTANT_MethodType
    mv.visitLdcInsn(Type.getMethodType("(IJ[Ljava/lang/String;)Ljava/util/List;"));
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/invoke/MethodType", "toString", "()Ljava/lang/String;", false);
    println(mv);
    // The same ldc twice yields the same handle object.
    mv.visitMethodInsn(INVOKESTATIC, cn, "sameHandle", "()Ljava/lang/String;", false);
    println(mv);
    tryCall(mv, cn, "privateHandle", 60);
    tryCall(mv, cn, "missingHandle", 61);
    tryCall(mv, cn, "wrongExact", 62);
    tryCall(mv, cn, "wrongKind", 63);
    tryCall(mv, cn, "privateHandle", 64);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_STATIC, "sameHandle", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 70);
    Label same = new Label(), done = new Label();
    for (int i = 0; i < 2; i++) mv.visitLdcInsn(new Handle(H_INVOKESTATIC, BASE, "stat", "(Ljava/lang/String;J)Ljava/lang/String;", false));
    mv.visitJumpInsn(IF_ACMPEQ, same);
    mv.visitLdcInsn("two ldc of one constant: different objects");
    mv.visitJumpInsn(GOTO, done);
    mv.visitLabel(same);
    mv.visitLdcInsn("two ldc of one constant: the same object");
    mv.visitLabel(done);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    cw.visitEnd();
    return cw.toByteArray();
  }

  /** static String name() { ldc c; [box]; areturn } */
  static void ldcMethod(ClassWriter cw, String name, Object constant, String boxDesc, int lineNo) {
    MethodVisitor mv = cw.visitMethod(ACC_STATIC, name, "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, lineNo);
    mv.visitLdcInsn(constant);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(" + boxDesc + ")Ljava/lang/String;", false);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  /** diff.gen.BsmEdges: bootstrap frames in traces, constructor bootstrap methods, condy static arguments, bad results. */
  static byte[] bsmEdges() {
    String cn = "diff/gen/BsmEdges";
    ClassWriter cw = begin(cn);
    String cs = "Ljava/lang/invoke/CallSite;";
    indySite(cw, "traced", "tracedSite", "bsmTrace", cs, 10);
    MethodVisitor mv = cw.visitMethod(ACC_STATIC, "ctorBsm", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 20);
    mv.visitInvokeDynamicInsn("ctorSite", "()Ljava/lang/String;",
        new Handle(H_NEWINVOKESPECIAL, "diff/indy/Bootstraps$MyCallSite", "<init>", CALLSITE_PREFIX + ")V", false));
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    Handle userCondy = bsm("condy", CONDY_PREFIX + "ILjava/lang/String;)Ljava/lang/Object;");
    String cb = "java/lang/invoke/ConstantBootstraps";
    mv = cw.visitMethod(ACC_STATIC, "constArgs", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 30);
    mv.visitInvokeDynamicInsn("constArgsSite", "()Ljava/lang/String;",
        bsm("bsmConstArgs", CALLSITE_PREFIX + "Ljava/lang/Object;Ljava/lang/Class;Ljava/lang/invoke/MethodHandle;)" + cs),
        new ConstantDynamic("asArg", "Ljava/lang/String;", userCondy, 2, "xy"),
        new ConstantDynamic("J", "Ljava/lang/Class;", new Handle(H_INVOKESTATIC, cb, "primitiveClass", CONDY_PREFIX + ")Ljava/lang/Class;", false)),
        new Handle(H_INVOKESTATIC, BSMS, "makeGreeting", "(Ljava/lang/String;I)Ljava/lang/String;", false));
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    ldcMethod(cw, "condyTraced", new ConstantDynamic("tracedCondy", "Ljava/lang/Object;", bsm("condyTrace", CONDY_PREFIX + ")Ljava/lang/Object;")),
        "Ljava/lang/Object;", 40);
    ldcMethod(cw, "condyNullInt", new ConstantDynamic("nullInt", "I", bsm("condyNull", CONDY_PREFIX + ")Ljava/lang/Object;")), "I", 41);
    ldcMethod(cw, "condyNullObject", new ConstantDynamic("nullObj", "Ljava/lang/Object;", bsm("condyNull", CONDY_PREFIX + ")Ljava/lang/Object;")),
        "Ljava/lang/Object;", 42);
    ldcMethod(cw, "condyWrong", new ConstantDynamic("wrong", "Ljava/lang/Integer;", bsm("condyWrongType", CONDY_PREFIX + ")Ljava/lang/Object;")),
        "Ljava/lang/Object;", 43);
    ldcMethod(cw, "missingMethodType", Type.getMethodType("(Lno/such/Clazz;)V"), "Ljava/lang/Object;", 44);
    ldcMethod(cw, "missingClassHandle", new Handle(H_INVOKESTATIC, "no/such/Owner", "m", "()V", false), "Ljava/lang/Object;", 45);
    indySite(cw, "nullSite", "nullCallSite", "bsmNull", cs, 46);
    mv = cw.visitMethod(ACC_STATIC, "missingBsmClass", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 47);
    mv.visitInvokeDynamicInsn("x", "()Ljava/lang/String;", new Handle(H_INVOKESTATIC, "no/such/Bsm", "bsm", CALLSITE_PREFIX + ")" + cs, false));
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    mv = cw.visitMethod(ACC_STATIC, "missingTypeInSite", "()Ljava/lang/String;", null, null);
    mv.visitCode();
    line(mv, 48);
    mv.visitInsn(ACONST_NULL);
    mv.visitInvokeDynamicInsn("y", "(Lno/such/Arg;)Ljava/lang/String;", bsm("bsmTrace", CALLSITE_PREFIX + ")" + cs));
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
    indySite(cw, "errorSite", "assertingSite", "bsmError", cs, 80);
    indySite(cw, "linkageErrorSite", "linkageSite", "bsmLinkageError", cs, 81);
    ldcMethod(cw, "condyErrorSite", new ConstantDynamic("assertingCondy", "Ljava/lang/Object;", bsm("condyError", CONDY_PREFIX + ")Ljava/lang/Object;")),
        "Ljava/lang/Object;", 82);
    mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    line(mv, 50);
    printConst(mv, "BsmEdges starts");
    String[] calls = {"traced", "traced", "ctorBsm", "ctorBsm", "constArgs", "condyTraced", "condyTraced", "condyNullInt", "condyNullObject",
        "condyWrong", "condyWrong", "missingMethodType", "missingMethodType", "missingClassHandle", "nullSite", "nullSite",
        "missingBsmClass", "missingTypeInSite", "errorSite", "errorSite", "linkageErrorSite", "linkageErrorSite", "condyErrorSite",
        "condyErrorSite"};
    int lineNo = 51;
    for (String c : calls) tryCall(mv, cn, c, lineNo++);
    printStaticInt(mv, "bsmCalls (non-LinkageErrors are not cached, so those bootstrap methods ran twice): ", "bsmCalls");
    return endClass(cw, mv);
  }

  /** diff.gen.IndyReentry: a bootstrap method that executes its own call site again while linking it. */
  static byte[] indyReentry() {
    String cn = "diff/gen/IndyReentry";
    ClassWriter cw = begin(cn);
    indySite(cw, "reentrant", "reentrantSite", "bsmReentrant", "Ljava/lang/invoke/CallSite;", 10);
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    line(mv, 20);
    printConst(mv, "IndyReentry starts");
    for (int i = 0; i < 3; i++) {
      mv.visitMethodInsn(INVOKESTATIC, cn, "reentrant", "()Ljava/lang/String;", false);
      println(mv);
    }
    printStaticInt(mv, "bootstrap entries: ", "reentryDepth");
    return endClass(cw, mv);
  }

  /** diff.gen.CondyTypes: dynamic constants of every primitive type and the ConstantBootstraps factories. */
  static byte[] condyTypes() {
    String cn = "diff/gen/CondyTypes";
    ClassWriter cw = begin(cn);
    String cb = "java/lang/invoke/ConstantBootstraps";
    Handle explicitCast = new Handle(H_INVOKESTATIC, cb, "explicitCast", CONDY_PREFIX + "Ljava/lang/Object;)Ljava/lang/Object;", false);
    Handle invoke = new Handle(H_INVOKESTATIC, cb, "invoke",
        CONDY_PREFIX + "Ljava/lang/invoke/MethodHandle;[Ljava/lang/Object;)Ljava/lang/Object;", false);
    Handle enumConstant = new Handle(H_INVOKESTATIC, cb, "enumConstant", CONDY_PREFIX + ")Ljava/lang/Enum;", false);
    Handle getStaticFinal = new Handle(H_INVOKESTATIC, cb, "getStaticFinal", CONDY_PREFIX + "Ljava/lang/Class;)Ljava/lang/Object;", false);
    Handle getStaticFinalOwn = new Handle(H_INVOKESTATIC, cb, "getStaticFinal", CONDY_PREFIX + ")Ljava/lang/Object;", false);
    Handle fieldVh = new Handle(H_INVOKESTATIC, cb, "fieldVarHandle", CONDY_PREFIX + "Ljava/lang/Class;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;", false);
    Handle staticVh = new Handle(H_INVOKESTATIC, cb, "staticFieldVarHandle", CONDY_PREFIX + "Ljava/lang/Class;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;", false);
    Handle arrayVh = new Handle(H_INVOKESTATIC, cb, "arrayVarHandle", CONDY_PREFIX + "Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;", false);
    ConstantDynamic intClass = new ConstantDynamic("I", "Ljava/lang/Class;",
        new Handle(H_INVOKESTATIC, cb, "primitiveClass", CONDY_PREFIX + ")Ljava/lang/Class;", false));
    Object[][] casts = {
        {"Z", 1, "(Z)"}, {"B", 300, "(I)"}, {"C", 65, "(C)"}, {"S", 70000, "(I)"}, {"I", 3.99, "(I)"}, {"J", 7, "(J)"}, {"F", 0.1, "(F)"}, {"D", 2.5f, "(D)"}};
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
    mv.visitCode();
    line(mv, 20);
    printConst(mv, "CondyTypes starts");
    int n = 0;
    for (Object[] c : casts) {
      String t = (String) c[0];
      mv.visitLdcInsn(new ConstantDynamic("cast" + (n++), t, explicitCast, c[1]));
      String valueOfArg = t.equals("B") || t.equals("S") ? "I" : t;
      mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(" + valueOfArg + ")Ljava/lang/String;", false);
      mv.visitLdcInsn(" <- explicitCast to " + t + " of " + c[1]);
      mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/String", "concat", "(Ljava/lang/String;)Ljava/lang/String;", false);
      println(mv);
    }
    mv.visitLdcInsn(new ConstantDynamic("EARTH", "Ldiff/indy/Bootstraps$Planet;", enumConstant));
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(new ConstantDynamic("BIG", "J", getStaticFinal, Type.getObjectType(BSMS)));
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(J)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(new ConstantDynamic("TYPE", "Ljava/lang/Class;", getStaticFinal, Type.getObjectType("java/lang/Character")));
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(new ConstantDynamic("VENUS", "Ldiff/indy/Bootstraps$Planet;", getStaticFinalOwn));
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(new ConstantDynamic("list", "Ljava/util/List;", invoke,
        new Handle(H_INVOKESTATIC, BSMS, "listOf", "(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Ljava/util/List;", false),
        "s", 2, new ConstantDynamic("nested", "J", explicitCast, 9)));
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(Ljava/lang/Object;)Ljava/lang/String;", false);
    println(mv);
    // VarHandles as dynamic constants.
    mv.visitLdcInsn(new ConstantDynamic("plainStatic", "Ljava/lang/invoke/VarHandle;", staticVh, Type.getObjectType(BSMS), intClass));
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/invoke/VarHandle", "get", "()I", false);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(I)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(new ConstantDynamic("value", "Ljava/lang/invoke/VarHandle;", fieldVh, Type.getObjectType("diff/indy/Bootstraps$Base"), intClass));
    mv.visitTypeInsn(NEW, "diff/indy/Bootstraps$Base");
    mv.visitInsn(DUP);
    mv.visitIntInsn(BIPUSH, 41);
    mv.visitMethodInsn(INVOKESPECIAL, "diff/indy/Bootstraps$Base", "<init>", "(I)V", false);
    mv.visitInsn(ICONST_1);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/invoke/VarHandle", "getAndAdd", "(Ldiff/indy/Bootstraps$Base;I)I", false);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(I)Ljava/lang/String;", false);
    println(mv);
    mv.visitLdcInsn(new ConstantDynamic("arr", "Ljava/lang/invoke/VarHandle;", arrayVh, Type.getType("[J")));
    mv.visitInsn(ICONST_3);
    mv.visitIntInsn(NEWARRAY, T_LONG);
    mv.visitInsn(ICONST_2);
    mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/invoke/VarHandle", "get", "([JI)J", false);
    mv.visitMethodInsn(INVOKESTATIC, "java/lang/String", "valueOf", "(J)Ljava/lang/String;", false);
    println(mv);
    return endClass(cw, mv);
  }
}
