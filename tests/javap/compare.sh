#!/bin/sh
# Compares `minijvm -javap FLAGS CLASS` with the JDK's `javap FLAGS CLASS`
# for each CLASS (binary names or .class files) and prints a summary; with
# -d, also the first lines of each diff.
#   tests/javap/compare.sh [-d] MINIJVM JAVAP "FLAGS" CLASS...
# Exit status: 0 if every output (stdout and exit code) is identical.
show_diff=0
if [ "$1" = "-d" ]; then show_diff=1; shift; fi
minijvm=$1 javap=$2 flags=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
same=0 differ=0
for class in "$@"; do
  LC_ALL=C.UTF-8 "$javap" $flags "$class" > "$tmp/expected" 2>&1; rc_expected=$?
  LC_ALL=C.UTF-8 "$minijvm" -javap $flags "$class" > "$tmp/actual" 2>&1; rc_actual=$?
  if cmp -s "$tmp/expected" "$tmp/actual" && [ $rc_expected = $rc_actual ]; then
    same=$((same + 1))
  else
    differ=$((differ + 1))
    lines=$(diff "$tmp/expected" "$tmp/actual" | grep -c '^[<>]')
    echo "DIFF $flags $class: $lines lines differ (exit $rc_expected vs $rc_actual)"
    [ $show_diff = 1 ] && diff "$tmp/expected" "$tmp/actual" | head -20
  fi
done
echo "$same identical, $differ different"
[ $differ = 0 ]
