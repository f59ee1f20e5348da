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
import org.apache.flink.api.common.io.DefaultInputSplitAssigner;
import org.apache.flink.api.common.io.RichInputFormat;
import org.apache.flink.api.common.io.statistics.BaseStatistics;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.InputSplit;
import org.apache.flink.core.io.InputSplitAssigner;
import org.apache.flink.table.data.RowData;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.Collection;

/**
 * The whole table (its partitions that survive pruning, its projected columns) as an input format,
 * which is what Flink's full lookup cache loads: each load plans the table anew, so a reload sees
 * the files committed since, and reads each split with the connector's own readers.
 */
@Internal
public final class FullTableInputFormat extends RichInputFormat<RowData, InputSplit> {

    private static final long serialVersionUID = 1L;

    private final ScanSpec scan;
    private final FormatTableBulkFormat format;
    @Nullable private final LatestPartition latest;

    @Nullable private transient BulkFormat.Reader<RowData> reader;
    @Nullable private transient BulkFormat.RecordIterator<RowData> batch;
    @Nullable private transient RowData next;
    private transient boolean ended;

    public FullTableInputFormat(ScanSpec scan, FormatTableBulkFormat format) {
        this(scan, format, null);
    }

    /** A load of the latest partition alone, as {@code latest} orders them (null: all). */
    public FullTableInputFormat(
            ScanSpec scan, FormatTableBulkFormat format, @Nullable LatestPartition latest) {
        this.scan = scan;
        this.format = format;
        this.latest = latest;
    }

    @Override
    public void configure(Configuration parameters) {}

    @Override
    public BaseStatistics getStatistics(BaseStatistics cachedStatistics) {
        return cachedStatistics;
    }

    @Override
    public InputSplit[] createInputSplits(int minNumSplits) throws IOException {
        // The latest partition is chosen at each load, from one listing: a load never mixes two.
        ScanSpec load =
                latest == null
                        ? scan
                        : scan.withPlanned(latest.select(scan.table(), scan.partitionFilter()));
        Collection<FileSourceSplit> files =
                new FormatTableFileEnumerator(load, null)
                        .enumerateSplits(
                                new Path[] {FlinkFileIO.toFlink(scan.table().qualifiedLocation())},
                                minNumSplits);
        InputSplit[] splits = new InputSplit[files.size()];
        int i = 0;
        for (FileSourceSplit file : files) {
            splits[i] = new FileInputSplit(i, file);
            i++;
        }
        return splits;
    }

    @Override
    public InputSplitAssigner getInputSplitAssigner(InputSplit[] inputSplits) {
        return new DefaultInputSplitAssigner(inputSplits);
    }

    @Override
    public void open(InputSplit split) throws IOException {
        reader = format.createReader(new Configuration(), ((FileInputSplit) split).file);
        batch = null;
        next = null;
        ended = false;
    }

    @Override
    public boolean reachedEnd() throws IOException {
        while (next == null && !ended) {
            if (batch == null) {
                batch = reader.readBatch();
                if (batch == null) {
                    ended = true;
                    break;
                }
            }
            RecordAndPosition<RowData> record = batch.next();
            if (record == null) {
                batch.releaseBatch();
                batch = null;
            } else {
                next = record.getRecord();
            }
        }
        return next == null;
    }

    /** The next row, valid until the next call: the cache loader copies it. */
    @Override
    public RowData nextRecord(RowData reuse) throws IOException {
        if (reachedEnd()) {
            return null;
        }
        RowData row = next;
        next = null;
        return row;
    }

    @Override
    public void close() throws IOException {
        if (batch != null) {
            batch.releaseBatch();
            batch = null;
        }
        if (reader != null) {
            BulkFormat.Reader<RowData> open = reader;
            reader = null;
            open.close();
        }
    }

    /** One split of one file, as Flink's input formats number them. */
    static final class FileInputSplit implements InputSplit {

        private static final long serialVersionUID = 1L;

        private final int number;
        final FileSourceSplit file;

        FileInputSplit(int number, FileSourceSplit file) {
            this.number = number;
            this.file = file;
        }

        @Override
        public int getSplitNumber() {
            return number;
        }

        @Override
        public String toString() {
            return "split " + number + " of " + file;
        }
    }
}
