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
package dev.formattable.core.scan;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.metastore.RegisteredPartition;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.formattable.core.partition.PartitionPredicate.and;
import static dev.formattable.core.partition.PartitionPredicate.equal;
import static dev.formattable.core.partition.PartitionPredicate.greaterThan;
import static dev.formattable.core.partition.PartitionPredicate.in;
import static dev.formattable.core.partition.PartitionPredicate.isNull;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A table whose catalog registers partitions is planned from the catalog's list: one request with
 * the pinned values as its filter, each partition where the catalog says it is.
 */
class RegisteredPartitionScanTest {

    @TempDir java.nio.file.Path dir;
    @TempDir java.nio.file.Path elsewhere;

    /** Lists what it was given, ignoring the filter (a metastore may), and records each request. */
    static final class ListingRegistry implements PartitionRegistry {
        final List<RegisteredPartition> partitions = new ArrayList<>();
        final List<List<Map<String, String>>> requests = new ArrayList<>();

        @Override
        public void register(Map<Map<String, String>, Path> partitions) {}

        @Override
        public List<RegisteredPartition> list(List<Map<String, String>> anyOf) {
            requests.add(anyOf);
            return partitions;
        }

        @Override
        public void unregister(List<Map<String, String>> partitions) {}
    }

    private final ListingRegistry registry = new ListingRegistry();

    private Path file(java.nio.file.Path root, String relative) throws IOException {
        java.nio.file.Path p = root.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, relative + "\n");
        return Path.of(p.getParent().toUri().toString());
    }

    private void register(Path location, String... values) {
        registry.partitions.add(new RegisteredPartition(Arrays.asList(values), location));
    }

    private FormatTable table() {
        return TestTables.table(
                        new LocalFileIO(),
                        dir,
                        TestTables.schema(Map.of(), "dt", DataTypes.STRING(), "h", DataTypes.INT()))
                .withPartitionRegistry(registry);
    }

    private static List<String> names(ScanPlan plan) {
        return plan.splits().stream()
                .map(s -> s.path().name())
                .sorted()
                .collect(Collectors.toList());
    }

    @Test
    void onlyRegisteredPartitionsAreRead() throws IOException {
        register(file(dir, "dt=a/h=1/in-table.csv"), "a", "1");
        file(dir, "dt=b/h=1/never-registered.csv");
        register(null, "c", "2");
        file(dir, "dt=c/h=2/at-the-layout-path.csv");
        register(Path.of(dir.resolve("dt=d/h=3").toUri().toString()), "d", "3");

        ScanPlan plan = new FormatTableScan(table()).plan();

        assertThat(names(plan)).containsExactly("at-the-layout-path.csv", "in-table.csv");
        assertThat(plan.partitions())
                .containsExactlyInAnyOrder(List.of("a", 1), List.of("c", 2), List.of("d", 3));
        assertThat(registry.requests).containsExactly(List.of());
    }

    @Test
    void aPartitionRegisteredAwayFromItsDirectoryIsReadThereWithItsValues() throws IOException {
        register(file(dir, "dt=a/h=1/in-table.csv"), "a", "1");
        Path archive = file(elsewhere, "archive/old.csv");
        register(archive, "z", "9");
        // Under the table's directory, but named for other values.
        register(file(dir, "dt=x/h=7/misnamed.csv"), "b", "2");

        ScanPlan plan = new FormatTableScan(table()).plan();

        assertThat(plan.splits())
                .extracting(s -> s.path().name() + " " + s.partitionValues())
                .containsExactlyInAnyOrder(
                        "in-table.csv [a, 1]", "old.csv [z, 9]", "misnamed.csv [b, 2]");
        DataSplit old =
                plan.splits().stream()
                        .filter(s -> s.path().name().equals("old.csv"))
                        .findFirst()
                        .orElseThrow();
        assertThat(old.path().parent()).isEqualTo(archive);
        assertThat(names(new FormatTableScan(table()).withPartitionFilter(equal("dt", "z")).plan()))
                .containsExactly("old.csv");
    }

    @Test
    void pinnedValuesAreTheFilterAndEveryPartitionIsTestedAgain() throws IOException {
        register(file(dir, "dt=a/h=1/a1.csv"), "a", "1");
        register(file(dir, "dt=a/h=2/a2.csv"), "a", "2");
        register(file(dir, "dt=b/h=1/b1.csv"), "b", "1");
        register(file(dir, "dt=__DEFAULT_PARTITION__/h=1/null.csv"), "__DEFAULT_PARTITION__", "1");

        ScanPlan plan =
                new FormatTableScan(table())
                        .withPartitionFilter(and(in("dt", List.of("a", "b")), greaterThan("h", 1)))
                        .plan();

        assertThat(names(plan)).containsExactly("a2.csv");
        assertThat(registry.requests)
                .containsExactly(List.of(Map.of("dt", "a"), Map.of("dt", "b")));

        assertThat(names(new FormatTableScan(table()).withPartitionFilter(isNull("dt")).plan()))
                .containsExactly("null.csv");
        assertThat(registry.requests.get(1)).containsExactly(Map.of("dt", "__DEFAULT_PARTITION__"));

        // Both levels pinned: the filter names whole partitions.
        new FormatTableScan(table())
                .withPartitionFilter(and(equal("dt", "b"), equal("h", 1)))
                .plan();
        assertThat(registry.requests.get(2)).containsExactly(Map.of("dt", "b", "h", "1"));
    }

    @Test
    void aPrefixLimitsTheListedPartitions() throws IOException {
        register(file(dir, "dt=a/h=1/a1.csv"), "a", "1");
        register(file(dir, "dt=b/h=1/b1.csv"), "b", "1");

        ScanPlan partitions =
                new FormatTableScan(table()).withPartitionPrefix(List.of("b")).listPartitions();

        assertThat(partitions.partitions()).containsExactly(List.of("b", 1));
        assertThat(registry.requests).containsExactly(List.of(Map.of("dt", "b")));
    }

    @Test
    void aRegisteredPartitionThatDoesNotFitTheKeysFailsNamingIt() {
        register(null, "a");
        assertThatThrownBy(() -> new FormatTableScan(table()).plan())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[a]")
                .hasMessageContaining("[dt, h]");

        registry.partitions.clear();
        register(null, "a", "not-a-number");
        assertThatThrownBy(() -> new FormatTableScan(table()).plan())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not-a-number");
    }
}
