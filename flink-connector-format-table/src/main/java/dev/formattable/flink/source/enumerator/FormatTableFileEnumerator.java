/*
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.formattable.flink.source.enumerator;

import dev.formattable.core.line.LineReader;
import dev.formattable.core.options.LineCompression;
import dev.formattable.core.options.LineFormatOptions;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.scan.ScanPlan;
import dev.formattable.flink.read.FormatTableSplit;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.enumerate.FileEnumerator;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Finds the files of a scan with the core's planner, so the listing is pruned by the partition
 * predicate, and cuts files larger than the target split size into byte ranges (except files of the
 * line formats that are compressed or whose records end in a delimiter of their own, which are read
 * whole).
 *
 * <p>Split ids start with a token of this enumerator instance. A continuous source builds a new
 * enumerator when it is restored, while its readers still hold splits of the old one; a plain
 * counter would start again at 0 and hand out ids that those splits already carry.
 */
@Internal
public final class FormatTableFileEnumerator implements FileEnumerator {

    private final ScanSpec spec;
    private final String idPrefix = UUID.randomUUID().toString().replace("-", "") + "-";
    private long nextId;
    @Nullable private final PlanningMetrics metrics;

    /** An enumerator that reports what its plans cost in {@code metrics}, if given. */
    public FormatTableFileEnumerator(ScanSpec spec, @Nullable PlanningMetrics metrics) {
        this.spec = spec;
        this.metrics = metrics;
    }

    /**
     * Creates the enumerator of a {@link org.apache.flink.connector.file.src.FileSource}, with the
     * metrics of the coordinator it runs in: the source hands them over ({@link #useMetrics})
     * before Flink asks for the enumerator.
     */
    public static final class Provider implements FileEnumerator.Provider {
        private static final long serialVersionUID = 1L;
        private final ScanSpec spec;
        @Nullable private transient PlanningMetrics metrics;

        public Provider(ScanSpec spec) {
            this.spec = spec;
        }

        /** The metrics the next enumerator reports in. */
        public void useMetrics(PlanningMetrics metrics) {
            this.metrics = metrics;
        }

        @Override
        public FileEnumerator create() {
            return new FormatTableFileEnumerator(spec, metrics);
        }
    }

    @Override
    public Collection<FileSourceSplit> enumerateSplits(Path[] paths, int minDesiredSplits)
            throws IOException {
        long start = System.nanoTime();
        List<DataSplit> files;
        int listCalls = 0;
        int statusCalls = 0;
        if (spec.planned != null) {
            files = spec.planned;
        } else {
            FormatTableScan scan = spec.table.newScan();
            if (spec.predicate != null) {
                scan.withPartitionFilter(spec.predicate);
            }
            if (spec.limit != null) {
                scan.withLimit(spec.limit);
            }
            ScanPlan plan = scan.plan();
            files = plan.splits();
            listCalls = plan.listCalls();
            statusCalls = plan.statusCalls();
        }
        List<FileSourceSplit> splits = new ArrayList<>();
        boolean lineBased = spec.table.options().format().lineBased();
        // Records ending in a delimiter of one's own are only certain from the file's start.
        boolean customDelimiter =
                lineBased
                        && LineReader.delimiterBytes(
                                        LineFormatOptions.lineDelimiter(
                                                spec.table.options().options(),
                                                spec.table.options().format()))
                                != null;
        for (DataSplit file : files) {
            long size = file.fileSize();
            // A compressed stream cannot be entered in the middle: one reader reads it whole.
            long splitSize =
                    lineBased
                                    && LineCompression.ofFileName(file.path().name())
                                            != LineCompression.NONE
                            ? Math.max(size, 1)
                            : spec.splitSize;
            long offset = 0;
            do {
                long length = Math.min(splitSize, size - offset);
                splits.add(
                        FormatTableSplit.of(idPrefix + nextId++, file, offset, length, spec.table));
                offset += length;
            } while (offset < size);
        }
        if (metrics != null) {
            metrics.planned(
                    listCalls,
                    statusCalls,
                    files.size(),
                    splits.size(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        }
        return splits;
    }
}
