// Starting the VM and running a program, as HotSpot's Threads::create_vm and
// the java launcher (libjli's JavaMain) do together:
//
//   1. the VM core: heap, boot class path, well-known classes, mirrors;
//   2. the interpreter, the VM-internal natives, the JNI binder, libjava.so;
//   3. java.lang classes initialized in HotSpot 17's order, the "system" and
//      "main" thread groups and the main Thread object created;
//   4. System.initPhase1, initPhase2 (the module system), initPhase3;
//   5. LauncherHelper.checkAndLoadMain, then main(String[]);
//   6. an uncaught exception goes to Thread.dispatchUncaughtException, then
//      the VM waits for non-daemon threads and runs Shutdown.shutdown().
#pragma once

#include <string>
#include <vector>

#include "vm/classpath/jdk.h"
#include "vm/runtime/vm.h"

namespace minijvm {

struct ProgramRequest {
  VmOptions vm;
  JdkInstall jdk;
  // LauncherHelper's modes: 1 = a main class name, 2 = a jar file.
  int launch_mode = 1;
  std::string what;  // the class name or the jar path, as the launcher passes it
  std::vector<std::string> args;
};

// Runs the program and returns the process exit code (System.exit's status,
// 1 after an uncaught exception in main, 0 otherwise).
int run_java_program(const ProgramRequest& request);

}  // namespace minijvm
