package example.b;

class B {
    example.a.A a;
    example.c.C c;
}
