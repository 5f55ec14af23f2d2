/* The test native library of tests/unit/test_jni_*.cpp: the natives of
 * tests/java/jni/JniNatives.java, exercising JNI functions from C. */
#include <jni.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int on_load_called;
static jobject kept;

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void* reserved) {
  (void)reserved;
  JNIEnv* env = NULL;
  if ((*vm)->GetEnv(vm, (void**)&env, JNI_VERSION_1_8) == JNI_OK && env != NULL &&
      (*env)->GetVersion(env) == JNI_VERSION_10) {
    on_load_called = 1;
  }
  return JNI_VERSION_1_8;
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_addInts(JNIEnv* env, jclass c, jint a, jint b) {
  (void)env;
  (void)c;
  return a + b;
}

JNIEXPORT jdouble JNICALL Java_jni_JniNatives_mixed(JNIEnv* env, jclass c, jint a, jlong b,
                                                    jdouble d, jfloat f, jboolean z, jbyte by,
                                                    jchar ch, jshort s) {
  (void)env;
  (void)c;
  return a + (double)b + d + f + (z ? 1000 : 0) + by + ch + s;
}

JNIEXPORT jlong JNICALL Java_jni_JniNatives_addLongs(JNIEnv* env, jclass c, jlong a, jlong b) {
  (void)env;
  (void)c;
  return a + b;
}

JNIEXPORT jfloat JNICALL Java_jni_JniNatives_half(JNIEnv* env, jclass c, jfloat f) {
  (void)env;
  (void)c;
  return f / 2;
}

JNIEXPORT jboolean JNICALL Java_jni_JniNatives_negate(JNIEnv* env, jclass c, jboolean b) {
  (void)env;
  (void)c;
  return b ? 0 : 2; /* 2: a sloppy "true" the VM must normalize to 1 */
}

/* Returned through a wider register on purpose: the VM must narrow. */
JNIEXPORT jint JNICALL Java_jni_JniNatives_byteOf(JNIEnv* env, jclass c, jint i) {
  (void)env;
  (void)c;
  return i;
}
JNIEXPORT jint JNICALL Java_jni_JniNatives_charOf(JNIEnv* env, jclass c, jint i) {
  (void)env;
  (void)c;
  return i;
}
JNIEXPORT jint JNICALL Java_jni_JniNatives_shortOf(JNIEnv* env, jclass c, jint i) {
  (void)env;
  (void)c;
  return i;
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_getValue(JNIEnv* env, jobject self) {
  jclass cls = (*env)->GetObjectClass(env, self);
  jfieldID f = (*env)->GetFieldID(env, cls, "value", "I");
  if (f == NULL) return -1;
  return (*env)->GetIntField(env, self, f);
}

JNIEXPORT void JNICALL Java_jni_JniNatives_setValue(JNIEnv* env, jobject self, jint v) {
  jclass cls = (*env)->GetObjectClass(env, self);
  jfieldID f = (*env)->GetFieldID(env, cls, "value", "I");
  if (f != NULL) (*env)->SetIntField(env, self, f, v);
}

JNIEXPORT jlong JNICALL Java_jni_JniNatives_bumpCounter(JNIEnv* env, jclass c, jlong by) {
  jfieldID f = (*env)->GetStaticFieldID(env, c, "counter", "J");
  if (f == NULL) return -1;
  jlong v = (*env)->GetStaticLongField(env, c, f) + by;
  (*env)->SetStaticLongField(env, c, f, v);
  return v;
}

JNIEXPORT jstring JNICALL Java_jni_JniNatives_greet(JNIEnv* env, jclass c, jstring name) {
  (void)c;
  char buf[128];
  const char* s = (*env)->GetStringUTFChars(env, name, NULL);
  if (s == NULL) return NULL;
  strcpy(buf, "Hello, ");
  strncat(buf, s, sizeof buf - 9);
  strcat(buf, "!");
  (*env)->ReleaseStringUTFChars(env, name, s);
  return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_utfLength(JNIEnv* env, jclass c, jstring s) {
  (void)c;
  return (*env)->GetStringUTFLength(env, s) * 1000 + (*env)->GetStringLength(env, s);
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_sumArray(JNIEnv* env, jclass c, jintArray a) {
  (void)c;
  jint buf[64];
  jsize n = (*env)->GetArrayLength(env, a);
  if (n > 64) n = 64;
  (*env)->GetIntArrayRegion(env, a, 0, n, buf);
  jint sum = 0;
  for (jsize i = 0; i < n; i++) sum += buf[i];
  return sum;
}

JNIEXPORT jintArray JNICALL Java_jni_JniNatives_makeArray(JNIEnv* env, jclass c, jint n) {
  (void)c;
  jintArray a = (*env)->NewIntArray(env, n);
  if (a == NULL) return NULL;
  jint* elems = (*env)->GetIntArrayElements(env, a, NULL);
  for (jint i = 0; i < n; i++) elems[i] = i * i;
  (*env)->ReleaseIntArrayElements(env, a, elems, 0);
  return a;
}

JNIEXPORT jdouble JNICALL Java_jni_JniNatives_sumDoubles(JNIEnv* env, jclass c, jdoubleArray a,
                                                         jint from, jint len) {
  (void)c;
  jdouble buf[16];
  if (len > 16) len = 16;
  (*env)->GetDoubleArrayRegion(env, a, from, len, buf);
  if ((*env)->ExceptionCheck(env)) return -1;
  jdouble sum = 0;
  for (jint i = 0; i < len; i++) sum += buf[i];
  return sum;
}

JNIEXPORT jobject JNICALL Java_jni_JniNatives_identity(JNIEnv* env, jclass c, jobject o) {
  (void)env;
  (void)c;
  return o;
}

JNIEXPORT jobject JNICALL Java_jni_JniNatives_elementOf(JNIEnv* env, jclass c, jobjectArray a,
                                                        jint i) {
  (void)c;
  return (*env)->GetObjectArrayElement(env, a, i);
}

JNIEXPORT void JNICALL Java_jni_JniNatives_throwIt(JNIEnv* env, jclass c, jstring msg) {
  (void)c;
  const char* s = (*env)->GetStringUTFChars(env, msg, NULL);
  jclass ise = (*env)->FindClass(env, "java/lang/IllegalStateException");
  if (ise != NULL) (*env)->ThrowNew(env, ise, s);
  (*env)->ReleaseStringUTFChars(env, msg, s);
}

JNIEXPORT void JNICALL Java_jni_JniNatives_keepGlobal(JNIEnv* env, jclass c, jobject o) {
  (void)c;
  if (kept != NULL) (*env)->DeleteGlobalRef(env, kept);
  kept = (*env)->NewGlobalRef(env, o);
}

JNIEXPORT jobject JNICALL Java_jni_JniNatives_getGlobal(JNIEnv* env, jclass c) {
  (void)env;
  (void)c;
  return kept; /* a global ref returned as the result: the VM unwraps it */
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_globalRefType(JNIEnv* env, jclass c) {
  (void)c;
  return (jint)(*env)->GetObjectRefType(env, kept);
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_makeLocals(JNIEnv* env, jclass c, jint n) {
  (void)c;
  jint made = 0;
  for (jint i = 0; i < n; i++) {
    if ((*env)->NewStringUTF(env, "local") != NULL) made++;
  }
  if ((*env)->PushLocalFrame(env, 4) == JNI_OK) {
    (*env)->NewStringUTF(env, "in a frame never popped");
  }
  return made;
}

JNIEXPORT jboolean JNICALL Java_jni_JniNatives_onLoadCalled(JNIEnv* env, jclass c) {
  (void)env;
  (void)c;
  return on_load_called ? JNI_TRUE : JNI_FALSE;
}

/* Found by its JNI name, but RegisterNatives binds registered_impl first. */
JNIEXPORT jint JNICALL Java_jni_JniNatives_registered(JNIEnv* env, jclass c, jint a) {
  (void)env;
  (void)c;
  return a + 1;
}
JNIEXPORT jint JNICALL registered_impl(JNIEnv* env, jclass c, jint a) {
  (void)env;
  (void)c;
  return a + 1000;
}

/* Only long names: the short name Java_jni_JniNatives_overloaded is absent. */
JNIEXPORT jint JNICALL Java_jni_JniNatives_overloaded__I(JNIEnv* env, jclass c, jint a) {
  (void)env;
  (void)c;
  return a * 10;
}
JNIEXPORT jint JNICALL Java_jni_JniNatives_overloaded__J(JNIEnv* env, jclass c, jlong a) {
  (void)env;
  (void)c;
  return (jint)(a * 100);
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_with_1underscore(JNIEnv* env, jclass c, jint a) {
  (void)env;
  (void)c;
  return a + 7;
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_unicod_000e9(JNIEnv* env, jclass c, jint a) {
  (void)env;
  (void)c;
  return a + 9;
}

JNIEXPORT jboolean JNICALL Java_jni_JniNatives_holdsLock(JNIEnv* env, jobject self) {
  /* MonitorExit succeeds only if the thread owns the monitor; re-enter after. */
  if ((*env)->MonitorEnter(env, self) != JNI_OK) return JNI_FALSE;
  (*env)->MonitorExit(env, self);
  if ((*env)->MonitorExit(env, self) != JNI_OK) return JNI_FALSE;
  (*env)->MonitorEnter(env, self);
  return JNI_TRUE;
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_callBack(JNIEnv* env, jclass c, jint base, jint y) {
  jmethodID ctor = (*env)->GetMethodID(env, c, "<init>", "(I)V");
  jmethodID plus = (*env)->GetMethodID(env, c, "plus", "(I)I");
  jmethodID twice = (*env)->GetStaticMethodID(env, c, "twice", "(I)I");
  if (ctor == NULL || plus == NULL || twice == NULL) return -1;
  jobject o = (*env)->NewObject(env, c, ctor, base);
  if (o == NULL) return -2;
  jint p = (*env)->CallIntMethod(env, o, plus, y);
  if ((*env)->ExceptionCheck(env)) return -3;
  jvalue arg;
  arg.i = p;
  jint t = (*env)->CallStaticIntMethodA(env, c, twice, &arg);
  jint n = (*env)->CallNonvirtualIntMethod(env, o, c, plus, 1);
  return t * 1000 + n;
}

static int is_a(JNIEnv* env, jobject o, const char* class_name) {
  jclass k = (*env)->FindClass(env, class_name);
  return k != NULL && o != NULL && (*env)->IsSameObject(env, (*env)->GetObjectClass(env, o), k);
}

JNIEXPORT jint JNICALL Java_jni_JniNatives_reflectRoundTrips(JNIEnv* env, jclass c) {
  jmethodID twice = (*env)->GetStaticMethodID(env, c, "twice", "(I)I");
  jmethodID plus = (*env)->GetMethodID(env, c, "plus", "(I)I");
  jmethodID ctor = (*env)->GetMethodID(env, c, "<init>", "(I)V");
  jfieldID value = (*env)->GetFieldID(env, c, "value", "I");
  jfieldID counter = (*env)->GetStaticFieldID(env, c, "counter", "J");
  if (twice == NULL || plus == NULL || ctor == NULL || value == NULL || counter == NULL) return -1;
  jobject r_twice = (*env)->ToReflectedMethod(env, c, twice, JNI_TRUE);
  jobject r_plus = (*env)->ToReflectedMethod(env, c, plus, JNI_FALSE);
  jobject r_ctor = (*env)->ToReflectedMethod(env, c, ctor, JNI_FALSE);
  jobject r_value = (*env)->ToReflectedField(env, c, value, JNI_FALSE);
  jobject r_counter = (*env)->ToReflectedField(env, c, counter, JNI_TRUE);
  if ((*env)->ExceptionCheck(env)) return -2;
  int bits = 0;
  bits |= ((*env)->FromReflectedMethod(env, r_twice) == twice) << 0;
  bits |= is_a(env, r_twice, "java/lang/reflect/Method") << 1;
  bits |= ((*env)->FromReflectedMethod(env, r_plus) == plus) << 2;
  bits |= is_a(env, r_plus, "java/lang/reflect/Method") << 3;
  bits |= ((*env)->FromReflectedMethod(env, r_ctor) == ctor) << 4;
  bits |= is_a(env, r_ctor, "java/lang/reflect/Constructor") << 5;
  bits |= ((*env)->FromReflectedField(env, r_value) == value) << 6;
  bits |= is_a(env, r_value, "java/lang/reflect/Field") << 7;
  bits |= ((*env)->FromReflectedField(env, r_counter) == counter) << 8;
  bits |= is_a(env, r_counter, "java/lang/reflect/Field") << 9;
  return bits;
}

JNIEXPORT jobject JNICALL Java_jni_JniNatives_reflectPlus(JNIEnv* env, jclass c) {
  jmethodID plus = (*env)->GetMethodID(env, c, "plus", "(I)I");
  return plus != NULL ? (*env)->ToReflectedMethod(env, c, plus, JNI_FALSE) : NULL;
}

JNIEXPORT jobjectArray JNICALL Java_jni_JniNatives_reflectAll(JNIEnv* env, jclass c) {
  jmethodID twice = (*env)->GetStaticMethodID(env, c, "twice", "(I)I");
  jmethodID ctor = (*env)->GetMethodID(env, c, "<init>", "(I)V");
  jfieldID value = (*env)->GetFieldID(env, c, "value", "I");
  jfieldID counter = (*env)->GetStaticFieldID(env, c, "counter", "J");
  if (twice == NULL || ctor == NULL || value == NULL || counter == NULL) return NULL;
  jobjectArray all =
      (*env)->NewObjectArray(env, 4, (*env)->FindClass(env, "java/lang/Object"), NULL);
  if (all == NULL) return NULL;
  (*env)->SetObjectArrayElement(env, all, 0, (*env)->ToReflectedMethod(env, c, twice, JNI_TRUE));
  (*env)->SetObjectArrayElement(env, all, 1, (*env)->ToReflectedMethod(env, c, ctor, JNI_FALSE));
  (*env)->SetObjectArrayElement(env, all, 2, (*env)->ToReflectedField(env, c, value, JNI_FALSE));
  (*env)->SetObjectArrayElement(env, all, 3, (*env)->ToReflectedField(env, c, counter, JNI_TRUE));
  return all;
}

/* --- threads of the library's own, attached to the VM (diff.lang.JniAttach) --- */

struct attach_job {
  JavaVM* vm;
  jclass callee;    /* a global reference: its static String fromNative(String) is called */
  jobject group;    /* a global reference, or NULL */
  const char* name; /* NULL: no name in the attach arguments */
  int use_args;     /* pass JavaVMAttachArgs at all */
  int daemon;
  int keep_exception; /* leave fromNative's exception pending at the detach */
  jobject lock;       /* a global reference, or NULL: entered twice, never exited */
  char log[400];
  char result[400];
};

static void* attached_thread(void* arg) {
  struct attach_job* job = (struct attach_job*)arg;
  JavaVM* vm = job->vm;
  JNIEnv* env = NULL;
  jint before = (*vm)->GetEnv(vm, (void**)&env, JNI_VERSION_1_8);
  JavaVMAttachArgs args;
  args.version = JNI_VERSION_1_8;
  args.name = (char*)job->name;
  args.group = job->group;
  jint attached =
      job->daemon
          ? (*vm)->AttachCurrentThreadAsDaemon(vm, (void**)&env, job->use_args ? &args : NULL)
          : (*vm)->AttachCurrentThread(vm, (void**)&env, job->use_args ? &args : NULL);
  if (attached != JNI_OK) {
    snprintf(job->log, sizeof job->log, "GetEnv before %d, attach %d", (int)before, (int)attached);
    return NULL;
  }
  JNIEnv* again = NULL;
  jint twice = (*vm)->AttachCurrentThread(vm, (void**)&again, NULL);
  JNIEnv* got = NULL;
  jint get_env = (*vm)->GetEnv(vm, (void**)&got, JNI_VERSION_1_8);
  if (job->lock != NULL) {
    (*env)->MonitorEnter(env, job->lock);
    (*env)->MonitorEnter(env, job->lock);
  }
  jmethodID from_native = (*env)->GetStaticMethodID(env, job->callee, "fromNative",
                                                    "(Ljava/lang/String;)Ljava/lang/String;");
  jstring tag = (*env)->NewStringUTF(
      env, job->keep_exception ? "throw" : (job->name ? job->name : "unnamed"));
  jstring r = (jstring)(*env)->CallStaticObjectMethod(env, job->callee, from_native, tag);
  if (r != NULL) {
    const char* chars = (*env)->GetStringUTFChars(env, r, NULL);
    snprintf(job->result, sizeof job->result, "%s", chars);
    (*env)->ReleaseStringUTFChars(env, r, chars);
  } else {
    snprintf(job->result, sizeof job->result, "(no result, exception pending: %d)",
             (int)(*env)->ExceptionCheck(env));
    if (!job->keep_exception) (*env)->ExceptionClear(env);
  }
  jint detached = (*vm)->DetachCurrentThread(vm);
  JNIEnv* after = NULL;
  jint get_after = (*vm)->GetEnv(vm, (void**)&after, JNI_VERSION_1_8);
  jint detached_again = (*vm)->DetachCurrentThread(vm);
  snprintf(job->log, sizeof job->log,
           "GetEnv before %d, attach %d, again %d same env %d, GetEnv %d same %d, detach %d, "
           "GetEnv after %d, detach again %d",
           (int)before, (int)attached, (int)twice, again == env, (int)get_env, got == env,
           (int)detached, (int)get_after, (int)detached_again);
  return NULL;
}

static jstring run_attached(JNIEnv* env, jclass callee, jstring name, jobject group,
                            jboolean use_args, jboolean daemon, jboolean keep_exception,
                            jobject lock) {
  struct attach_job job;
  memset(&job, 0, sizeof job);
  (*env)->GetJavaVM(env, &job.vm);
  job.callee = (jclass)(*env)->NewGlobalRef(env, callee);
  job.group = group != NULL ? (*env)->NewGlobalRef(env, group) : NULL;
  job.lock = lock != NULL ? (*env)->NewGlobalRef(env, lock) : NULL;
  const char* chars = name != NULL ? (*env)->GetStringUTFChars(env, name, NULL) : NULL;
  job.name = chars;
  job.use_args = use_args;
  job.daemon = daemon;
  job.keep_exception = keep_exception;
  pthread_t thread;
  if (pthread_create(&thread, NULL, attached_thread, &job) != 0) return NULL;
  pthread_join(thread, NULL);
  if (chars != NULL) (*env)->ReleaseStringUTFChars(env, name, chars);
  (*env)->DeleteGlobalRef(env, job.callee);
  if (job.group != NULL) (*env)->DeleteGlobalRef(env, job.group);
  if (job.lock != NULL) (*env)->DeleteGlobalRef(env, job.lock);
  char text[820];
  snprintf(text, sizeof text, "%s | %s", job.log, job.result);
  return (*env)->NewStringUTF(env, text);
}

/* Runs fromNative(String) of `callee` on a new native thread attached to
 * the VM as the arguments say, and returns what happened there. */
JNIEXPORT jstring JNICALL Java_jni_JniNatives_attachAndCall(JNIEnv* env, jclass c, jclass callee,
                                                            jstring name, jobject group,
                                                            jboolean use_args, jboolean daemon,
                                                            jboolean keep_exception) {
  (void)c;
  return run_attached(env, callee, name, group, use_args, daemon, keep_exception, NULL);
}

/* The same, named "locker", with `lock` entered twice through MonitorEnter
 * before fromNative and never exited: DetachCurrentThread releases it. */
JNIEXPORT jstring JNICALL Java_jni_JniNatives_attachLockAndCall(JNIEnv* env, jclass c,
                                                                jclass callee, jobject lock) {
  (void)c;
  jstring name = (*env)->NewStringUTF(env, "locker");
  return name != NULL ? run_attached(env, callee, name, NULL, JNI_TRUE, JNI_FALSE, JNI_FALSE, lock)
                      : NULL;
}

/* A daemon thread of the library's own that attaches (named "spinner") and
 * calls `callee`'s static void tick() for good: it is still in Java code
 * when the program ends (diff.lang.JniAttachDaemon). */
static JavaVM* g_spinner_vm;
static jclass g_spinner_class;

static void* spinner_thread(void* arg) {
  (void)arg;
  JNIEnv* env = NULL;
  JavaVMAttachArgs args;
  args.version = JNI_VERSION_1_8;
  args.name = (char*)"spinner";
  args.group = NULL;
  if ((*g_spinner_vm)->AttachCurrentThreadAsDaemon(g_spinner_vm, (void**)&env, &args) != JNI_OK)
    return NULL;
  jmethodID tick = (*env)->GetStaticMethodID(env, g_spinner_class, "tick", "()V");
  for (;;) {
    (*env)->CallStaticVoidMethod(env, g_spinner_class, tick);
    if ((*env)->ExceptionCheck(env)) (*env)->ExceptionClear(env);
  }
  return NULL;
}

JNIEXPORT jboolean JNICALL Java_jni_JniNatives_startSpinner(JNIEnv* env, jclass c, jclass callee) {
  (void)c;
  (*env)->GetJavaVM(env, &g_spinner_vm);
  g_spinner_class = (jclass)(*env)->NewGlobalRef(env, callee);
  pthread_t thread;
  if (pthread_create(&thread, NULL, spinner_thread, NULL) != 0) return JNI_FALSE;
  pthread_detach(thread);
  return JNI_TRUE;
}

/* DetachCurrentThread on a thread running Java code (this native's caller). */
JNIEXPORT jint JNICALL Java_jni_JniNatives_detachFromJava(JNIEnv* env, jclass c) {
  (void)c;
  JavaVM* vm = NULL;
  (*env)->GetJavaVM(env, &vm);
  jint rc = (*vm)->DetachCurrentThread(vm);
  JNIEnv* still = NULL;
  jint get_env = (*vm)->GetEnv(vm, (void**)&still, JNI_VERSION_1_8);
  return rc * 10 + (get_env == JNI_OK && still == env ? 1 : 0);
}
