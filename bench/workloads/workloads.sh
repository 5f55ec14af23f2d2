# The real-application workloads (sourced by tests/workloads/run_workload.sh
# and bench/workloads.sh): each is an application from a Debian package,
# driven by an input in this folder, at a `small` size for CI and a `large`
# one for benchmarks.
#
# workload_setup NAME SIZE SRC DRIVERS sets, for a run from a scratch
# directory whose out/ holds the outputs:
#   WL_ARGS     the arguments after the VM (`java` or `minijvm`)
#   WL_JARS     the Debian jars it needs (checked by workload_missing)
#   WL_PACKAGE  the Debian package that holds them
# SRC is this folder; DRIVERS the javac output of its *.java drivers (built
# by bench/CMakeLists.txt). Returns 1 for an unknown name or size.

WORKLOADS="javac scalac rhino xalan h2 jython sunflow batik"

jars_dir=/usr/share/java

workload_setup() {
  local name=$1 size=$2 src=$3 drivers=$4 repo
  repo=$(cd "$src/../.." && pwd)
  case "$size" in small|large) ;; *) return 1 ;; esac
  big() { [ "$size" = large ]; }
  case "$name" in
    javac)  # the JDK's compiler, run as its module's main class
      WL_PACKAGE=openjdk-17-jdk-headless WL_JARS=()
      local sources=("$repo"/tests/java/diff/apps/JsonApp.java "$repo"/tests/java/diff/apps/TextIndexer.java)
      if big; then sources=("$repo"/tests/java/diff/apps/*.java "$repo"/tests/java/diff/lib/*.java); fi
      WL_ARGS=(-m jdk.compiler/com.sun.tools.javac.Main -g -encoding UTF-8 -d out "${sources[@]}") ;;
    scalac)  # the Scala 2.11 compiler
      WL_PACKAGE=scala
      WL_JARS=("$jars_dir/scala-compiler.jar" "$jars_dir/scala-library.jar" "$jars_dir/scala-reflect.jar")
      local sources=("$src"/scalac/small/*.scala)
      if big; then sources+=("$src"/scalac/large/*.scala); fi
      WL_ARGS=(-cp "$(IFS=:; echo "${WL_JARS[*]}")" scala.tools.nsc.Main -usejavacp -d out "${sources[@]}") ;;
    rhino)  # Mozilla's JavaScript engine, compiling scripts to classes
      WL_PACKAGE=rhino WL_JARS=("$jars_dir/rhino.jar")
      WL_ARGS=(-cp "${WL_JARS[0]}" org.mozilla.javascript.tools.shell.Main "$src/rhino/workload.js"
               "$(big && echo 8 || echo 1)") ;;
    xalan)  # Apache Xalan's interpretive XSLT processor
      WL_PACKAGE=libxalan2-java WL_JARS=("$jars_dir/xalan2.jar" "$jars_dir/serializer.jar")
      WL_ARGS=(-cp "${WL_JARS[0]}:${WL_JARS[1]}:$drivers" XalanDriver "$src/xalan" out
               "$(big && echo 24 || echo 2)") ;;
    h2)  # the H2 SQL database, in memory, from several threads
      WL_PACKAGE=libh2-java WL_JARS=("$jars_dir/h2.jar")
      WL_ARGS=(-cp "${WL_JARS[0]}:$drivers" H2Driver $(big && echo 800 4 || echo 150 2)) ;;
    jython)  # Python 2.7 on the JVM, compiling modules to classes
      WL_PACKAGE=jython WL_JARS=("$jars_dir/jython.jar")
      WL_ARGS=(-Dpython.cachedir.skip=true -jar "${WL_JARS[0]}" "$src/jython/workload.py"
               "$(big && echo 12 || echo 1)") ;;
    sunflow)  # a ray tracer rendering with two threads
      WL_PACKAGE=libsunflow-java WL_JARS=("$jars_dir/sunflow.jar" "$jars_dir/janino.jar")
      WL_ARGS=(-cp "${WL_JARS[0]}:${WL_JARS[1]}:$drivers" SunflowRender out/scene.png
               $(big && echo 480 2 24 || echo 64 2 6)) ;;
    batik)  # Apache Batik's SVG rasterizer, SVG to PNG
      WL_PACKAGE=libbatik-java WL_JARS=("$jars_dir/batik-all.jar" "$jars_dir/xmlgraphics-commons.jar")
      # Without -scriptSecurityOff the rasterizer installs a SecurityManager
      # whose policy denies the run itself (on HotSpot as on minijvm).
      WL_ARGS=(-cp "${WL_JARS[0]}:${WL_JARS[1]}" org.apache.batik.apps.rasterizer.Main
               -scriptSecurityOff -d out "$src/batik/$size.svg") ;;
    *) return 1 ;;
  esac
}

# workload_missing: the first jar of the workload set up last that is not
# installed, or nothing.
workload_missing() {
  local jar
  for jar in "${WL_JARS[@]}"; do [ -f "$jar" ] || { echo "$jar"; return; }; done
}

# For the bench/ scripts that time workloads: sets $drivers to BUILD's
# workload drivers (exits if they are not built) and $work to a scratch
# directory removed at exit.
workload_bench_init() {
  drivers=$1/tests/workload-drivers
  [ -f "$drivers/.stamp" ] || { echo "build the tests first (the workload drivers): cmake --build $1"; exit 1; }
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
}

# in_dir NAME CMD... : runs CMD with the workload's arguments from
# $work/NAME, whose out/ is emptied first; stderr goes to $work/NAME/stderr
# (the run_VARIANT functions of interleave, bench/common.sh).
in_dir() {
  local dir=$work/$1; shift
  rm -rf "$dir" && mkdir -p "$dir/out" && (cd "$dir" && "$@" "${WL_ARGS[@]}" 2>stderr)
}
