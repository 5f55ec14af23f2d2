package runtime;

public class RtCaller {
  int run(RtTarget t) {
    t.ifield = 1;
    RtTarget.sfield = 2;
    t.m(3);
    RtTarget.s();
    return t.gone;
  }
}
