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
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.partition.PartitionSpecText;
import dev.formattable.core.stats.PartitionReport;
import dev.formattable.flink.stats.StatisticsJob;
import dev.formattable.flink.table.PartitionSpecs;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.ProcedureHint;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.procedure.ProcedureContext;
import org.apache.flink.table.procedures.Procedure;
import org.apache.flink.types.Row;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * {@code CALL <catalog>.sys.compute_statistics('<db>.<table>' [, '<partitions>'])}: computes the
 * statistics of a table's partitions (those the partition specs name, {@code k1=v1,k2=v2;...}, or
 * all) with a parallel Flink batch job, reading only partitions whose files changed since their
 * statistics were computed, and only the added files where files were only added. Returns one row
 * per partition: what was done, the files read and its row count.
 */
@PublicEvolving
public final class ComputeStatisticsProcedure implements Procedure {

    static final String NAME = "compute_statistics";
    private static final String RESULT =
            "ROW<`partition` STRING, `outcome` STRING, `files_read` INT, `row_count` BIGINT>";

    private final FormatTableCatalog catalog;

    ComputeStatisticsProcedure(FormatTableCatalog catalog) {
        this.catalog = catalog;
    }

    @ProcedureHint(
            argument = {
                @ArgumentHint(name = "table", type = @DataTypeHint("STRING")),
                @ArgumentHint(
                        name = "partitions",
                        type = @DataTypeHint("STRING"),
                        isOptional = true)
            },
            output = @DataTypeHint(RESULT))
    public Row[] call(ProcedureContext context, String table, String partitions) {
        FormatTable formatTable = ProcedureTables.open(catalog, NAME, table);
        PartitionPredicate filter = null;
        if (partitions != null && !partitions.isBlank()) {
            try {
                filter = PartitionSpecText.parse(formatTable.layout(), partitions);
            } catch (IllegalArgumentException e) {
                throw new ValidationException(
                        String.format(
                                "'partitions'='%s' of %s is refused: %s",
                                partitions, NAME, e.getMessage()),
                        e);
            }
        }
        List<PartitionReport> reports;
        try {
            reports = StatisticsJob.run(context.getExecutionEnvironment(), formatTable, filter);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    String.format(
                            "%s of table %s at %s failed: %s",
                            NAME, table, formatTable.location(), e.getMessage()),
                    e);
        }
        Row[] rows = new Row[reports.size()];
        for (int i = 0; i < rows.length; i++) {
            PartitionReport r = reports.get(i);
            rows[i] =
                    Row.of(
                            PartitionSpecs.text(formatTable, r.partition()),
                            r.outcome(),
                            r.filesRead(),
                            r.rowCount());
        }
        return rows;
    }
}
