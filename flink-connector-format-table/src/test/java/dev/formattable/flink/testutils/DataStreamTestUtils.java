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

import dev.formattable.flink.internal.FlinkLineSink;
import dev.formattable.flink.sink.FormatTableSink;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.conversion.RowRowConverter;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.utils.TypeConversions;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

/** Rows as {@link RowData} and back, and small DataStream jobs that write and read them. */
public final class DataStreamTestUtils {

    private DataStreamTestUtils() {}

    private static RowRowConverter converter(RowType type) {
        RowRowConverter converter =
                RowRowConverter.create(TypeConversions.fromLogicalToDataType(type));
        converter.open(DataStreamTestUtils.class.getClassLoader());
        return converter;
    }

    /** External rows as internal rows of {@code type}. */
    public static List<RowData> internal(RowType type, Collection<Row> rows) {
        RowRowConverter converter = converter(type);
        return rows.stream().map(converter::toInternal).collect(Collectors.toList());
    }

    /** A row of {@code type} in the form SQL results print ({@code +I[1, a]}). */
    public static String render(RowType type, RowData row) {
        return converter(type).toExternal(row).toString();
    }

    /** Writes {@code rows} with {@code sink} in a bounded job of the given parallelism. */
    public static void write(
            RowType type, FormatTableSink sink, Collection<Row> rows, int parallelism)
            throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        env.fromData(internal(type, rows), InternalTypeInfo.of(type)).sinkTo(sink);
        env.execute("write " + rows.size() + " rows");
    }

    /** Every row of a bounded source, rendered and sorted. */
    public static List<String> read(
            Source<RowData, ?, ?> source, RowType producedType, int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        List<String> rows = new ArrayList<>();
        RowRowConverter converter = converter(producedType);
        try (CloseableIterator<RowData> it =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "read")
                        .executeAndCollect("read")) {
            it.forEachRemaining(r -> rows.add(converter.toExternal(r).toString()));
        }
        return rows.stream().sorted().collect(Collectors.toList());
    }

    /**
     * A sink that renders every row it receives into a queue that tests can watch while the job
     * runs. Queues are kept per name, in this JVM (the MiniCluster runs here).
     */
    public static final class CollectingSink extends FlinkLineSink<RowData> {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<String>> QUEUES = new ConcurrentHashMap<>();

        private final String name;
        private final RowType type;

        public CollectingSink(String name, RowType type) {
            this.name = name;
            this.type = type;
        }

        /** The rows received so far under {@code name}. */
        public static Queue<String> rows(String name) {
            return QUEUES.computeIfAbsent(name, n -> new ConcurrentLinkedQueue<>());
        }

        @Override
        public SinkWriter<RowData> createWriter(WriterInitContext context) {
            RowRowConverter converter = converter(type);
            Queue<String> queue = rows(name);
            return new SinkWriter<>() {
                @Override
                public void write(RowData element, Context context) {
                    queue.add(converter.toExternal(element).toString());
                }

                @Override
                public void flush(boolean endOfInput) {}

                @Override
                public void close() {}
            };
        }
    }
}
