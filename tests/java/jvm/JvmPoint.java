package jvm;

// Record fixture for tests/unit/test_jvm_reflection.cpp (JVM_GetRecordComponents).
public record JvmPoint(int x, String label) {}
