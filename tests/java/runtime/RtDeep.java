package runtime;

// A superclass chain deeper than the display of primary supers
// (Klass::kPrimarySupers, 8): RtDeep9 is at depth 10 below Object (the file is named for the chain).
class RtDeep0 {}
class RtDeep1 extends RtDeep0 {}
class RtDeep2 extends RtDeep1 {}
class RtDeep3 extends RtDeep2 {}
class RtDeep4 extends RtDeep3 {}
class RtDeep5 extends RtDeep4 {}
class RtDeep6 extends RtDeep5 {}
class RtDeep7 extends RtDeep6 {}
class RtDeep8 extends RtDeep7 {}
class RtDeep9 extends RtDeep8 {}
class RtDeepSide extends RtDeep7 {}
