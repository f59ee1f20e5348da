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

import dev.formattable.flink.internal.ShuttingFetcherManager;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.FileSourceSplitState;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.data.RowData;

import java.util.Map;

/**
 * The reader of a format table's splits, as Flink's file source reader reads them (a {@link
 * BulkFormat} per split, one fetcher thread, each split's position kept per record for
 * checkpoints), with two differences.
 *
 * <ul>
 *   <li>It keeps {@value #SPLITS_AHEAD} splits assigned while the enumerator has any, asking for
 *       the next as soon as one finishes, so its fetcher goes on to the next file without waiting
 *       for a round trip to the enumerator (Flink's reader asks for one split at a time).
 *   <li>Its fetcher is a {@link ShuttingFetcherManager}'s: kept while idle and given the next
 *       split, since replacing idle fetchers could hang the source on a lost wake-up in Flink's
 *       element queue, and stopped with every fetcher it created when the reader closes.
 * </ul>
 */
@Internal
public final class FormatTableSourceReader
        extends SingleThreadMultiplexSourceReaderBase<
                RecordAndPosition<RowData>,
                RowData,
                FileSourceSplit,
                FileSourceSplitState<FileSourceSplit>> {

    /** Splits asked for ahead: the one being read and the next. */
    public static final int SPLITS_AHEAD = 2;

    /** A reader of the splits assigned to it, with {@code format}. */
    public FormatTableSourceReader(
            SourceReaderContext context,
            BulkFormat<RowData, FileSourceSplit> format,
            Configuration config) {
        super(
                new ShuttingFetcherManager<>(() -> new FileSplitReader(config, format), config),
                new PositionedEmitter(),
                config,
                context);
    }

    @Override
    public void start() {
        // Splits restored from a checkpoint count as asked for.
        for (int i = getNumberOfCurrentlyAssignedSplits(); i < SPLITS_AHEAD; i++) {
            context.sendSplitRequest();
        }
    }

    @Override
    protected void onSplitFinished(
            Map<String, FileSourceSplitState<FileSourceSplit>> finishedSplitIds) {
        for (int i = 0; i < finishedSplitIds.size(); i++) {
            context.sendSplitRequest();
        }
    }

    @Override
    protected FileSourceSplitState<FileSourceSplit> initializedState(FileSourceSplit split) {
        return new FileSourceSplitState<>(split);
    }

    @Override
    protected FileSourceSplit toSplitType(
            String splitId, FileSourceSplitState<FileSourceSplit> splitState) {
        return splitState.toFileSourceSplit();
    }

    /** Emits a record and moves its split's position past it, for checkpoints. */
    private static final class PositionedEmitter
            implements RecordEmitter<
                    RecordAndPosition<RowData>, RowData, FileSourceSplitState<FileSourceSplit>> {
        @Override
        public void emitRecord(
                RecordAndPosition<RowData> record,
                SourceOutput<RowData> output,
                FileSourceSplitState<FileSourceSplit> split) {
            output.collect(record.getRecord());
            split.setPosition(record.getOffset(), record.getRecordSkipCount());
        }
    }
}
