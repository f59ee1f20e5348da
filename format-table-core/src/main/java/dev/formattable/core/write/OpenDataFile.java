package dev.formattable.core.write;

import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.TwoPhaseOutputStream;

import java.util.LinkedHashMap;

/** A data file being written. */
final class OpenDataFile<T> {
    final Path staged;
    final Path target;
    final LinkedHashMap<String, String> spec;
    final TwoPhaseOutputStream out;
    final FormatWriter<T> writer;
    long rows;
    long openedAt;
    long lastWrite;
    long nextSizeCheck = 1;
    long bufferedAtCheck;
    long finishedSize;

    OpenDataFile(
            Path staged,
            Path target,
            LinkedHashMap<String, String> spec,
            TwoPhaseOutputStream out,
            FormatWriter<T> writer) {
        this.staged = staged;
        this.target = target;
        this.spec = spec;
        this.out = out;
        this.writer = writer;
    }
}
