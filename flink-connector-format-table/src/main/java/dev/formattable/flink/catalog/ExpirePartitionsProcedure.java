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
import dev.formattable.core.commit.PartitionExpiration;
import dev.formattable.core.options.Durations;
import dev.formattable.core.options.ExpirationStrategy;

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
 * {@code CALL <catalog>.sys.expire_partitions('<db>.<table>' [, '<expiration_time>' [,
 * '<timestamp_formatter>' [, '<timestamp_pattern>' [, '<expire_strategy>' [, <max_expires> [,
 * <dry_run>]]]]]])}, with Paimon's name and argument order (named arguments too): removes each
 * partition older than the expiration time whole, unregistering it first from the catalog where it
 * lists partitions (see {@link PartitionExpiration}). An argument left out is the table's option of
 * the same meaning ({@code partition.expiration-time}, ...). Returns one row per expired partition:
 * its path below the table ({@code dt=2024-01-01/hr=00}) and what was done ({@code expired}, {@code
 * would expire} in a dry run, {@code skipped: being written} for a partition with staged files).
 */
@PublicEvolving
public final class ExpirePartitionsProcedure implements Procedure {

    static final String NAME = "expire_partitions";

    private static final String RESULT = "ROW<`expired_partitions` STRING, `action` STRING>";

    private final FormatTableCatalog catalog;

    ExpirePartitionsProcedure(FormatTableCatalog catalog) {
        this.catalog = catalog;
    }

    @ProcedureHint(
            argument = {
                @ArgumentHint(name = "table", type = @DataTypeHint("STRING")),
                @ArgumentHint(
                        name = "expiration_time",
                        type = @DataTypeHint("STRING"),
                        isOptional = true),
                @ArgumentHint(
                        name = "timestamp_formatter",
                        type = @DataTypeHint("STRING"),
                        isOptional = true),
                @ArgumentHint(
                        name = "timestamp_pattern",
                        type = @DataTypeHint("STRING"),
                        isOptional = true),
                @ArgumentHint(
                        name = "expire_strategy",
                        type = @DataTypeHint("STRING"),
                        isOptional = true),
                @ArgumentHint(name = "max_expires", type = @DataTypeHint("INT"), isOptional = true),
                @ArgumentHint(name = "dry_run", type = @DataTypeHint("BOOLEAN"), isOptional = true)
            },
            output = @DataTypeHint(RESULT))
    public Row[] call(
            ProcedureContext context,
            String table,
            String expirationTime,
            String timestampFormatter,
            String timestampPattern,
            String expireStrategy,
            Integer maxExpires,
            Boolean dryRun) {
        FormatTable formatTable = ProcedureTables.open(catalog, NAME, table);
        PartitionExpiration expiration;
        try {
            expiration = new PartitionExpiration(formatTable);
            if (expirationTime != null) {
                expiration.expirationTime(argument("expiration_time", expirationTime));
            }
            if (timestampFormatter != null) {
                expiration.timestampFormatter(timestampFormatter);
            }
            if (timestampPattern != null) {
                expiration.timestampPattern(timestampPattern);
            }
            if (expireStrategy != null) {
                expiration.strategy(ExpirationStrategy.of("expire_strategy", expireStrategy));
            }
            if (maxExpires != null) {
                expiration.maxExpires(maxExpires);
            }
            expiration.dryRun(Boolean.TRUE.equals(dryRun)).validate();
        } catch (IllegalArgumentException e) {
            throw new ValidationException(NAME + " of " + table + ": " + e.getMessage(), e);
        }
        List<PartitionExpiration.Expired> expired;
        try {
            expired = expiration.run();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    NAME + " could not expire the partitions of " + formatTable.location(), e);
        }
        Row[] rows = new Row[expired.size()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = Row.of(expired.get(i).path(), expired.get(i).action().text());
        }
        return rows;
    }

    private static java.time.Duration argument(String name, String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    String.format("'%s'='%s' is not a duration such as '7 d'", name, text), e);
        }
    }
}
