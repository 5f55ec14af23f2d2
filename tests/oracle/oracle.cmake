# The independent oracle of issue 5 (tests/oracle/CctAgent.java): a
# java.lang.instrument agent, built with the JDK's internal ASM, that records
# the calling context tree of application classes on HotSpot. Included from
# tests/CMakeLists.txt after minijvm_unit_tests is defined; test_cct_oracle.cpp
# runs it (MINIJVM_ORACLE_AGENT, MINIJVM_JAVA).
get_filename_component(MINIJVM_ORACLE_JDK_BIN ${Java_JAVAC_EXECUTABLE} DIRECTORY)
find_program(MINIJVM_JAR jar HINTS ${MINIJVM_ORACLE_JDK_BIN} NO_DEFAULT_PATH)
if(NOT MINIJVM_JAR)
  set(MINIJVM_JAR ${Java_JAR_EXECUTABLE})
endif()
set(oracle_dir ${CMAKE_CURRENT_BINARY_DIR}/oracle)
set(oracle_jar ${oracle_dir}/cct-agent.jar)
file(WRITE ${oracle_dir}/manifest.txt "Premain-Class: minijvm.oracle.CctAgent\n")
file(GLOB MINIJVM_ORACLE_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/oracle/*.java)
set(oracle_exports
  --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED
  --add-exports java.base/jdk.internal.org.objectweb.asm.commons=ALL-UNNAMED
  --add-exports java.base/jdk.internal.access=ALL-UNNAMED)
add_custom_command(
  OUTPUT ${oracle_jar}
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${oracle_dir}/classes
  COMMAND ${CMAKE_COMMAND} -E make_directory ${oracle_dir}/classes
  COMMAND ${Java_JAVAC_EXECUTABLE} -g -encoding UTF-8 ${oracle_exports}
          -d ${oracle_dir}/classes ${MINIJVM_ORACLE_SOURCES}
  COMMAND ${MINIJVM_JAR} cfm ${oracle_jar} ${oracle_dir}/manifest.txt -C ${oracle_dir}/classes .
  DEPENDS ${MINIJVM_ORACLE_SOURCES}
  COMMENT "javac + jar: the CCT oracle agent")
add_custom_target(minijvm_oracle_agent DEPENDS ${oracle_jar})
add_dependencies(minijvm_unit_tests minijvm_oracle_agent)
target_compile_definitions(minijvm_unit_tests PRIVATE
  MINIJVM_ORACLE_AGENT="${oracle_jar}"
  MINIJVM_JAVA="${Java_JAVA_EXECUTABLE}")
