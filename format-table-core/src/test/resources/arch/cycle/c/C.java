package example.c;

class C {}
