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
package dev.formattable.flink.datastream;

import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.source.FormatTableSource;
import dev.formattable.flink.source.FormatTableSourceBuilder;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.types.logical.RowType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the DataStream builders refuse, each naming what is refused, and what they produce. */
class DataStreamBuildersTest {

    @TempDir Path dir;

    static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT()),
                                    DataTypes.FIELD("payload", DataTypes.BYTES()),
                                    DataTypes.FIELD("dt", DataTypes.STRING()))
                            .getLogicalType();

    private FormatTableSourceBuilder source() {
        return FormatTableSource.forRowData(dir.toString(), TYPE).partitionKeys("dt");
    }

    @Test
    void aProjectionOfAnUnknownColumnIsRefusedByName() {
        assertThatThrownBy(() -> source().project("id", "nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Column 'nope' does not exist; the columns are [id, payload, dt]");
    }

    @Test
    void aProjectionNamingAColumnTwiceIsRefusedByName() {
        assertThatThrownBy(() -> source().project("dt", "id", "dt"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The projection names column 'dt' more than once");
    }

    @Test
    void theProducedTypeIsTheProjection() {
        FormatTableSourceBuilder builder = source().project("dt", "id");
        assertThat(builder.producedType().getFieldNames()).containsExactly("dt", "id");
        assertThat(builder.build().getProducedType().toString()).contains("dt", "id");
        assertThat(builder.build().getProducedType().toString()).doesNotContain("payload");
        assertThat(source().producedType()).isEqualTo(TYPE);
    }

    @Test
    void boundedUnlessMonitored() {
        assertThat(source().build().getBoundedness()).isEqualTo(Boundedness.BOUNDED);
        assertThat(source().monitorContinuously(Duration.ofMillis(200)).build().getBoundedness())
                .isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
    }

    @Test
    void aNonPositiveMonitoringIntervalIsRefused() {
        assertThatThrownBy(() -> source().monitorContinuously(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be positive");
    }

    @Test
    void aPartitionFilterOnAnotherColumnIsRefusedByName() {
        assertThatThrownBy(
                        () -> source().partitionFilter(PartitionPredicate.equal("id", 1)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Column 'id' is not a partition column; the partition columns are [dt]");
    }

    @Test
    void unknownOptionsAreRefusedByName() {
        assertThatThrownBy(() -> source().option("file.formatt", "orc").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Unknown option 'file.formatt'");
        assertThatThrownBy(
                        () ->
                                FormatTableSink.forRowData(dir.toString(), TYPE)
                                        .options(Map.of("scan.batch-size", "16"))
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Unknown option 'scan.batch-size'");
    }

    @Test
    void readAndFormatOptionsAreAccepted() {
        source().option("scan.batch-size", "16")
                .option("scan.split.target-size", "1 mb")
                .option("parquet.page.size", "4096")
                .option("format-table.file.compression", "zstd")
                .build();
        FormatTableSink.forRowData(dir.toString(), TYPE)
                .partitionKeys("dt")
                .format("orc")
                .option("orc.stripe.size", "1048576")
                .build();
        assertThatThrownBy(() -> source().option("scan.batch-size", "0").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'scan.batch-size'='0' must be between 1 and 65536");
        assertThatThrownBy(() -> source().option("scan.split.target-size", "0 b").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'scan.split.target-size'='0 b' must be at least 1 kb");
    }

    @Test
    void coreRefusalsCarryTheMessagesSqlGives() {
        TableEnvironment sql = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        // A partition column of a type that cannot name a directory; an unknown format.
        String[][] cases = {{"payload", null}, {"dt", "avro"}};
        for (String[] c : cases) {
            String key = c[0];
            String format = c[1];
            Throwable dataStream =
                    catchRefusal(
                            () -> {
                                var builder =
                                        FormatTableSink.forRowData(dir.toString(), TYPE)
                                                .partitionKeys(key);
                                if (format != null) {
                                    builder.format(format);
                                }
                                builder.build();
                            });
            Throwable source =
                    catchRefusal(
                            () -> {
                                FormatTableSourceBuilder builder =
                                        FormatTableSource.forRowData(dir.toString(), TYPE)
                                                .partitionKeys(key);
                                if (format != null) {
                                    builder.format(format);
                                }
                                builder.build();
                            });
            assertThat(dataStream).isInstanceOf(IllegalArgumentException.class);
            assertThat(source).hasMessage(dataStream.getMessage());

            sql.executeSql("DROP TABLE IF EXISTS t");
            sql.executeSql(
                    "CREATE TABLE t (id INT, payload BYTES, dt STRING) PARTITIONED BY ("
                            + key
                            + ") WITH ('connector'='format-table', 'path'='"
                            + dir
                            + "'"
                            + (format == null ? "" : ", 'file.format'='" + format + "'")
                            + ")");
            assertThatThrownBy(() -> sql.explainSql("SELECT * FROM t"))
                    .hasStackTraceContaining("cannot be served: " + dataStream.getMessage());
        }
    }

    private static Throwable catchRefusal(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("Expected a refusal");
    }

    @Test
    void aLookupRefusesByNameWhatItCannotDo() {
        assertThatThrownBy(() -> source().project("dt").buildLookup("id"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'id'")
                .hasMessageContaining("[dt]");
        assertThatThrownBy(() -> source().buildLookup())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key column");
        assertThatThrownBy(
                        () -> source().monitorContinuously(Duration.ofSeconds(1)).buildLookup("id"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lookup.full-cache");
        assertThatThrownBy(() -> source().option("lookup.cache", "PARTIAL").buildLookup("id"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'lookup.cache'='PARTIAL'");
        assertThatThrownBy(
                        () ->
                                source().option("streaming-source.partition.include", "newest")
                                        .buildLookup("id"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'streaming-source.partition.include'='newest'");
        // The lookup keys are a lookup's alone: a source refuses them.
        assertThatThrownBy(() -> source().option("lookup.cache", "FULL").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lookup.cache");
        assertThat(
                        source().option("lookup.full-cache.periodic-reload.interval", "1 min")
                                .option("streaming-source.partition.include", "latest")
                                .buildLookup("id", "dt")
                                .producedType()
                                .getFieldNames())
                .containsExactly("id", "payload", "dt");
    }
}
