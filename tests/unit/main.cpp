// The one doctest main of minijvm_unit_tests; every other file here only adds test cases.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
