// The one source of libjvm.so itself; everything else comes from the layer
// libraries linked in whole. It names the library in `strings libjvm.so`.
extern "C" const char minijvm_libjvm_version[] = "minijvm libjvm.so " MINIJVM_VERSION;
