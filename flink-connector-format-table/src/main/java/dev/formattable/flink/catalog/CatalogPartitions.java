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

import dev.formattable.core.FormatTable;
import dev.formattable.flink.table.PartitionSpecs;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.expressions.Expression;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The partition directories of one partitioned catalog table. */
final class CatalogPartitions {

    private final FormatTable table;

    CatalogPartitions(FormatTable table) {
        this.table = table;
    }

    List<CatalogPartitionSpec> list() throws IOException {
        List<CatalogPartitionSpec> specs = new ArrayList<>();
        for (Map<String, String> spec : PartitionSpecs.list(table)) {
            specs.add(new CatalogPartitionSpec(spec));
        }
        return specs;
    }

    /** The partitions the filters accept; refused when one is not on partition columns alone. */
    List<CatalogPartitionSpec> list(List<Expression> filters) throws IOException {
        Optional<List<Map<String, String>>> specs = PartitionSpecs.list(table, filters);
        if (specs.isEmpty()) {
            throw new UnsupportedOperationException(
                    "Partition filter "
                            + filters
                            + " cannot be evaluated on partition directories");
        }
        List<CatalogPartitionSpec> result = new ArrayList<>();
        specs.get().forEach(s -> result.add(new CatalogPartitionSpec(s)));
        return result;
    }

    /** The specs that hold every key and value of the partial spec. */
    static List<CatalogPartitionSpec> matching(
            List<CatalogPartitionSpec> specs, CatalogPartitionSpec partialSpec) {
        List<CatalogPartitionSpec> result = new ArrayList<>();
        for (CatalogPartitionSpec spec : specs) {
            if (spec.getPartitionSpec()
                    .entrySet()
                    .containsAll(partialSpec.getPartitionSpec().entrySet())) {
                result.add(spec);
            }
        }
        return result;
    }

    boolean exists(CatalogPartitionSpec spec) throws IOException {
        return table.fileIO().exists(directory(spec));
    }

    Void create(CatalogPartitionSpec spec) throws IOException {
        table.fileIO().mkdirs(directory(spec));
        return null;
    }

    boolean drop(CatalogPartitionSpec spec) throws IOException {
        return table.maintenance().dropPartition(ordered(table, spec));
    }

    private dev.formattable.core.fs.Path directory(CatalogPartitionSpec spec) {
        return table.partitionPath(values(table, spec));
    }

    /** The typed values of a spec; a key that is no partition key is refused by name. */
    static List<Object> values(FormatTable table, CatalogPartitionSpec spec) {
        return table.layout().parseSpec(ordered(table, spec));
    }

    /** The spec in the table's key order; a key that is no partition key is refused by name. */
    private static Map<String, String> ordered(FormatTable table, CatalogPartitionSpec spec) {
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String key : table.layout().keys()) {
            if (spec.getPartitionSpec().containsKey(key)) {
                ordered.put(key, spec.getPartitionSpec().get(key));
            }
        }
        for (String key : spec.getPartitionSpec().keySet()) {
            if (!ordered.containsKey(key)) {
                throw new ValidationException(
                        String.format(
                                "'%s' is not a partition key; the partition keys are %s",
                                key, table.layout().keys()));
            }
        }
        return ordered;
    }
}
