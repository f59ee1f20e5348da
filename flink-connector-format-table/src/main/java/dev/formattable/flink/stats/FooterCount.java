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
package dev.formattable.flink.stats;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.scan.ScanPlan;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.source.DataStreamScanProvider;
import org.apache.flink.table.connector.source.ScanTableSource.ScanContext;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.AggregateExpression;
import org.apache.flink.table.types.DataType;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * {@code COUNT(*)} pushed into the scan: the files of the partitions that survive pruning are
 * listed and their footers' row counts summed when the job is built, and the source emits that one
 * row. No data page is read.
 */
@Internal
public final class FooterCount {

    private FooterCount() {}

    /**
     * Whether the aggregates are exactly one {@code COUNT(*)} / {@code COUNT(1)} without GROUP BY.
     */
    public static boolean isGlobalCountStar(
            List<int[]> groupingSets, List<AggregateExpression> aggregateExpressions) {
        if (groupingSets.size() != 1 || groupingSets.get(0).length != 0) {
            return false;
        }
        if (aggregateExpressions.size() != 1) {
            return false;
        }
        AggregateExpression count = aggregateExpressions.get(0);
        return !count.isDistinct()
                && count.getFilterExpression().isEmpty()
                && count.getArgs().isEmpty()
                // A planner class, not visible to connectors: matched by name.
                && count.getFunctionDefinition()
                        .getClass()
                        .getSimpleName()
                        .equals("Count1AggFunction");
    }

    /**
     * The number of rows of the table's partitions the predicate accepts, from footers: of the
     * files of {@code planned}, when the query already listed them.
     */
    public static long count(
            FormatTable table, @Nullable PartitionPredicate predicate, @Nullable ScanPlan planned) {
        try {
            ScanPlan plan = planned;
            if (plan == null) {
                FormatTableScan scan = table.newScan();
                if (predicate != null) {
                    scan.withPartitionFilter(predicate);
                }
                plan = scan.plan();
            }
            return Footers.totalRows(table, plan.splits());
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot count the rows of format table " + table.location(), e);
        }
    }

    public static DataStreamScanProvider provider(
            FormatTable table,
            @Nullable PartitionPredicate predicate,
            @Nullable ScanPlan planned,
            ScanContext context,
            DataType countType) {
        TypeInformation<RowData> typeInfo = context.createTypeInformation(countType);
        return new DataStreamScanProvider() {
            @Override
            public DataStream<RowData> produceDataStream(
                    ProviderContext providerContext, StreamExecutionEnvironment env) {
                long rows = count(table, predicate, planned);
                return env.fromSource(
                                new NumberSequenceSource(rows, rows),
                                WatermarkStrategy.noWatermarks(),
                                "format-table COUNT(*) from footers")
                        .setParallelism(1)
                        .map(new ToRow())
                        .returns(typeInfo)
                        .setParallelism(1);
            }

            @Override
            public boolean isBounded() {
                return true;
            }
        };
    }

    private static final class ToRow implements MapFunction<Long, RowData> {
        @Override
        public RowData map(Long value) {
            return GenericRowData.of(value);
        }
    }
}
