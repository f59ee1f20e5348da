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
package dev.formattable.flink.format;

import dev.formattable.core.options.FileFormat;
import dev.formattable.core.options.TableOptions;
import dev.formattable.flink.config.FormatTableConnectorOptions;
import dev.formattable.flink.format.line.LineBulkWriter;
import dev.formattable.flink.format.line.LineFormat;
import dev.formattable.flink.format.orc.OrcRowDataWriterFactory;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.orc.OrcFilters;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.conf.Configuration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Creates the readers and writers of data files with Flink's parquet and orc formats, configured
 * from the table's options: its compression, and any {@code parquet.*} or {@code orc.*} key.
 */
@Internal
public final class FormatFactories {

    /** Timestamps are stored as UTC wall-clock values, the same on every machine. */
    private static final boolean UTC_TIMESTAMP = true;

    private FormatFactories() {}

    /** The {@code parquet.*} and {@code orc.*} options of a table. */
    public static Map<String, String> formatOptions(TableOptions options) {
        Map<String, String> result = new HashMap<>();
        options.options()
                .toMap()
                .forEach(
                        (k, v) -> {
                            for (String prefix : FormatTableConnectorOptions.FORMAT_PREFIXES) {
                                if (k.startsWith(prefix)) {
                                    result.put(k, v);
                                }
                            }
                        });
        return result;
    }

    /**
     * The Hadoop configuration of the parquet and orc libraries: the table's {@code parquet.*} and
     * {@code orc.*} options, and {@link dev.formattable.flink.format.orc.FlinkReadFileSystem} for
     * the schemes of Flink's file system plugins.
     */
    public static Configuration hadoopConf(Map<String, String> formatOptions) {
        Configuration conf = new Configuration(false);
        conf.setClassLoader(FormatFactories.class.getClassLoader());
        // orc-core opens files through Hadoop: let it reach what only Flink's plugins reach.
        dev.formattable.flink.format.orc.FlinkReadFileSystem.register(conf);
        formatOptions.forEach(conf::set);
        return conf;
    }

    /** The filters orc's readers can skip row index groups with: those on these columns only. */
    public static List<OrcFilters.Predicate> orcPredicates(
            List<? extends Expression> filters, Set<String> columns) {
        List<OrcFilters.Predicate> orcPredicates = new ArrayList<>();
        for (Expression e : filters) {
            if (refersOnlyTo(e, columns)) {
                OrcFilters.Predicate p = OrcFilters.toOrcPredicate(e);
                if (p != null) {
                    orcPredicates.add(p);
                }
            }
        }
        return orcPredicates;
    }

    /** Whether the readers take parquet's timestamps as UTC, as our writers store them. */
    public static boolean utcTimestamps() {
        return UTC_TIMESTAMP;
    }

    private static boolean refersOnlyTo(Expression e, Set<String> columns) {
        if (e instanceof FieldReferenceExpression) {
            return columns.contains(((FieldReferenceExpression) e).getName());
        }
        for (Expression child : e.getChildren()) {
            if (!refersOnlyTo(child, columns)) {
                return false;
            }
        }
        return true;
    }

    /** A writer of data files holding rows of {@code dataType}. */
    public static BulkWriter.Factory<RowData> writer(TableOptions options, RowType dataType) {
        if (options.format().lineBased()) {
            return LineBulkWriter.factory(
                    new LineFormat(options, dataType), options.lineCompression());
        }
        Map<String, String> formatOptions = formatOptions(options);
        if (options.format() == FileFormat.PARQUET) {
            Map<String, String> withCodec = new HashMap<>(formatOptions);
            withCodec.put("parquet.compression", parquetCodec(options.compression()));
            return new ParquetRowDataWriterFactory(dataType, hadoopConf(withCodec), UTC_TIMESTAMP);
        }
        return new OrcRowDataWriterFactory(
                dataType, options.compression(), orcStripeAtMostTarget(formatOptions, options));
    }

    /**
     * ORC writes nothing of a stripe before it is full, and its estimate of what it buffers counts
     * whole buffers (far more than it then writes for a small file), so a writer cannot tell when a
     * file reaches its target. For a target below four of ORC's stripes, the stripe size is
     * therefore a quarter of the target (unless {@code orc.stripe.size} is set): the stripes reach
     * the stream as they fill, and the file rolls once they reach the target, passing it by at most
     * one stripe, a quarter of the target (ORC then looks at its stripe every 1000 rows, not 5000).
     */
    private static Map<String, String> orcStripeAtMostTarget(
            Map<String, String> formatOptions, TableOptions options) {
        long stripe = options.targetFileSize() / 4;
        if (formatOptions.containsKey(ORC_STRIPE_SIZE) || stripe >= ORC_DEFAULT_STRIPE_SIZE) {
            return formatOptions;
        }
        Map<String, String> withStripe = new HashMap<>(formatOptions);
        withStripe.put(ORC_STRIPE_SIZE, String.valueOf(Math.max(stripe, 1)));
        // ORC looks at its stripe every 5000 rows by default: for small stripes, more often.
        withStripe.putIfAbsent("orc.rows.between.memory.checks", "1000");
        return withStripe;
    }

    private static final String ORC_STRIPE_SIZE = "orc.stripe.size";

    /** orc-core's default {@code orc.stripe.size}. */
    private static final long ORC_DEFAULT_STRIPE_SIZE = 64L << 20;

    private static String parquetCodec(String compression) {
        switch (compression) {
            case "none":
                return "UNCOMPRESSED";
            default:
                return compression.toUpperCase(Locale.ROOT);
        }
    }
}
