package example.a;

import example.b.B;

/** Refers to example.c.C only in a comment, which is no dependency. */
class A {
    B b;
    String s = "example.c.C";
}
