package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionValueCodec;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's partitions as Flink names them: text values in the form Flink parses (a DATE as {@code
 * yyyy-MM-dd}, whatever the directory spelling), a NULL partition as a null value.
 */
public final class PartitionSpecs {

    private PartitionSpecs() {}

    /** Lists the partition directories (not their files). */
    public static List<Map<String, String>> list(FormatTable table) throws IOException {
        PartitionValueCodec isoCodec = new PartitionValueCodec(table.layout().defaultName(), false);
        List<Map<String, String>> result = new ArrayList<>();
        for (List<Object> values : table.newScan().listPartitions().partitions()) {
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
