package dev.formattable.flink.source.enumerator;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.scan.ScanPlan;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.source.ScanStats;

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.enumerate.FileEnumerator;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * Finds the files of a scan with the core's planner, so the listing is pruned by the partition
 * predicate, and cuts files larger than the target split size into byte ranges.
 *
 * <p>Split ids start with a token of this enumerator instance. A continuous source builds a new
 * enumerator when it is restored, while its readers still hold splits of the old one; a plain
 * counter would start again at 0 and hand out ids that those splits already carry.
 */
public final class FormatTableFileEnumerator implements FileEnumerator {

    private final ScanSpec spec;
    private final String idPrefix = UUID.randomUUID().toString().replace("-", "") + "-";
    private long nextId;

    public FormatTableFileEnumerator(ScanSpec spec) {
        this.spec = spec;
    }

    /** What to scan: the table, a partition predicate, a limit and the split size. */
    public static final class ScanSpec implements Serializable {
        private static final long serialVersionUID = 1L;
        final FormatTable table;
        final PartitionPredicate predicate;
        final Long limit;
        final long splitSize;

        public ScanSpec(
                FormatTable table, PartitionPredicate predicate, Long limit, long splitSize) {
            this.table = table;
            this.predicate = predicate;
            this.limit = limit;
            this.splitSize = splitSize;
        }
    }

    @Override
    public Collection<FileSourceSplit> enumerateSplits(Path[] paths, int minDesiredSplits)
            throws IOException {
        FormatTableScan scan = spec.table.newScan();
        if (spec.predicate != null) {
            scan.withPartitionFilter(spec.predicate);
        }
        if (spec.limit != null) {
            scan.withLimit(spec.limit);
        }
        ScanPlan plan = scan.plan();
        List<FileSourceSplit> splits = new ArrayList<>();
        for (DataSplit file : plan.splits()) {
            Path path = FlinkFileIO.toFlink(file.path());
            long size = file.fileSize();
            long offset = 0;
            do {
                long length = Math.min(spec.splitSize, size - offset);
                splits.add(
                        new FileSourceSplit(
                                idPrefix + nextId++,
                                path,
                                offset,
                                length,
                                file.modificationTime(),
                                size));
                offset += length;
            } while (offset < size);
        }
        ScanStats.record(
                spec.table.location().toString(),
                plan.listCalls(),
                plan.statusCalls(),
                splits.size());
        return splits;
    }
}
