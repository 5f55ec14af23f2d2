// The JVM_* interface: the functions the JDK's own native libraries
// (libjava.so first of all) import from libjvm.so, with HotSpot 17's exact
// prototypes (src/hotspot/share/include/jvm.h, PART 1). libjava.so is linked
// with BIND_NOW, so every one of these must exist before it can be loaded;
// one that minijvm does not implement yet leaves an UnsatisfiedLinkError
// naming it pending and returns a zero value (never a silent default).
//
// All are extern "C" with default visibility (JNIEXPORT) so that the
// libjvm.so built from these objects exports them.
#pragma once

#include <jni.h>

#ifdef __cplusplus
extern "C" {
#endif

// --- java.lang.Object ------------------------------------------------------
JNIEXPORT jint JNICALL JVM_IHashCode(JNIEnv* env, jobject obj);
JNIEXPORT void JNICALL JVM_MonitorWait(JNIEnv* env, jobject obj, jlong ms);
JNIEXPORT void JNICALL JVM_MonitorNotify(JNIEnv* env, jobject obj);
JNIEXPORT void JNICALL JVM_MonitorNotifyAll(JNIEnv* env, jobject obj);
JNIEXPORT jobject JNICALL JVM_Clone(JNIEnv* env, jobject obj);

// --- java.lang.String / System / Runtime -------------------------------------
JNIEXPORT jstring JNICALL JVM_InternString(JNIEnv* env, jstring str);
JNIEXPORT jlong JNICALL JVM_CurrentTimeMillis(JNIEnv* env, jclass ignored);
JNIEXPORT jlong JNICALL JVM_NanoTime(JNIEnv* env, jclass ignored);
JNIEXPORT jlong JNICALL JVM_GetNanoTimeAdjustment(JNIEnv* env, jclass ignored, jlong offset_secs);
JNIEXPORT void JNICALL JVM_ArrayCopy(JNIEnv* env, jclass ignored, jobject src, jint src_pos,
                                     jobject dst, jint dst_pos, jint length);
JNIEXPORT jobjectArray JNICALL JVM_GetProperties(JNIEnv* env);
JNIEXPORT void JNICALL JVM_BeforeHalt();
JNIEXPORT void JNICALL JVM_Halt(jint code);
JNIEXPORT void JNICALL JVM_GC(void);
JNIEXPORT jlong JNICALL JVM_TotalMemory(void);
JNIEXPORT jlong JNICALL JVM_FreeMemory(void);
JNIEXPORT jlong JNICALL JVM_MaxMemory(void);
JNIEXPORT jint JNICALL JVM_ActiveProcessorCount(void);
JNIEXPORT jboolean JNICALL JVM_IsUseContainerSupport(void);
JNIEXPORT void* JNICALL JVM_LoadLibrary(const char* name, jboolean throwException);
JNIEXPORT void JNICALL JVM_UnloadLibrary(void* handle);
JNIEXPORT void* JNICALL JVM_FindLibraryEntry(void* handle, const char* name);
JNIEXPORT jboolean JNICALL JVM_IsSupportedJNIVersion(jint version);
JNIEXPORT jobjectArray JNICALL JVM_GetVmArguments(JNIEnv* env);

// --- CDS (minijvm has no archive) -------------------------------------------
JNIEXPORT void JNICALL JVM_InitializeFromArchive(JNIEnv* env, jclass cls);
JNIEXPORT void JNICALL JVM_RegisterLambdaProxyClassForArchiving(
    JNIEnv* env, jclass caller, jstring interfaceMethodName, jobject factoryType,
    jobject interfaceMethodType, jobject implementationMember, jobject dynamicMethodType,
    jclass lambdaProxyClass);
JNIEXPORT jclass JNICALL JVM_LookupLambdaProxyClassFromArchive(
    JNIEnv* env, jclass caller, jstring interfaceMethodName, jobject factoryType,
    jobject interfaceMethodType, jobject implementationMember, jobject dynamicMethodType);
JNIEXPORT jboolean JNICALL JVM_IsCDSDumpingEnabled(JNIEnv* env);
JNIEXPORT jboolean JNICALL JVM_IsSharingEnabled(JNIEnv* env);
JNIEXPORT jboolean JNICALL JVM_IsDumpingClassList(JNIEnv* env);
JNIEXPORT jlong JNICALL JVM_GetRandomSeedForDumping();
JNIEXPORT void JNICALL JVM_LogLambdaFormInvoker(JNIEnv* env, jstring line);
JNIEXPORT void JNICALL JVM_DumpClassListToFile(JNIEnv* env, jstring fileName);
JNIEXPORT void JNICALL JVM_DumpDynamicArchive(JNIEnv* env, jstring archiveName);
JNIEXPORT void JNICALL JVM_DefineArchivedModules(JNIEnv* env, jobject platform_loader,
                                                 jobject system_loader);

// --- Throwable / StackTraceElement / StackWalker -------------------------------
JNIEXPORT void JNICALL JVM_FillInStackTrace(JNIEnv* env, jobject throwable);
JNIEXPORT void JNICALL JVM_InitStackTraceElementArray(JNIEnv* env, jobjectArray elements,
                                                      jobject throwable);
JNIEXPORT void JNICALL JVM_InitStackTraceElement(JNIEnv* env, jobject element,
                                                 jobject stackFrameInfo);
JNIEXPORT jstring JNICALL JVM_GetExtendedNPEMessage(JNIEnv* env, jthrowable throwable);
JNIEXPORT jobject JNICALL JVM_CallStackWalk(JNIEnv* env, jobject stackStream, jlong mode,
                                            jint skip_frames, jint frame_count, jint start_index,
                                            jobjectArray frames);
JNIEXPORT jint JNICALL JVM_MoreStackWalk(JNIEnv* env, jobject stackStream, jlong mode, jlong anchor,
                                         jint frame_count, jint start_index, jobjectArray frames);

// --- java.lang.Thread ------------------------------------------------------------
JNIEXPORT void JNICALL JVM_StartThread(JNIEnv* env, jobject thread);
JNIEXPORT void JNICALL JVM_StopThread(JNIEnv* env, jobject thread, jobject exception);
JNIEXPORT void JNICALL JVM_SuspendThread(JNIEnv* env, jobject thread);
JNIEXPORT void JNICALL JVM_ResumeThread(JNIEnv* env, jobject thread);
JNIEXPORT void JNICALL JVM_SetThreadPriority(JNIEnv* env, jobject thread, jint prio);
JNIEXPORT void JNICALL JVM_Yield(JNIEnv* env, jclass threadClass);
JNIEXPORT void JNICALL JVM_Sleep(JNIEnv* env, jclass threadClass, jlong millis);
JNIEXPORT jobject JNICALL JVM_CurrentThread(JNIEnv* env, jclass threadClass);
JNIEXPORT void JNICALL JVM_Interrupt(JNIEnv* env, jobject thread);
JNIEXPORT jboolean JNICALL JVM_HoldsLock(JNIEnv* env, jclass threadClass, jobject obj);
JNIEXPORT jobjectArray JNICALL JVM_GetAllThreads(JNIEnv* env, jclass dummy);
JNIEXPORT void JNICALL JVM_SetNativeThreadName(JNIEnv* env, jobject jthread, jstring name);
JNIEXPORT jobjectArray JNICALL JVM_DumpThreads(JNIEnv* env, jclass threadClass,
                                               jobjectArray threads);

// --- SecurityManager / Package / Reference -----------------------------------------
JNIEXPORT jobjectArray JNICALL JVM_GetClassContext(JNIEnv* env);
JNIEXPORT jstring JNICALL JVM_GetSystemPackage(JNIEnv* env, jstring name);
JNIEXPORT jobjectArray JNICALL JVM_GetSystemPackages(JNIEnv* env);
JNIEXPORT jobject JNICALL JVM_GetAndClearReferencePendingList(JNIEnv* env);
JNIEXPORT jboolean JNICALL JVM_HasReferencePendingList(JNIEnv* env);
JNIEXPORT void JNICALL JVM_WaitForReferencePendingList(JNIEnv* env);
JNIEXPORT jboolean JNICALL JVM_ReferenceRefersTo(JNIEnv* env, jobject ref, jobject o);
JNIEXPORT void JNICALL JVM_ReferenceClear(JNIEnv* env, jobject ref);
JNIEXPORT jboolean JNICALL JVM_PhantomReferenceRefersTo(JNIEnv* env, jobject ref, jobject o);
JNIEXPORT jobject JNICALL JVM_LatestUserDefinedLoader(JNIEnv* env);

// --- java.lang.reflect.Array --------------------------------------------------------
JNIEXPORT jint JNICALL JVM_GetArrayLength(JNIEnv* env, jobject arr);
JNIEXPORT jobject JNICALL JVM_GetArrayElement(JNIEnv* env, jobject arr, jint index);
JNIEXPORT jvalue JNICALL JVM_GetPrimitiveArrayElement(JNIEnv* env, jobject arr, jint index,
                                                      jint wCode);
JNIEXPORT void JNICALL JVM_SetArrayElement(JNIEnv* env, jobject arr, jint index, jobject val);
JNIEXPORT void JNICALL JVM_SetPrimitiveArrayElement(JNIEnv* env, jobject arr, jint index, jvalue v,
                                                    unsigned char vCode);
JNIEXPORT jobject JNICALL JVM_NewArray(JNIEnv* env, jclass eltClass, jint length);
JNIEXPORT jobject JNICALL JVM_NewMultiArray(JNIEnv* env, jclass eltClass, jintArray dim);

// --- classes: finding, defining, describing ------------------------------------------
JNIEXPORT jclass JNICALL JVM_GetCallerClass(JNIEnv* env);
JNIEXPORT jclass JNICALL JVM_FindPrimitiveClass(JNIEnv* env, const char* utf);
JNIEXPORT jclass JNICALL JVM_FindClassFromBootLoader(JNIEnv* env, const char* name);
JNIEXPORT jclass JNICALL JVM_FindClassFromCaller(JNIEnv* env, const char* name, jboolean init,
                                                 jobject loader, jclass caller);
JNIEXPORT jclass JNICALL JVM_FindLoadedClass(JNIEnv* env, jobject loader, jstring name);
JNIEXPORT jclass JNICALL JVM_DefineClassWithSource(JNIEnv* env, const char* name, jobject loader,
                                                   const jbyte* buf, jsize len, jobject pd,
                                                   const char* source);
JNIEXPORT jclass JNICALL JVM_LookupDefineClass(JNIEnv* env, jclass lookup, const char* name,
                                               const jbyte* buf, jsize len, jobject pd,
                                               jboolean init, int flags, jobject classData);
JNIEXPORT jstring JNICALL JVM_InitClassName(JNIEnv* env, jclass cls);
JNIEXPORT jobjectArray JNICALL JVM_GetClassInterfaces(JNIEnv* env, jclass cls);
JNIEXPORT jboolean JNICALL JVM_IsInterface(JNIEnv* env, jclass cls);
JNIEXPORT jobjectArray JNICALL JVM_GetClassSigners(JNIEnv* env, jclass cls);
JNIEXPORT void JNICALL JVM_SetClassSigners(JNIEnv* env, jclass cls, jobjectArray signers);
JNIEXPORT jobject JNICALL JVM_GetProtectionDomain(JNIEnv* env, jclass cls);
JNIEXPORT jboolean JNICALL JVM_IsArrayClass(JNIEnv* env, jclass cls);
JNIEXPORT jboolean JNICALL JVM_IsPrimitiveClass(JNIEnv* env, jclass cls);
JNIEXPORT jboolean JNICALL JVM_IsHiddenClass(JNIEnv* env, jclass cls);
JNIEXPORT jint JNICALL JVM_GetClassModifiers(JNIEnv* env, jclass cls);
JNIEXPORT jobjectArray JNICALL JVM_GetDeclaredClasses(JNIEnv* env, jclass ofClass);
JNIEXPORT jclass JNICALL JVM_GetDeclaringClass(JNIEnv* env, jclass ofClass);
JNIEXPORT jstring JNICALL JVM_GetSimpleBinaryName(JNIEnv* env, jclass ofClass);
JNIEXPORT jstring JNICALL JVM_GetClassSignature(JNIEnv* env, jclass cls);
JNIEXPORT jbyteArray JNICALL JVM_GetClassAnnotations(JNIEnv* env, jclass cls);
JNIEXPORT jbyteArray JNICALL JVM_GetClassTypeAnnotations(JNIEnv* env, jclass cls);
JNIEXPORT jbyteArray JNICALL JVM_GetFieldTypeAnnotations(JNIEnv* env, jobject field);
JNIEXPORT jbyteArray JNICALL JVM_GetMethodTypeAnnotations(JNIEnv* env, jobject method);
JNIEXPORT jint JNICALL JVM_GetClassAccessFlags(JNIEnv* env, jclass cls);
JNIEXPORT jboolean JNICALL JVM_AreNestMates(JNIEnv* env, jclass current, jclass member);
JNIEXPORT jclass JNICALL JVM_GetNestHost(JNIEnv* env, jclass current);
JNIEXPORT jobjectArray JNICALL JVM_GetNestMembers(JNIEnv* env, jclass current);
JNIEXPORT jboolean JNICALL JVM_IsRecord(JNIEnv* env, jclass cls);
JNIEXPORT jobjectArray JNICALL JVM_GetRecordComponents(JNIEnv* env, jclass ofClass);
JNIEXPORT jobjectArray JNICALL JVM_GetPermittedSubclasses(JNIEnv* env, jclass current);
JNIEXPORT jobjectArray JNICALL JVM_GetEnclosingMethodInfo(JNIEnv* env, jclass ofClass);

// --- reflection ------------------------------------------------------------------------
JNIEXPORT jobjectArray JNICALL JVM_GetClassDeclaredMethods(JNIEnv* env, jclass ofClass,
                                                           jboolean publicOnly);
JNIEXPORT jobjectArray JNICALL JVM_GetClassDeclaredFields(JNIEnv* env, jclass ofClass,
                                                          jboolean publicOnly);
JNIEXPORT jobjectArray JNICALL JVM_GetClassDeclaredConstructors(JNIEnv* env, jclass ofClass,
                                                                jboolean publicOnly);
JNIEXPORT jobject JNICALL JVM_InvokeMethod(JNIEnv* env, jobject method, jobject obj,
                                           jobjectArray args0);
JNIEXPORT jobject JNICALL JVM_NewInstanceFromConstructor(JNIEnv* env, jobject c,
                                                         jobjectArray args0);
JNIEXPORT jobjectArray JNICALL JVM_GetMethodParameters(JNIEnv* env, jobject method);

// --- jdk.internal.reflect.ConstantPool --------------------------------------------------
JNIEXPORT jobject JNICALL JVM_GetClassConstantPool(JNIEnv* env, jclass cls);
JNIEXPORT jint JNICALL JVM_ConstantPoolGetSize(JNIEnv* env, jobject unused, jobject jcpool);
JNIEXPORT jclass JNICALL JVM_ConstantPoolGetClassAt(JNIEnv* env, jobject unused, jobject jcpool,
                                                    jint index);
JNIEXPORT jclass JNICALL JVM_ConstantPoolGetClassAtIfLoaded(JNIEnv* env, jobject unused,
                                                            jobject jcpool, jint index);
JNIEXPORT jint JNICALL JVM_ConstantPoolGetClassRefIndexAt(JNIEnv* env, jobject obj, jobject unused,
                                                          jint index);
JNIEXPORT jobject JNICALL JVM_ConstantPoolGetMethodAt(JNIEnv* env, jobject unused, jobject jcpool,
                                                      jint index);
JNIEXPORT jobject JNICALL JVM_ConstantPoolGetMethodAtIfLoaded(JNIEnv* env, jobject unused,
                                                              jobject jcpool, jint index);
JNIEXPORT jobject JNICALL JVM_ConstantPoolGetFieldAt(JNIEnv* env, jobject unused, jobject jcpool,
                                                     jint index);
JNIEXPORT jobject JNICALL JVM_ConstantPoolGetFieldAtIfLoaded(JNIEnv* env, jobject unused,
                                                             jobject jcpool, jint index);
JNIEXPORT jobjectArray JNICALL JVM_ConstantPoolGetMemberRefInfoAt(JNIEnv* env, jobject unused,
                                                                  jobject jcpool, jint index);
JNIEXPORT jint JNICALL JVM_ConstantPoolGetNameAndTypeRefIndexAt(JNIEnv* env, jobject obj,
                                                                jobject unused, jint index);
JNIEXPORT jobjectArray JNICALL JVM_ConstantPoolGetNameAndTypeRefInfoAt(JNIEnv* env, jobject obj,
                                                                       jobject unused, jint index);
JNIEXPORT jint JNICALL JVM_ConstantPoolGetIntAt(JNIEnv* env, jobject unused, jobject jcpool,
                                                jint index);
JNIEXPORT jlong JNICALL JVM_ConstantPoolGetLongAt(JNIEnv* env, jobject unused, jobject jcpool,
                                                  jint index);
JNIEXPORT jfloat JNICALL JVM_ConstantPoolGetFloatAt(JNIEnv* env, jobject unused, jobject jcpool,
                                                    jint index);
JNIEXPORT jdouble JNICALL JVM_ConstantPoolGetDoubleAt(JNIEnv* env, jobject unused, jobject jcpool,
                                                      jint index);
JNIEXPORT jstring JNICALL JVM_ConstantPoolGetStringAt(JNIEnv* env, jobject unused, jobject jcpool,
                                                      jint index);
JNIEXPORT jstring JNICALL JVM_ConstantPoolGetUTF8At(JNIEnv* env, jobject unused, jobject jcpool,
                                                    jint index);
JNIEXPORT jbyte JNICALL JVM_ConstantPoolGetTagAt(JNIEnv* env, jobject unused, jobject jcpool,
                                                 jint index);

// --- modules ----------------------------------------------------------------------------
JNIEXPORT void JNICALL JVM_DefineModule(JNIEnv* env, jobject module, jboolean is_open,
                                        jstring version, jstring location, jobjectArray packages);
JNIEXPORT void JNICALL JVM_SetBootLoaderUnnamedModule(JNIEnv* env, jobject module);
JNIEXPORT void JNICALL JVM_AddModuleExports(JNIEnv* env, jobject from_module, jstring package,
                                            jobject to_module);
JNIEXPORT void JNICALL JVM_AddModuleExportsToAllUnnamed(JNIEnv* env, jobject from_module,
                                                        jstring package);
JNIEXPORT void JNICALL JVM_AddModuleExportsToAll(JNIEnv* env, jobject from_module, jstring package);
JNIEXPORT void JNICALL JVM_AddReadsModule(JNIEnv* env, jobject from_module, jobject source_module);

// --- java.security, signals, assertions, misc ---------------------------------------------
JNIEXPORT jobject JNICALL JVM_GetInheritedAccessControlContext(JNIEnv* env, jclass cls);
JNIEXPORT jobject JNICALL JVM_GetStackAccessControlContext(JNIEnv* env, jclass cls);
JNIEXPORT void* JNICALL JVM_RegisterSignal(jint sig, void* handler);
JNIEXPORT jboolean JNICALL JVM_RaiseSignal(jint sig);
JNIEXPORT jint JNICALL JVM_FindSignal(const char* name);
JNIEXPORT jboolean JNICALL JVM_DesiredAssertionStatus(JNIEnv* env, jclass unused, jclass cls);
JNIEXPORT jobject JNICALL JVM_AssertionStatusDirectives(JNIEnv* env, jclass unused);
JNIEXPORT jboolean JNICALL JVM_SupportsCX8(void);
JNIEXPORT jobject JNICALL JVM_InitAgentProperties(JNIEnv* env, jobject agent_props);
JNIEXPORT jstring JNICALL JVM_GetTemporaryDirectory(JNIEnv* env);

#ifdef __cplusplus
}  // extern "C"
#endif
