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
package dev.formattable.flink.catalog;

import dev.formattable.core.stats.ColumnStatistics;
import dev.formattable.core.stats.Fingerprint;
import dev.formattable.core.stats.PartitionStatistics;
import dev.formattable.core.types.DataType;

import org.apache.flink.table.catalog.stats.CatalogColumnStatistics;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataBase;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataBinary;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataDate;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataDouble;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataLong;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataString;
import org.apache.flink.table.catalog.stats.CatalogTableStatistics;
import org.apache.flink.table.catalog.stats.Date;

import javax.annotation.Nullable;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;

/**
 * Stored statistics in the classes of Flink's catalog statistics. Widths are in bytes (UTF-8 for
 * strings). BOOLEAN, TIME and timestamp columns have no catalog class that fits what is stored, and
 * are left out.
 */
final class CatalogStatistics {

    private CatalogStatistics() {}

    static CatalogTableStatistics table(PartitionStatistics stats) {
        long size = 0;
        for (Fingerprint.FileEntry f : stats.fingerprint().files()) {
            size += f.size();
        }
        long raw = 0;
        for (ColumnStatistics c : stats.columns()) {
            raw += c.totalWidth();
        }
        return new CatalogTableStatistics(stats.rowCount(), stats.fingerprint().size(), size, raw);
    }

    /**
     * The data columns' statistics, with the distinct count of {@code distinct} when given (a union
     * over more partitions than this one) and of the own sketch otherwise.
     */
    static Map<String, CatalogColumnStatisticsDataBase> dataColumns(
            PartitionStatistics stats, @Nullable Map<String, Long> distinct) {
        Map<String, CatalogColumnStatisticsDataBase> result = new HashMap<>();
        for (ColumnStatistics c : stats.columns()) {
            long ndv = distinct == null ? c.distinctCount() : distinct.get(c.name());
            long values = stats.rowCount() - c.nullCount();
            Double avg = values == 0 ? null : (double) c.totalWidth() / values;
            CatalogColumnStatisticsDataBase data =
                    column(
                            c.type(),
                            c.min().orElse(null),
                            c.max().orElse(null),
                            ndv,
                            c.nullCount(),
                            c.maxWidth(),
                            avg);
            if (data != null) {
                result.put(c.name(), data);
            }
        }
        return result;
    }

    /** A partition column, whose value is the same in every row of the partition. */
    @Nullable
    static CatalogColumnStatisticsDataBase partitionColumn(
            DataType type, @Nullable Object value, long rows, long ndv) {
        long nulls = value == null ? rows : 0;
        Long width = null;
        if (value instanceof String) {
            width = (long) ((String) value).getBytes(StandardCharsets.UTF_8).length;
        }
        return column(
                type, value, value, ndv, nulls, width, width == null ? null : width.doubleValue());
    }

    static CatalogColumnStatistics of(Map<String, CatalogColumnStatisticsDataBase> columns) {
        return new CatalogColumnStatistics(columns);
    }

    @Nullable
    private static CatalogColumnStatisticsDataBase column(
            DataType type,
            @Nullable Object min,
            @Nullable Object max,
            long ndv,
            long nulls,
            @Nullable Long maxWidth,
            @Nullable Double avgWidth) {
        switch (type.root()) {
            case TINYINT:
            case SMALLINT:
            case INT:
            case BIGINT:
                return new CatalogColumnStatisticsDataLong(asLong(min), asLong(max), ndv, nulls);
            case FLOAT:
            case DOUBLE:
            case DECIMAL:
                return new CatalogColumnStatisticsDataDouble(
                        asDouble(min), asDouble(max), ndv, nulls);
            case CHAR:
            case VARCHAR:
                return new CatalogColumnStatisticsDataString(maxWidth, avgWidth, ndv, nulls);
            case BINARY:
            case VARBINARY:
                return new CatalogColumnStatisticsDataBinary(maxWidth, avgWidth, nulls);
            case DATE:
                return new CatalogColumnStatisticsDataDate(asDate(min), asDate(max), ndv, nulls);
            default:
                return null;
        }
    }

    @Nullable
    private static Long asLong(@Nullable Object v) {
        return v instanceof Number ? ((Number) v).longValue() : null;
    }

    @Nullable
    private static Double asDouble(@Nullable Object v) {
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).doubleValue();
        }
        return v instanceof Number ? ((Number) v).doubleValue() : null;
    }

    @Nullable
    private static Date asDate(@Nullable Object v) {
        return v instanceof LocalDate ? new Date(((LocalDate) v).toEpochDay()) : null;
    }
}
