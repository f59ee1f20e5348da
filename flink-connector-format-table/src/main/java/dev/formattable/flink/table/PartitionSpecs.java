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
package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.partition.PartitionValueCodec;
import dev.formattable.core.scan.FormatTableScan;

import org.apache.flink.annotation.Internal;
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
@Internal
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

    /**
     * A partition directory's path relative to the table ({@code dt=19723/h=3}) as {@code SHOW
     * PARTITIONS} names the partition: {@code dt=2024-01-01/h=3}, a NULL value as {@code null}.
     * Empty for an unpartitioned table's root.
     */
    public static String text(FormatTable table, String relativePath) {
        if (relativePath.isEmpty()) {
            return relativePath;
        }
        PartitionLayout layout = table.layout();
        PartitionValueCodec isoCodec = new PartitionValueCodec(layout.defaultName(), false);
        String[] names = relativePath.split("/");
        StringBuilder text = new StringBuilder();
        for (int level = 0; level < names.length; level++) {
            int at = level;
            Object value =
                    layout.parseDirectoryName(level, names[level])
                            .orElseThrow(
                                    () ->
                                            new IllegalArgumentException(
                                                    String.format(
                                                            "'%s' in '%s' is not a directory of"
                                                                    + " partition key '%s'",
                                                            names[at],
                                                            relativePath,
                                                            layout.keys().get(at))))[0];
            text.append(level == 0 ? "" : "/").append(layout.keys().get(level)).append('=');
            text.append(value == null ? "null" : isoCodec.render(layout.types().get(level), value));
        }
        return text.toString();
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
