package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.partition.PartitionValueCodec;
import dev.formattable.core.scan.FormatTableScan;

import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.expressions.ResolvedExpression;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table's partitions as Flink names them: text values in the form Flink parses (a DATE as {@code
 * yyyy-MM-dd}, whatever the directory spelling), a NULL partition as a null value.
 */
public final class PartitionSpecs {

    private PartitionSpecs() {}

    /** Lists the partition directories (not their files). */
    public static List<Map<String, String>> list(FormatTable table) throws IOException {
        return listAccepted(table, null);
    }

    /**
     * Lists the partition directories the filters (Flink expressions on partition columns) accept;
     * empty when a filter is not one the core evaluates on directory names.
     */
    public static Optional<List<Map<String, String>>> list(
            FormatTable table, List<Expression> filters) throws IOException {
        PartitionFilterConverter converter = new PartitionFilterConverter(table.layout().keys());
        List<PartitionPredicate> predicates = new ArrayList<>();
        for (Expression e : filters) {
            Optional<PartitionPredicate> p =
                    e instanceof ResolvedExpression
                            ? converter.convert((ResolvedExpression) e)
                            : Optional.empty();
            if (p.isEmpty()) {
                return Optional.empty();
            }
            predicates.add(p.get());
        }
        return Optional.of(
                listAccepted(
                        table, predicates.isEmpty() ? null : PartitionPredicate.and(predicates)));
    }

    private static List<Map<String, String>> listAccepted(
            FormatTable table, @Nullable PartitionPredicate filter) throws IOException {
        PartitionValueCodec isoCodec = new PartitionValueCodec(table.layout().defaultName(), false);
        List<Map<String, String>> result = new ArrayList<>();
        FormatTableScan scan = table.newScan();
        if (filter != null) {
            scan.withPartitionFilter(filter);
        }
        for (List<Object> values : scan.listPartitions().partitions()) {
            Map<String, String> spec = new LinkedHashMap<>();
            for (int i = 0; i < values.size(); i++) {
                Object value = values.get(i);
                spec.put(
                        table.layout().keys().get(i),
                        value == null
                                ? null
                                : isoCodec.render(table.layout().types().get(i), value));
            }
            result.add(spec);
        }
        return result;
    }
}
