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
package dev.formattable.hive;

import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.BasicStatistics;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.metastore.RegisteredPartition;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.hive.testutils.HiveMetastoreExtension;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A table's partitions in a real Hive Metastore: registered, listed with a filter, unregistered.
 */
class HivePartitionRegistryTest {

    @RegisterExtension static final HiveMetastoreExtension HMS = new HiveMetastoreExtension();

    @TempDir java.nio.file.Path warehouse;

    private static int databases;

    private Metastore metastore;
    private String db;

    @BeforeEach
    void open() throws Exception {
        metastore =
                new HiveMetastoreFactory()
                        .open(
                                Map.of(
                                        "uri",
                                        HiveMetastoreExtension.uri(),
                                        "warehouse",
                                        warehouse.toUri().toString()),
                                new LocalFileIO());
        db = "registry" + (++databases);
        metastore.createDatabase(db, Map.of(), null);
    }

    @AfterEach
    void close() throws Exception {
        metastore.close();
    }

    private PartitionRegistry table(String name, DataField... partitionKeys) throws Exception {
        List<DataField> fields = new java.util.ArrayList<>();
        fields.add(new DataField(0, "v", DataTypes.STRING()));
        for (DataField k : partitionKeys) {
            fields.add(new DataField(fields.size(), k.name(), k.type()));
        }
        List<String> keys =
                java.util.Arrays.stream(partitionKeys)
                        .map(DataField::name)
                        .collect(Collectors.toList());
        metastore.createTable(
                db,
                name,
                new TableSchema(
                        fields,
                        keys,
                        List.of(),
                        Map.of("type", "format-table", "file.format", "csv"),
                        null));
        return metastore.partitionRegistry(db, name).orElseThrow();
    }

    private static Map<String, String> spec(String... keysAndValues) {
        Map<String, String> spec = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            spec.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return spec;
    }

    private Path dir(String name) {
        return Path.of(warehouse.resolve(name).toUri().toString());
    }

    private static List<List<String>> values(List<RegisteredPartition> partitions) {
        return partitions.stream().map(RegisteredPartition::values).collect(Collectors.toList());
    }

    @Test
    void stringKeysAreFilteredByTheMetastoreAndLocationsComeBackAsRegistered() throws Exception {
        PartitionRegistry registry =
                table(
                        "s",
                        new DataField(1, "region", DataTypes.STRING()),
                        new DataField(2, "city", DataTypes.STRING()));
        Map<Map<String, String>, Path> partitions = new LinkedHashMap<>();
        partitions.put(spec("region", "eu", "city", "paris"), dir("s/region=eu/city=paris"));
        partitions.put(spec("region", "eu", "city", "o\"slo"), dir("s/region=eu/city=o%22slo"));
        partitions.put(spec("region", "us", "city", "nyc"), dir("elsewhere/nyc"));
        partitions.put(
                spec("region", "__HIVE_DEFAULT_PARTITION__", "city", "x"),
                dir("s/region=__HIVE_DEFAULT_PARTITION__/city=x"));
        registry.register(partitions);
        // A replay registers nothing twice.
        registry.register(partitions);

        assertThat(values(registry.list(List.of()))).hasSize(4);
        assertThat(values(registry.list(List.of(spec("region", "eu")))))
                .containsExactlyInAnyOrder(List.of("eu", "paris"), List.of("eu", "o\"slo"));
        assertThat(
                        registry.list(
                                List.of(
                                        spec("region", "us"),
                                        spec("region", "__HIVE_DEFAULT_PARTITION__"))))
                .extracting(p -> p.values().get(0), p -> p.location().name())
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("us", "nyc"),
                        org.assertj.core.groups.Tuple.tuple(
                                "__HIVE_DEFAULT_PARTITION__", "city=x"));
        assertThat(values(registry.list(List.of(spec("region", "eu", "city", "o\"slo")))))
                .containsExactly(List.of("eu", "o\"slo"));

        registry.unregister(List.of(spec("region", "eu", "city", "paris")));
        registry.unregister(List.of(spec("region", "eu", "city", "paris")));
        assertThat(values(registry.list(List.of(spec("region", "eu")))))
                .containsExactly(List.of("eu", "o\"slo"));
    }

    @Test
    void statisticsAreHivesBasicStatisticsOfEachRegisteredPartition() throws Exception {
        PartitionRegistry registry = table("stats", new DataField(1, "dt", DataTypes.STRING()));
        Map<Map<String, String>, Path> partitions = new LinkedHashMap<>();
        partitions.put(spec("dt", "d1"), dir("stats/dt=d1"));
        partitions.put(spec("dt", "__HIVE_DEFAULT_PARTITION__"), dir("stats/dt=x"));
        registry.register(partitions);

        Map<Map<String, String>, BasicStatistics> statistics = new LinkedHashMap<>();
        statistics.put(spec("dt", "d1"), new BasicStatistics(42, 3, 1234));
        statistics.put(spec("dt", "__HIVE_DEFAULT_PARTITION__"), new BasicStatistics(1, 1, 10));
        statistics.put(spec("dt", "not-registered"), new BasicStatistics(5, 1, 50));
        registry.recordStatistics(statistics);

        Map<String, String> d1 =
                HMS.client().getPartition(db, "stats", List.of("d1")).getParameters();
        assertThat(d1)
                .containsEntry("numRows", "42")
                .containsEntry("numFiles", "3")
                .containsEntry("totalSize", "1234")
                .containsEntry("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
        assertThat(
                        HMS.client()
                                .getPartition(db, "stats", List.of("__HIVE_DEFAULT_PARTITION__"))
                                .getParameters())
                .containsEntry("numRows", "1");
        assertThat(HMS.client().listPartitionNames(db, "stats", (short) -1)).hasSize(2);
    }

    @Test
    void anUnpartitionedTablesStatisticsAreItsOwnParametersKeptBeside() throws Exception {
        PartitionRegistry registry = table("whole");
        Map<String, String> before = HMS.client().getTable(db, "whole").getParameters();

        registry.recordStatistics(Map.of(Map.of(), new BasicStatistics(7, 2, 700)));

        Map<String, String> after = HMS.client().getTable(db, "whole").getParameters();
        assertThat(after)
                .containsEntry("numRows", "7")
                .containsEntry("numFiles", "2")
                .containsEntry("totalSize", "700")
                .containsEntry("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}")
                .containsEntry("file.format", before.get("file.format"))
                .containsEntry("type", "format-table");
    }

    @Test
    void typedKeysTheMetastoreWillNotFilterAreListedWhole() throws Exception {
        PartitionRegistry registry =
                table(
                        "typed",
                        new DataField(1, "dt", DataTypes.DATE()),
                        new DataField(2, "h", DataTypes.INT()));
        Map<Map<String, String>, Path> partitions = new LinkedHashMap<>();
        partitions.put(spec("dt", "2024-01-01", "h", "1"), dir("typed/dt=2024-01-01/h=1"));
        partitions.put(spec("dt", "2024-01-02", "h", "2"), dir("typed/dt=2024-01-02/h=2"));
        registry.register(partitions);

        // Whether the metastore applies it or refuses it, no matching partition is missing.
        assertThat(values(registry.list(List.of(spec("dt", "2024-01-02", "h", "2")))))
                .contains(List.of("2024-01-02", "2"));
        assertThat(values(registry.list(List.of(spec("h", "1"), spec("h", "2"))))).hasSize(2);
    }
}
