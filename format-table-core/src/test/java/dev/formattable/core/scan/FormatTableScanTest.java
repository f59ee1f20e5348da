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
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.formattable.core.partition.PartitionPredicate.and;
import static dev.formattable.core.partition.PartitionPredicate.equal;
import static dev.formattable.core.partition.PartitionPredicate.greaterOrEqual;
import static dev.formattable.core.partition.PartitionPredicate.in;
import static dev.formattable.core.partition.PartitionPredicate.isNull;
import static dev.formattable.core.partition.PartitionPredicate.or;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Discovery, hidden names, pruning and what it costs in listing calls. */
class FormatTableScanTest {

    @TempDir java.nio.file.Path dir;

    private final LocalFileIO io = new LocalFileIO();

    private void file(String relative) throws IOException {
        java.nio.file.Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, relative + "\n");
    }

    /** 20 days × 10 hours, one file each, in key=value directories with day counts. */
    private FormatTable grid() throws IOException {
        for (int d = 0; d < 20; d++) {
            for (int h = 0; h < 10; h++) {
                file("dt=" + (19723 + d) + "/h=" + h + "/data-" + d + "-" + h + ".parquet");
            }
        }
        return TestTables.table(
                io, dir, TestTables.schema(Map.of(), "dt", DataTypes.DATE(), "h", DataTypes.INT()));
    }

    private static LocalDate day(int d) {
        return LocalDate.ofEpochDay(19723 + d);
    }

    private static List<String> names(ScanPlan plan) {
        return plan.splits().stream()
                .map(s -> s.path().name())
                .sorted()
                .collect(Collectors.toList());
    }

    @Test
    void unfilteredScanReadsEveryPartition() throws IOException {
        ScanPlan plan = grid().newScan().plan();

        assertThat(plan.splits()).hasSize(200);
        assertThat(plan.splits().get(0).partitionValues()).containsExactly(day(0), 0);
        // The root, the 20 day directories and the 200 leaves.
        assertThat(plan.listCalls()).isEqualTo(1 + 20 + 200);
        assertThat(plan.statusCalls()).isEqualTo(1);
    }

    @Test
    void equalityOnEveryKeyListsOnlyTheLeaf() throws IOException {
        ScanPlan plan =
                grid().newScan()
                        .withPartitionFilter(and(equal("dt", day(3)), equal("h", 7)))
                        .plan();

        assertThat(names(plan)).containsExactly("data-3-7.parquet");
        // The table writes day counts but a reader accepts ISO dates too, so both spellings of
        // the pinned day are tried: O(levels × spellings), not O(partitions).
        assertThat(plan.listCalls()).isEqualTo(2);
    }

    @Test
    void equalityOnTheLeadingKeyStartsListingBelowIt() throws IOException {
        ScanPlan plan = grid().newScan().withPartitionFilter(equal("dt", "2024-01-04")).plan();

        assertThat(plan.splits()).hasSize(10);
        assertThat(plan.splits())
                .allSatisfy(s -> assertThat(s.partitionValues().get(0)).isEqualTo(day(3)));
        // Two spellings of the day directory, then its 10 hour directories.
        assertThat(plan.listCalls()).isEqualTo(2 + 10);
    }

    @Test
    void equalityOnALowerKeyPrunesAtThatLevel() throws IOException {
        ScanPlan plan = grid().newScan().withPartitionFilter(equal("h", 7)).plan();

        assertThat(plan.splits()).hasSize(20);
        // Root, 20 days, then only the 20 matching leaves.
        assertThat(plan.listCalls()).isEqualTo(1 + 20 + 20);
    }

    @Test
    void inAndRangeListOnlyMatchingSubtrees() throws IOException {
        FormatTable table = grid();

        ScanPlan inPlan =
                table.newScan().withPartitionFilter(in("dt", List.of(day(1), day(2)))).plan();
        assertThat(inPlan.splits()).hasSize(20);
        assertThat(inPlan.listCalls()).isEqualTo(2 * 2 + 20);

        ScanPlan range = table.newScan().withPartitionFilter(greaterOrEqual("dt", day(18))).plan();
        assertThat(range.splits()).hasSize(20);
        assertThat(range.listCalls()).isEqualTo(1 + 2 + 20);
    }

    @Test
    void aDisjunctionOfPartitionsPinsEveryLevel() throws IOException {
        ScanPlan plan =
                grid().newScan()
                        .withPartitionFilter(
                                or(
                                        and(equal("dt", day(0)), equal("h", 1)),
                                        and(equal("dt", day(5)), equal("h", 2))))
                        .plan();

        assertThat(names(plan)).containsExactly("data-0-1.parquet", "data-5-2.parquet");
        // Two partitions, two spellings of each day: four pinned leaves, nothing else listed.
        assertThat(plan.listCalls()).isEqualTo(4);
    }

    @Test
    void aNonPositiveLimitPlansNothing() throws IOException {
        ScanPlan plan = grid().newScan().withLimit(0).plan();

        assertThat(plan.splits()).isEmpty();
        assertThat(plan.listCalls()).isZero();
        assertThat(plan.statusCalls()).isZero();
        assertThat(grid().newScan().withLimit(1).plan().splits()).hasSize(200);
    }

    @Test
    void hiddenNamesAreSkippedAndNeverDescended() throws IOException {
        file("dt=19723/h=1/data-a.parquet");
        file("dt=19723/h=1/sub/data-nested.parquet");
        file("dt=19723/h=1/_SUCCESS");
        file("dt=19723/h=1/.data-a.parquet.crc");
        file("dt=19723/h=1/_temporary/.data-b.parquet.123.tmp");
        file("dt=19723/h=1/_temporary/data-c.parquet");
        file("dt=19723/.hidden/h=2/data-d.parquet");
        file("_schema/dt=19723/h=3/data-e.parquet");
        file("dt=19723/h=1/.hidden/data-f.parquet");
        FormatTable table = dayHourTable(io);

        assertThat(names(table.newScan().plan()))
                .containsExactly("data-a.parquet", "data-nested.parquet");
    }

    @Test
    void valueOnlyLayoutReadsTheDefaultPartition() throws IOException {
        file("2024-01-01/data-a.parquet");
        file("__DEFAULT_PARTITION__/data-b.parquet");
        file("_other/data-c.parquet");
        FormatTable table =
                TestTables.table(
                        io,
                        dir,
                        TestTables.schema(
                                Map.of("format-table.partition-path-only-value", "true"),
                                "dt",
                                DataTypes.DATE()));

        ScanPlan plan = table.newScan().plan();
        assertThat(names(plan)).containsExactly("data-a.parquet", "data-b.parquet");
        assertThat(table.newScan().withPartitionFilter(isNull("dt")).plan().splits())
                .singleElement()
                .satisfies(s -> assertThat(s.partitionValues()).containsExactly((Object) null));
    }

    @Test
    void unpartitionedTableReadsItsRoot() throws IOException {
        file("data-a.orc");
        file("part-flink-0");
        file(".part-flink-1.inprogress");
        FormatTable table = TestTables.table(io, dir, TestTables.schema(Map.of()));

        ScanPlan plan = table.newScan().plan();

        assertThat(names(plan)).containsExactly("data-a.orc", "part-flink-0");
        assertThat(plan.splits().get(0).partitionValues()).isEmpty();
        assertThat(plan.splits().get(0).fileSize()).isEqualTo("data-a.orc\n".length());
    }

    @Test
    void aMissingRootIsAnError() {
        FormatTable table = TestTables.table(io, dir.resolve("nope"), TestTables.schema(Map.of()));

        assertThatThrownBy(() -> table.newScan().plan())
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(dir.resolve("nope").toString());
    }

    @Test
    void aDirectoryThatVanishesWhileListingIsNot() throws IOException {
        file("dt=19723/h=1/data-a.parquet");
        file("dt=19724/h=1/data-b.parquet");
        LocalFileIO vanishing =
                new LocalFileIO() {
                    @Override
                    public List<FileStatus> list(Path directory) throws IOException {
                        List<FileStatus> result = super.list(directory);
                        if (directory.name().equals(dir.getFileName().toString())) {
                            delete(directory.child("dt=19724"), true);
                        }
                        return result;
                    }
                };
        FormatTable table = dayHourTable(vanishing);

        assertThat(names(table.newScan().plan())).containsExactly("data-a.parquet");
    }

    @Test
    void aDirectoryNotOfTheColumnTypeIsNamedInTheError() throws IOException {
        file("dt=19723/h=abc/data-a.parquet");
        FormatTable table = dayHourTable(io);

        assertThatThrownBy(() -> table.newScan().plan())
                .hasMessageContaining(dir.resolve("dt=19723/h=abc").toString())
                .hasMessageContaining("'abc' is not a valid INT value for partition column 'h'");
    }

    @Test
    void directoriesOfOtherKeysAreIgnored() throws IOException {
        file("dt=19723/h=1/data-a.parquet");
        file("other=1/h=1/data-b.parquet");
        file("dt=19723/data-at-wrong-level.parquet");
        FormatTable table = dayHourTable(io);

        assertThat(names(table.newScan().plan())).containsExactly("data-a.parquet");
    }

    @Test
    void bothDateSpellingsAreRead() throws IOException {
        file("dt=19723/data-legacy.parquet");
        file("dt=2024-01-02/data-iso.parquet");
        FormatTable table =
                TestTables.table(io, dir, TestTables.schema(Map.of(), "dt", DataTypes.DATE()));

        assertThat(table.newScan().plan().splits())
                .extracting(s -> s.partitionValues().get(0))
                .containsExactlyInAnyOrder(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 1, 2));
        assertThat(names(table.newScan().withPartitionFilter(equal("dt", "2024-01-02")).plan()))
                .containsExactly("data-iso.parquet");
    }

    @Test
    void escapedValuesReadBack() throws IOException {
        file("k=a%2Fb%3Dc%25 d é/data-a.parquet");
        FormatTable table =
                TestTables.table(io, dir, TestTables.schema(Map.of(), "k", DataTypes.STRING()));

        ScanPlan plan = table.newScan().withPartitionFilter(equal("k", "a/b=c% d é")).plan();

        assertThat(plan.splits())
                .singleElement()
                .satisfies(s -> assertThat(s.partitionValues()).containsExactly("a/b=c% d é"));
    }

    @Test
    void listingParallelismDoesNotChangeThePlan() throws IOException {
        FormatTable table = grid();
        List<String> serial =
                new ArrayList<>(names(table.newScan().withListingParallelism(1).plan()));
        assertThat(names(table.newScan().withListingParallelism(8).plan())).isEqualTo(serial);
    }

    @Test
    void filtersOnOtherColumnsAreRefused() throws IOException {
        FormatTable table = grid();

        assertThatThrownBy(() -> table.newScan().withPartitionFilter(equal("v", "x")).plan())
                .hasMessageContaining("Column 'v' is not a partition column")
                .hasMessageContaining("[dt, h]");
        assertThatThrownBy(
                        () ->
                                table.newScan()
                                        .withPartitionFilter(PartitionPredicate.equal("h", "x"))
                                        .plan())
                .hasMessageContaining("'x' is not a valid INT value for partition column 'h'");
    }

    /** A table partitioned by dt DATE and h INT, over the test's directory. */
    private FormatTable dayHourTable(FileIO fileIO) {
        return TestTables.table(
                fileIO,
                dir,
                TestTables.schema(Map.of(), "dt", DataTypes.DATE(), "h", DataTypes.INT()));
    }
}
