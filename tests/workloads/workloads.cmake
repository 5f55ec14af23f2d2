# The real-application workloads of bench/workloads, one test per workload
# and mode (tests/workloads/run_workload.sh): plain, under the deterministic
# scheduler, under SafepointALot, and (opt-in) profiled with the CCT against
# the HotSpot oracle. Included from tests/CMakeLists.txt after the oracle
# agent is defined.
set(MINIJVM_WORKLOADS_SRC ${PROJECT_SOURCE_DIR}/bench/workloads)
set(MINIJVM_WORKLOAD_DRIVERS ${CMAKE_CURRENT_BINARY_DIR}/workload-drivers)
# The drivers (Java programs that drive a library) are compiled against the
# Debian jars, each when its jars are installed; a workload whose package is
# missing fails its tests, naming the package.
set(driver_commands "")
set(driver_sources "")
foreach(entry "xalan/XalanDriver.java:xalan2.jar:serializer.jar" "h2/H2Driver.java:h2.jar"
              "sunflow/SunflowRender.java:sunflow.jar:janino.jar")
  string(REPLACE ":" ";" parts ${entry})
  list(POP_FRONT parts source)
  set(classpath "")
  set(installed TRUE)
  foreach(jar ${parts})
    if(NOT EXISTS /usr/share/java/${jar})
      set(installed FALSE)
    endif()
    list(APPEND classpath /usr/share/java/${jar})
  endforeach()
  if(installed)
    string(REPLACE ";" ":" classpath "${classpath}")
    list(APPEND driver_commands COMMAND ${Java_JAVAC_EXECUTABLE} -g -encoding UTF-8 -cp ${classpath}
         -d ${MINIJVM_WORKLOAD_DRIVERS} ${MINIJVM_WORKLOADS_SRC}/${source})
    list(APPEND driver_sources ${MINIJVM_WORKLOADS_SRC}/${source})
  endif()
endforeach()
add_custom_command(
  OUTPUT ${MINIJVM_WORKLOAD_DRIVERS}/.stamp
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${MINIJVM_WORKLOAD_DRIVERS}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${MINIJVM_WORKLOAD_DRIVERS}
  ${driver_commands}
  COMMAND ${CMAKE_COMMAND} -E touch ${MINIJVM_WORKLOAD_DRIVERS}/.stamp
  DEPENDS ${driver_sources}
  COMMENT "javac: the workload drivers")
add_custom_target(minijvm_workload_drivers ALL DEPENDS ${MINIJVM_WORKLOAD_DRIVERS}/.stamp)

# The oracle mode: minijvm's application CCT against the HotSpot agent's
# (tests/oracle), with what each workload's CCT allows (README, "Real
# applications"): exact where it is a function of the program (Rhino's with
# identity hashes made equal, Batik's with no collection during the run:
# weakly held caches), reported where threads, the
# collector (Jython's finalizers) or identity hash codes decide it (H2,
# Sunflow, Jython; javac too, opt-in). javac and scalac are opt-in
# (-DMINIJVM_WORKLOAD_ORACLE=ON): their runs take minutes.
option(MINIJVM_WORKLOAD_ORACLE "Also run the oracle on javac and scalac (slow)" OFF)
set(oracle_exact xalan rhino batik)
set(oracle_report h2 sunflow jython)
if(MINIJVM_WORKLOAD_ORACLE)
  list(APPEND oracle_report javac scalac)
endif()
set(modes plain sched safepoint oracle)
set(workloads javac scalac rhino xalan h2 jython sunflow batik)
if(MINIJVM_SANITIZE)
  # A test of memory safety there, on a compiler, a threaded renderer and a
  # threaded database; the Release run checks the rest.
  set(modes plain)
  set(workloads javac sunflow h2)
endif()
foreach(workload ${workloads})
  foreach(mode ${modes})
    if(mode STREQUAL oracle)
      if(workload IN_LIST oracle_exact)
        set(oracle_mode exact)
      elseif(workload IN_LIST oracle_report)
        set(oracle_mode report)
      else()
        continue()
      endif()
    endif()
    add_test(NAME workload:${workload}:${mode}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/workloads/run_workload.sh ${workload} ${mode}
              $<TARGET_FILE:minijvm> ${Java_JAVA_EXECUTABLE} ${MINIJVM_WORKLOADS_SRC}
              ${MINIJVM_WORKLOAD_DRIVERS} ${CMAKE_CURRENT_BINARY_DIR}/workload-work/${workload}-${mode}
              ${CMAKE_CURRENT_BINARY_DIR}/oracle/cct-agent.jar ${oracle_mode})
    # The longest tests start first (ctest's order on a machine that has no
    # timings of an earlier run yet, as CI's): none is left running alone
    # at the end of the suite.
    set_tests_properties(workload:${workload}:${mode} PROPERTIES LABELS workload COST 30)
  endforeach()
endforeach()
