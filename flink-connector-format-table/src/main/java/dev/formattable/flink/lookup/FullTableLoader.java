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
package dev.formattable.flink.lookup;

import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.source.enumerator.FormatTableFileEnumerator;
import dev.formattable.flink.source.enumerator.ScanSpec;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.Serializable;

/**
 * Reads a whole table (its partitions that survive pruning, its projected columns) for a lookup
 * cache. Each load plans the table anew, so it sees the files committed since the last, and reads
 * them with the connector's own readers, filters included.
 */
@Internal
public final class FullTableLoader implements Serializable {

    private static final long serialVersionUID = 1L;

    private final ScanSpec scan;
    private final FormatTableBulkFormat format;
    @Nullable private final LatestPartition latest;

    public FullTableLoader(ScanSpec scan, FormatTableBulkFormat format) {
        this(scan, format, null);
    }

    /** A loader of the latest partition alone, as {@code latest} orders them (null: all). */
    public FullTableLoader(
            ScanSpec scan, FormatTableBulkFormat format, @Nullable LatestPartition latest) {
        this.scan = scan;
        this.format = format;
        this.latest = latest;
    }

    /** Takes the rows of a load, one at a time. */
    @FunctionalInterface
    public interface RowConsumer {
        /** Takes one row, valid only during the call: the readers reuse their rows. */
        void accept(RowData row) throws IOException;
    }

    /**
     * Reads every row of the table as planned now.
     *
     * @throws IOException when a file cannot be listed or read, or when {@code rows} throws
     */
    public void load(RowConsumer rows) throws IOException {
        // The latest partition is chosen at each load, from one listing: a load never mixes two.
        ScanSpec planned =
                latest == null
                        ? scan
                        : scan.withPlanned(latest.select(scan.table(), scan.partitionFilter()));
        Path root = FlinkFileIO.toFlink(scan.table().qualifiedLocation());
        for (FileSourceSplit split :
                new FormatTableFileEnumerator(planned, null)
                        .enumerateSplits(new Path[] {root}, 1)) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException(
                        "The load of format table " + scan.table().location() + " was stopped");
            }
            read(split, rows);
        }
    }

    private void read(FileSourceSplit split, RowConsumer rows) throws IOException {
        try (BulkFormat.Reader<RowData> reader = format.createReader(new Configuration(), split)) {
            BulkFormat.RecordIterator<RowData> batch;
            while ((batch = reader.readBatch()) != null) {
                try {
                    RecordAndPosition<RowData> record;
                    while ((record = batch.next()) != null) {
                        rows.accept(record.getRecord());
                    }
                } finally {
                    batch.releaseBatch();
                }
            }
        }
    }
}
