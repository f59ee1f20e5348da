package dev.formattable.flink.format;

import dev.formattable.core.options.FileFormat;
import dev.formattable.core.options.TableOptions;
import dev.formattable.flink.format.orc.OrcRowDataWriterFactory;
import dev.formattable.flink.format.orc.OrcTypes;
import dev.formattable.flink.table.FormatTableConnectorOptions;

import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.formats.parquet.ParquetColumnarRowInputFormat;
import org.apache.flink.orc.OrcColumnarRowInputFormat;
import org.apache.flink.orc.OrcFilters;
import org.apache.flink.orc.shim.OrcShim;
import org.apache.flink.orc.vector.AbstractOrcColumnVector;
import org.apache.flink.orc.vector.ColumnBatchFactory;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Creates the readers and writers of data files with Flink's parquet and orc formats, configured
 * from the table's options: its compression, and any {@code parquet.*} or {@code orc.*} key.
 */
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

    /**
     * A reader of data files producing the {@code selected} fields of {@code dataType} (the table's
     * non-partition columns), in selection order. Columns are matched by name.
     */
    public static BulkFormat<RowData, FileSourceSplit> reader(
            TableOptions options, RowType dataType, int[] selected, int batchSize) {
        return reader(options, dataType, selected, batchSize, Collections.emptyList());
    }

    /**
     * As above, with predicates on the data columns that the parquet and orc readers use to skip
     * row groups and stripes whose statistics exclude them. Rows of the groups read are not
     * filtered: the caller must still evaluate the predicates.
     */
    public static BulkFormat<RowData, FileSourceSplit> reader(
            TableOptions options,
            RowType dataType,
            int[] selected,
            int batchSize,
            List<? extends Expression> filters) {
        Configuration conf = hadoopConf(formatOptions(options));
        java.util.Set<String> columns = new java.util.HashSet<>(dataType.getFieldNames());
        if (options.format() == FileFormat.PARQUET) {
            ParquetFilters.toPredicate(filters, columns)
                    .ifPresent(
                            p ->
                                    org.apache.parquet.hadoop.ParquetInputFormat.setFilterPredicate(
                                            conf, p));
            RowType projected =
                    new RowType(
                            java.util.Arrays.stream(selected)
                                    .mapToObj(i -> dataType.getFields().get(i))
                                    .collect(java.util.stream.Collectors.toList()));
            return new ParquetColumnarRowInputFormat<>(
                    conf,
                    projected,
                    InternalTypeInfo.of(projected),
                    batchSize,
                    UTC_TIMESTAMP,
                    true);
        }
        return orcReader(conf, dataType, selected, batchSize, orcPredicates(filters, columns));
    }

    /** The filters orc's readers can skip row index groups with: those on these columns only. */
    public static List<OrcFilters.Predicate> orcPredicates(
            List<? extends Expression> filters, java.util.Set<String> columns) {
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

    private static boolean refersOnlyTo(Expression e, java.util.Set<String> columns) {
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

    /**
     * Flink's orc reader over the ORC schema our writer uses, so every type it writes (BINARY(n)
     * among them) is read back; columns are matched by name through orc's schema evolution.
     */
    private static BulkFormat<RowData, FileSourceSplit> orcReader(
            Configuration conf,
            RowType dataType,
            int[] selected,
            int batchSize,
            List<OrcFilters.Predicate> predicates) {
        RowType projected =
                new RowType(
                        java.util.Arrays.stream(selected)
                                .mapToObj(i -> dataType.getFields().get(i))
                                .collect(java.util.stream.Collectors.toList()));
        return new OrcColumnarRowInputFormat<>(
                OrcShim.defaultShim(),
                conf,
                OrcTypes.toOrcSchema(dataType),
                selected,
                predicates,
                batchSize,
                new OrcColumnBatches(dataType, selected),
                InternalTypeInfo.of(projected));
    }

    /**
     * Wraps the selected columns of an orc batch as Flink vectors. A class rather than a lambda: a
     * serializable lambda keeps its signature as a string, which relocation in the shaded SQL jar
     * does not rewrite, so the lambda could not be deserialized there.
     */
    private static final class OrcColumnBatches
            implements ColumnBatchFactory<VectorizedRowBatch, FileSourceSplit> {
        private static final long serialVersionUID = 1L;

        private final RowType dataType;
        private final int[] selected;

        OrcColumnBatches(RowType dataType, int[] selected) {
            this.dataType = dataType;
            this.selected = selected;
        }

        @Override
        public VectorizedColumnBatch create(FileSourceSplit split, VectorizedRowBatch rowBatch) {
            ColumnVector[] vectors = new ColumnVector[selected.length];
            for (int i = 0; i < selected.length; i++) {
                vectors[i] =
                        AbstractOrcColumnVector.createFlinkVector(
                                rowBatch.cols[selected[i]], dataType.getTypeAt(selected[i]));
            }
            return new VectorizedColumnBatch(vectors);
        }
    }

    /** A writer of data files holding rows of {@code dataType}. */
    public static BulkWriter.Factory<RowData> writer(TableOptions options, RowType dataType) {
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
