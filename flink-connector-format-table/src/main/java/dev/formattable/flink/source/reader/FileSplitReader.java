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
package dev.formattable.flink.source.reader;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.impl.FileRecords;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.data.RowData;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Queue;

/**
 * Reads the splits assigned to a fetcher one after another, a batch per fetch, with a {@link
 * BulkFormat}: a split with a position from a checkpoint is resumed there. Once a split's reader
 * has no more batches, the reader is closed and the split reported finished.
 */
final class FileSplitReader implements SplitReader<RecordAndPosition<RowData>, FileSourceSplit> {

    private final Configuration config;
    private final BulkFormat<RowData, FileSourceSplit> format;
    private final Queue<FileSourceSplit> pending = new ArrayDeque<>();

    @Nullable private BulkFormat.Reader<RowData> current;
    @Nullable private String currentId;

    FileSplitReader(Configuration config, BulkFormat<RowData, FileSourceSplit> format) {
        this.config = config;
        this.format = format;
    }

    @Override
    public RecordsWithSplitIds<RecordAndPosition<RowData>> fetch() throws IOException {
        if (current == null) {
            FileSourceSplit next = pending.poll();
            if (next == null) {
                throw new IllegalStateException("A fetch was asked for without a split to read");
            }
            currentId = next.splitId();
            current =
                    next.getReaderPosition().isPresent()
                            ? format.restoreReader(config, next)
                            : format.createReader(config, next);
        }
        BulkFormat.RecordIterator<RowData> batch = current.readBatch();
        if (batch != null) {
            return FileRecords.forRecords(currentId, batch);
        }
        String finished = currentId;
        closeCurrent();
        return FileRecords.finishedSplit(finished);
    }

    private void closeCurrent() throws IOException {
        BulkFormat.Reader<RowData> reader = current;
        current = null;
        currentId = null;
        if (reader != null) {
            reader.close();
        }
    }

    @Override
    public void handleSplitsChanges(SplitsChange<FileSourceSplit> change) {
        if (!(change instanceof SplitsAddition)) {
            throw new UnsupportedOperationException(
                    "A file split reader only takes new splits, not " + change);
        }
        pending.addAll(change.splits());
    }

    @Override
    public void wakeUp() {
        // A fetch reads one batch and returns: nothing blocks that needs waking.
    }

    @Override
    public void close() throws IOException {
        closeCurrent();
    }
}
