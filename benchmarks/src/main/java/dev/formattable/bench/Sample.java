package dev.formattable.bench;

/** One timed run: its figure and the answer it produced, which both sides must agree on. */
public final class Sample {

    public final double value;
    public final String answer;

    public Sample(double value, String answer) {
        this.value = value;
        this.answer = answer;
    }
}
