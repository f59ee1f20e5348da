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
package dev.formattable.examples;

import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.source.FormatTableSource;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;

import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a small table partitioned by day with the DataStream sink, then reads two columns of one
 * day back with the DataStream source. Run it with a directory as its argument, or none for a
 * temporary one. docs/streaming.md quotes the part between the markers.
 */
public final class DataStreamExample {

    private DataStreamExample() {}

    public static void main(String[] args) throws Exception {
        String path = args.length > 0 ? args[0] : Files.createTempDirectory("orders").toString();
        run(path).forEach(System.out::println);
    }

    // [START example]
    /** The table's columns, partition column included. */
    static final RowType ORDERS =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT()),
                                    DataTypes.FIELD("customer", DataTypes.STRING()),
                                    DataTypes.FIELD("dt", DataTypes.DATE()))
                            .getLogicalType();

    /** A row in Flink's internal form: a DATE is its day number, a STRING is StringData. */
    static RowData order(int id, String customer, String day) {
        return GenericRowData.of(
                id, StringData.fromString(customer), (int) LocalDate.parse(day).toEpochDay());
    }

    public static List<String> run(String path) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();

        // Write. The files become visible when the job ends (or, in a job with checkpoints,
        // when each checkpoint completes).
        FormatTableSink sink =
                FormatTableSink.forRowData(path, ORDERS)
                        .partitionKeys("dt")
                        .format("parquet")
                        .build();
        env.fromData(
                        InternalTypeInfo.of(ORDERS),
                        order(1, "alice", "2024-01-01"),
                        order(2, "bob", "2024-01-02"),
                        order(3, "carol", "2024-01-02"))
                .sinkTo(sink);
        env.execute("write orders");

        // Read back the customer and id of one day. The filter prunes the directory
        // listing: the other days are never listed.
        FormatTableSource source =
                FormatTableSource.forRowData(path, ORDERS)
                        .partitionKeys("dt")
                        .format("parquet")
                        .project("customer", "id")
                        .partitionFilter(PartitionPredicate.equal("dt", "2024-01-02"))
                        .build();
        List<String> result = new ArrayList<>();
        try (CloseableIterator<RowData> rows =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders")
                        .executeAndCollect("read orders")) {
            rows.forEachRemaining(row -> result.add(row.getString(0) + " " + row.getInt(1)));
        }
        return result;
    }
    // [END example]
}
