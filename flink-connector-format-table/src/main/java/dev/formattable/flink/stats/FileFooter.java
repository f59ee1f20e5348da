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

import org.apache.flink.annotation.Internal;

import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.orc.ColumnStatistics;
import org.apache.orc.DateColumnStatistics;
import org.apache.orc.DecimalColumnStatistics;
import org.apache.orc.DoubleColumnStatistics;
import org.apache.orc.IntegerColumnStatistics;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

import javax.annotation.Nullable;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one data file's footer says: its row count and, per top-level column, the null count and the
 * minimum and maximum. Values are normalised to {@code Long} (integers), {@code Double}, {@code
 * BigDecimal} and {@code LocalDate}; other types (strings, timestamps, nested) keep only their null
 * count. Immutable.
 */
@Internal
public final class FileFooter {

    private final long rows;
    private final Map<String, ColumnSummary> columns;

    private FileFooter(long rows, Map<String, ColumnSummary> columns) {
        this.rows = rows;
        this.columns = Collections.unmodifiableMap(columns);
    }

    /** The file's row count. */
    public long rows() {
        return rows;
    }

    /** A top-level column of the file, or null when the file does not have it. */
    @Nullable
    public ColumnSummary column(String name) {
        return columns.get(name);
    }

    static FileFooter ofParquet(ParquetMetadata footer) {
        long rows = 0;
        Map<String, ColumnSummary> columns = new HashMap<>();
        for (BlockMetaData block : footer.getBlocks()) {
            rows += block.getRowCount();
            for (ColumnChunkMetaData chunk : block.getColumns()) {
                String[] path = chunk.getPath().toArray();
                if (path.length != 1) {
                    continue; // a nested column: its leaves say nothing about the top level
                }
                Statistics<?> stats = chunk.getStatistics();
                long nulls = stats == null || !stats.isNumNullsSet() ? -1 : stats.getNumNulls();
                long values = nulls < 0 ? chunk.getValueCount() : chunk.getValueCount() - nulls;
                boolean bounded = stats != null && stats.hasNonNullValue();
                PrimitiveType type = chunk.getPrimitiveType();
                columns.computeIfAbsent(path[0], k -> new ColumnSummary())
                        .add(
                                nulls,
                                values,
                                bounded ? parquetValue(stats.genericGetMin(), type) : null,
                                bounded ? parquetValue(stats.genericGetMax(), type) : null);
            }
        }
        return new FileFooter(rows, columns);
    }

    @Nullable
    private static Object parquetValue(Object value, PrimitiveType type) {
        LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
        if (logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
            int scale = ((LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) logical).getScale();
            if (value instanceof Binary) {
                return new BigDecimal(new BigInteger(((Binary) value).getBytes()), scale);
            }
            return BigDecimal.valueOf(((Number) value).longValue(), scale);
        }
        if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
            return LocalDate.ofEpochDay(((Number) value).longValue());
        }
        if (logical != null
                && !(logical instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation)) {
            return null; // strings, timestamps, ...: no bounds
        }
        switch (type.getPrimitiveTypeName()) {
            case INT32:
            case INT64:
                return ((Number) value).longValue();
            case FLOAT:
            case DOUBLE:
                double d = ((Number) value).doubleValue();
                return Double.isNaN(d) ? null : d;
            default:
                return null;
        }
    }

    static FileFooter ofOrc(Reader reader) {
        long rows = reader.getNumberOfRows();
        Map<String, ColumnSummary> columns = new HashMap<>();
        TypeDescription schema = reader.getSchema();
        ColumnStatistics[] stats = reader.getStatistics();
        List<String> names = schema.getFieldNames();
        for (int i = 0; i < names.size(); i++) {
            int id = schema.getChildren().get(i).getId();
            if (id >= stats.length) {
                continue;
            }
            ColumnStatistics s = stats[id];
            long values = s.getNumberOfValues();
            ColumnSummary column = new ColumnSummary();
            column.add(rows - values, values, orcBound(s, true), orcBound(s, false));
            columns.put(names.get(i), column);
        }
        return new FileFooter(rows, columns);
    }

    @Nullable
    private static Object orcBound(ColumnStatistics s, boolean min) {
        if (s instanceof IntegerColumnStatistics) {
            IntegerColumnStatistics i = (IntegerColumnStatistics) s;
            return min ? i.getMinimum() : i.getMaximum();
        }
        if (s instanceof DoubleColumnStatistics) {
            DoubleColumnStatistics d = (DoubleColumnStatistics) s;
            double v = min ? d.getMinimum() : d.getMaximum();
            return Double.isNaN(v) ? null : v;
        }
        if (s instanceof DecimalColumnStatistics) {
            DecimalColumnStatistics d = (DecimalColumnStatistics) s;
            HiveDecimal v = min ? d.getMinimum() : d.getMaximum();
            return v == null ? null : v.bigDecimalValue();
        }
        if (s instanceof DateColumnStatistics) {
            DateColumnStatistics d = (DateColumnStatistics) s;
            return LocalDate.ofEpochDay(min ? d.getMinimumDayOfEpoch() : d.getMaximumDayOfEpoch());
        }
        return null;
    }
}
