package dev.formattable.core.write;

/**
 * A format's writer (for Flink, a bulk writer) that can tell how many encoded bytes it holds in
 * memory that have not reached its stream yet, so a file can be rolled at its target size before
 * the format flushes a row group or stripe.
 */
public interface SizeReporting {

    /** An estimate of the bytes buffered for the file and not yet written to its stream. */
    long bufferedBytes();
}
