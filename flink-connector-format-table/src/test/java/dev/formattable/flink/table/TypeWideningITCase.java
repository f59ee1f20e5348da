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

import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Files that store a column at a narrower type than the table declares are read and widened; a
 * narrowing fails naming the file, the column and both types.
 */
class TypeWideningITCase extends FlinkTestBase {

    @TempDir Path dir;

    private void create(TableEnvironment env, String name, String columns, String format) {
        exec(
                env,
                String.format("CREATE TABLE %s (%s, p STRING) PARTITIONED BY (p)", name, columns)
                        + withFormatTable(dir, format));
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void narrowerFilesAreWidened(String format) {
        TableEnvironment env = batchEnv();
        create(
                env,
                "narrow",
                "a TINYINT, sm SMALLINT, i INT, f FLOAT, d DATE, s VARCHAR(5), n INT,"
                        + " l BIGINT, `dec` DECIMAL(5,2)",
                format);
        create(
                env,
                "wide",
                "a BIGINT, sm INT, i BIGINT, f DOUBLE, d TIMESTAMP(3), s STRING,"
                        + " n DECIMAL(12,2), l DECIMAL(19,0), `dec` DECIMAL(10,2)",
                format);
        exec(
                env,
                "INSERT INTO narrow VALUES"
                        + " (CAST(-7 AS TINYINT), CAST(-300 AS SMALLINT), 2147483647,"
                        + " CAST(1.5 AS FLOAT), DATE '2024-02-29', 'abc', -2147483648,"
                        + " -9223372036854775808, CAST(123.45 AS DECIMAL(5,2)), 'x'),"
                        + " (CAST(NULL AS TINYINT), CAST(NULL AS SMALLINT), CAST(NULL AS INT),"
                        + " CAST(NULL AS FLOAT), CAST(NULL AS DATE), CAST(NULL AS VARCHAR(5)),"
                        + " CAST(NULL AS INT), CAST(NULL AS BIGINT),"
                        + " CAST(NULL AS DECIMAL(5,2)), 'x')");
        // A file at the table's own types next to the narrower one.
        exec(
                env,
                "INSERT INTO wide VALUES (CAST(9000000000 AS BIGINT), 70000,"
                        + " CAST(9000000000 AS BIGINT), CAST(0.25 AS DOUBLE),"
                        + " TIMESTAMP '2024-03-01 10:11:12.123', 'longer string',"
                        + " CAST(1234567890.12 AS DECIMAL(12,2)), CAST(1 AS DECIMAL(19,0)),"
                        + " CAST(12345678.90 AS DECIMAL(10,2)), 'y')");

        assertThat(query(env, "SELECT * FROM wide"))
                .containsExactly(
                        "+I[-7, -300, 2147483647, 1.5, 2024-02-29T00:00, abc, -2147483648.00,"
                                + " -9223372036854775808, 123.45, x]",
                        "+I[9000000000, 70000, 9000000000, 0.25, 2024-03-01T10:11:12.123,"
                                + " longer string, 1234567890.12, 1, 12345678.90, y]",
                        "+I[null, null, null, null, null, null, null, null, null, x]");
        // A projection in another order, and a filter on a widened column.
        assertThat(query(env, "SELECT `dec`, a, d FROM wide WHERE a < 0"))
                .containsExactly("+I[123.45, -7, 2024-02-29T00:00]");
        // The narrow table still reads its own file.
        assertThat(query(env, "SELECT a, `dec` FROM narrow WHERE p = 'x'"))
                .containsExactly("+I[-7, 123.45]", "+I[null, null]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void narrowingFailsNamingFileColumnAndTypes(String format) throws IOException {
        TableEnvironment env = batchEnv();
        create(env, "big", "v BIGINT", format);
        create(env, "small", "v INT", format);
        exec(env, "INSERT INTO big VALUES (CAST(9000000000 AS BIGINT), 'x')");
        String file;
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> data =
                    files.filter(Files::isRegularFile)
                            .filter(f -> !f.getFileName().toString().startsWith("."))
                            .filter(f -> !f.getFileName().toString().startsWith("_"))
                            .collect(Collectors.toList());
            assertThat(data).hasSize(1);
            file = data.get(0).getFileName().toString();
        }

        assertThatThrownBy(() -> query(env, "SELECT v FROM small"))
                .satisfies(
                        e -> {
                            String messages = messages(e);
                            assertThat(messages)
                                    .contains(file)
                                    .contains("column 'v'")
                                    .contains("as BIGINT")
                                    .contains("type INT");
                        });
    }

    private static String messages(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            b.append(t.getMessage()).append('\n');
        }
        return b.toString();
    }
}
