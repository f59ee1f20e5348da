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
package dev.formattable.flink.testutils;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.table.data.RowData;

import java.util.ArrayList;
import java.util.List;

/** What a source reader run outside a task emits, as {@code a|k} rows of {@link SinkTables}. */
public final class CollectingReaderOutput implements ReaderOutput<RowData> {

    private final List<String> rows = new ArrayList<>();

    /** The rows emitted so far. */
    public List<String> rows() {
        return rows;
    }

    @Override
    public void collect(RowData row) {
        rows.add(row.getInt(0) + "|" + row.getString(1));
    }

    @Override
    public void collect(RowData row, long timestamp) {
        collect(row);
    }

    @Override
    public void emitWatermark(Watermark watermark) {}

    @Override
    public void markIdle() {}

    @Override
    public void markActive() {}

    @Override
    public SourceOutput<RowData> createOutputForSplit(String splitId) {
        return this;
    }

    @Override
    public void releaseOutputForSplit(String splitId) {}
}
