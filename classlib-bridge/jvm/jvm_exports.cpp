// The table of every JVM_* function, by name. Referencing it links every
// jvm_*.cpp object into an executable or shared library even from a static
// archive, and lets tests and the libjvm.so build check the exports.
#include "classlib-bridge/jvm/jvm_exports.h"

#include "classlib-bridge/jvm/jvm_functions.h"

namespace minijvm {
namespace {

#define JVM_EXPORT(name) {#name, reinterpret_cast<void*>(&name)},
const JvmExport kJvmExports[] = {
    JVM_EXPORT(JVM_ActiveProcessorCount) JVM_EXPORT(JVM_AddModuleExports) JVM_EXPORT(
        JVM_AddModuleExportsToAll) JVM_EXPORT(JVM_AddModuleExportsToAllUnnamed)
        JVM_EXPORT(JVM_AddReadsModule) JVM_EXPORT(JVM_AreNestMates) JVM_EXPORT(
            JVM_ArrayCopy) JVM_EXPORT(JVM_AssertionStatusDirectives) JVM_EXPORT(JVM_BeforeHalt)
            JVM_EXPORT(JVM_CallStackWalk) JVM_EXPORT(JVM_Clone) JVM_EXPORT(
                JVM_ConstantPoolGetClassAt) JVM_EXPORT(JVM_ConstantPoolGetClassAtIfLoaded)
                JVM_EXPORT(JVM_ConstantPoolGetClassRefIndexAt) JVM_EXPORT(
                    JVM_ConstantPoolGetDoubleAt) JVM_EXPORT(JVM_ConstantPoolGetFieldAt)
                    JVM_EXPORT(JVM_ConstantPoolGetFieldAtIfLoaded) JVM_EXPORT(
                        JVM_ConstantPoolGetFloatAt) JVM_EXPORT(JVM_ConstantPoolGetIntAt)
                        JVM_EXPORT(JVM_ConstantPoolGetLongAt) JVM_EXPORT(
                            JVM_ConstantPoolGetMemberRefInfoAt) JVM_EXPORT(JVM_ConstantPoolGetMethodAt)
                            JVM_EXPORT(JVM_ConstantPoolGetMethodAtIfLoaded) JVM_EXPORT(
                                JVM_ConstantPoolGetNameAndTypeRefIndexAt)
                                JVM_EXPORT(JVM_ConstantPoolGetNameAndTypeRefInfoAt) JVM_EXPORT(
                                    JVM_ConstantPoolGetSize) JVM_EXPORT(JVM_ConstantPoolGetStringAt)
                                    JVM_EXPORT(JVM_ConstantPoolGetTagAt) JVM_EXPORT(
                                        JVM_ConstantPoolGetUTF8At) JVM_EXPORT(JVM_CurrentThread)
                                        JVM_EXPORT(JVM_CurrentTimeMillis) JVM_EXPORT(
                                            JVM_DefineArchivedModules) JVM_EXPORT(JVM_DefineClassWithSource) JVM_EXPORT(JVM_DefineModule)
                                            JVM_EXPORT(JVM_DesiredAssertionStatus) JVM_EXPORT(JVM_DumpClassListToFile) JVM_EXPORT(
                                                JVM_DumpDynamicArchive) JVM_EXPORT(JVM_DumpThreads) JVM_EXPORT(JVM_FillInStackTrace)
                                                JVM_EXPORT(
                                                    JVM_FindClassFromBootLoader) JVM_EXPORT(JVM_FindClassFromCaller)
                                                    JVM_EXPORT(
                                                        JVM_FindLibraryEntry) JVM_EXPORT(JVM_FindLoadedClass)
                                                        JVM_EXPORT(JVM_FindPrimitiveClass) JVM_EXPORT(JVM_FindSignal) JVM_EXPORT(
                                                            JVM_FreeMemory) JVM_EXPORT(JVM_GC) JVM_EXPORT(JVM_GetAllThreads)
                                                            JVM_EXPORT(JVM_GetAndClearReferencePendingList) JVM_EXPORT(
                                                                JVM_GetArrayElement) JVM_EXPORT(JVM_GetArrayLength)
                                                                JVM_EXPORT(JVM_GetCallerClass) JVM_EXPORT(
                                                                    JVM_GetClassAccessFlags) JVM_EXPORT(JVM_GetClassAnnotations)
                                                                    JVM_EXPORT(
                                                                        JVM_GetClassConstantPool) JVM_EXPORT(JVM_GetClassContext)
                                                                        JVM_EXPORT(JVM_GetClassDeclaredConstructors) JVM_EXPORT(
                                                                            JVM_GetClassDeclaredFields) JVM_EXPORT(JVM_GetClassDeclaredMethods)
                                                                            JVM_EXPORT(JVM_GetClassInterfaces) JVM_EXPORT(
                                                                                JVM_GetClassModifiers)
                                                                                JVM_EXPORT(JVM_GetClassSignature) JVM_EXPORT(
                                                                                    JVM_GetClassSigners) JVM_EXPORT(JVM_GetClassTypeAnnotations)
                                                                                    JVM_EXPORT(JVM_GetDeclaredClasses) JVM_EXPORT(JVM_GetDeclaringClass) JVM_EXPORT(JVM_GetEnclosingMethodInfo) JVM_EXPORT(JVM_GetExtendedNPEMessage) JVM_EXPORT(JVM_GetFieldTypeAnnotations) JVM_EXPORT(JVM_GetInheritedAccessControlContext) JVM_EXPORT(JVM_GetMethodParameters) JVM_EXPORT(JVM_GetMethodTypeAnnotations) JVM_EXPORT(JVM_GetNanoTimeAdjustment) JVM_EXPORT(JVM_GetNestHost) JVM_EXPORT(JVM_GetNestMembers) JVM_EXPORT(JVM_GetPermittedSubclasses) JVM_EXPORT(JVM_GetPrimitiveArrayElement) JVM_EXPORT(JVM_GetProperties) JVM_EXPORT(JVM_GetProtectionDomain) JVM_EXPORT(JVM_GetRandomSeedForDumping) JVM_EXPORT(JVM_GetRecordComponents) JVM_EXPORT(JVM_GetSimpleBinaryName) JVM_EXPORT(JVM_GetStackAccessControlContext) JVM_EXPORT(JVM_GetSystemPackage) JVM_EXPORT(JVM_GetSystemPackages) JVM_EXPORT(JVM_GetTemporaryDirectory) JVM_EXPORT(JVM_GetVmArguments) JVM_EXPORT(JVM_Halt) JVM_EXPORT(JVM_HasReferencePendingList) JVM_EXPORT(JVM_HoldsLock) JVM_EXPORT(JVM_IHashCode) JVM_EXPORT(JVM_InitAgentProperties) JVM_EXPORT(JVM_InitClassName) JVM_EXPORT(JVM_InitStackTraceElement) JVM_EXPORT(JVM_InitStackTraceElementArray) JVM_EXPORT(JVM_InitializeFromArchive) JVM_EXPORT(JVM_InternString) JVM_EXPORT(
                                                                                        JVM_Interrupt) JVM_EXPORT(JVM_InvokeMethod) JVM_EXPORT(JVM_IsArrayClass) JVM_EXPORT(JVM_IsCDSDumpingEnabled) JVM_EXPORT(JVM_IsDumpingClassList) JVM_EXPORT(JVM_IsHiddenClass) JVM_EXPORT(JVM_IsInterface) JVM_EXPORT(JVM_IsPrimitiveClass) JVM_EXPORT(JVM_IsRecord) JVM_EXPORT(JVM_IsSharingEnabled) JVM_EXPORT(JVM_IsSupportedJNIVersion) JVM_EXPORT(JVM_IsUseContainerSupport) JVM_EXPORT(JVM_LatestUserDefinedLoader) JVM_EXPORT(JVM_LoadLibrary) JVM_EXPORT(JVM_LogLambdaFormInvoker)
                                                                                        JVM_EXPORT(JVM_LookupDefineClass) JVM_EXPORT(JVM_LookupLambdaProxyClassFromArchive) JVM_EXPORT(JVM_MaxMemory) JVM_EXPORT(
                                                                                            JVM_MonitorNotify) JVM_EXPORT(JVM_MonitorNotifyAll) JVM_EXPORT(JVM_MonitorWait)
                                                                                            JVM_EXPORT(JVM_MoreStackWalk) JVM_EXPORT(JVM_NanoTime) JVM_EXPORT(
                                                                                                JVM_NewArray) JVM_EXPORT(JVM_NewInstanceFromConstructor)
                                                                                                JVM_EXPORT(JVM_NewMultiArray) JVM_EXPORT(
                                                                                                    JVM_PhantomReferenceRefersTo) JVM_EXPORT(JVM_RaiseSignal) JVM_EXPORT(JVM_ReferenceClear) JVM_EXPORT(JVM_ReferenceRefersTo) JVM_EXPORT(JVM_RegisterLambdaProxyClassForArchiving) JVM_EXPORT(JVM_RegisterSignal) JVM_EXPORT(JVM_ResumeThread) JVM_EXPORT(JVM_SetArrayElement)
                                                                                                    JVM_EXPORT(JVM_SetBootLoaderUnnamedModule) JVM_EXPORT(
                                                                                                        JVM_SetClassSigners) JVM_EXPORT(JVM_SetNativeThreadName)
                                                                                                        JVM_EXPORT(JVM_SetPrimitiveArrayElement) JVM_EXPORT(
                                                                                                            JVM_SetThreadPriority)
                                                                                                            JVM_EXPORT(JVM_Sleep) JVM_EXPORT(
                                                                                                                JVM_StartThread) JVM_EXPORT(JVM_StopThread)
                                                                                                                JVM_EXPORT(JVM_SupportsCX8) JVM_EXPORT(
                                                                                                                    JVM_SuspendThread)
                                                                                                                    JVM_EXPORT(
                                                                                                                        JVM_TotalMemory)
                                                                                                                        JVM_EXPORT(
                                                                                                                            JVM_UnloadLibrary)
                                                                                                                            JVM_EXPORT(
                                                                                                                                JVM_WaitForReferencePendingList)
                                                                                                                                JVM_EXPORT(
                                                                                                                                    JVM_Yield)};
#undef JVM_EXPORT

}  // namespace

std::span<const JvmExport> jvm_exports() { return kJvmExports; }

}  // namespace minijvm
