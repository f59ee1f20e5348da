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
package dev.formattable.core.commit;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.options.ExpirationStrategy;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Partition expiration: which partitions are old by their values or their files' times, what is
 * removed and what is kept, and a writer staging files in an old partition while it runs.
 */
class PartitionExpirationTest {

    /** 2024-01-10 00:00 UTC. */
    private static final Clock JAN_10 =
            Clock.fixed(
                    LocalDateTime.of(2024, 1, 10, 0, 0).toInstant(ZoneOffset.UTC), ZoneOffset.UTC);

    @TempDir java.nio.file.Path dir;

    private FormatTable table(LocalFileIO io, Map<String, String> options) {
        return TestTables.table(io, dir, TestTables.schema(options, "dt", DataTypes.STRING()));
    }

    /** One row in each of dt=2024-01-01 to 2024-01-05, published. */
    private FormatTable fiveDays(LocalFileIO io, Map<String, String> options) throws IOException {
        FormatTable table = table(io, options);
        for (int d = 1; d <= 5; d++) {
            table.newCommit().append(TestTables.write(table, List.of("2024-01-0" + d), "r" + d));
        }
        return table;
    }

    private static List<String> paths(List<PartitionExpiration.Expired> expired) {
        List<String> out = new ArrayList<>();
        expired.forEach(e -> out.add(e.toString()));
        return out;
    }

    @Test
    void removesPartitionsOlderByTheirValuesOldestFirstAndAtMostTheMax() throws IOException {
        FormatTable table = fiveDays(new LocalFileIO(), Map.of("partition.expiration-time", "7 d"));

        List<PartitionExpiration.Expired> expired =
                new PartitionExpiration(table).clock(JAN_10).maxExpires(1).run();

        assertThat(paths(expired)).containsExactly("dt=2024-01-01: expired");
        assertThat(dir.resolve("dt=2024-01-01")).doesNotExist();

        // 9 and 8 days old expire; 7 days old is not older than the expiration time.
        expired = new PartitionExpiration(table).clock(JAN_10).run();

        assertThat(paths(expired)).containsExactly("dt=2024-01-02: expired");
        assertThat(TestTables.readAll(table))
                .containsExactly("[2024-01-03]|r3", "[2024-01-04]|r4", "[2024-01-05]|r5");
    }

    @Test
    void aDryRunTellsWhatWouldExpireAndRemovesNothing() throws IOException {
        FormatTable table = fiveDays(new LocalFileIO(), Map.of());

        List<PartitionExpiration.Expired> expired =
                new PartitionExpiration(table)
                        .expirationTime(Duration.ofDays(7))
                        .clock(JAN_10)
                        .dryRun(true)
                        .run();

        assertThat(paths(expired))
                .containsExactly("dt=2024-01-01: would expire", "dt=2024-01-02: would expire");
        assertThat(TestTables.readAll(table)).hasSize(5);
    }

    @Test
    void aPartitionWithStagedFilesIsKeptUntilTheyArePublished() throws IOException {
        FormatTable table = fiveDays(new LocalFileIO(), Map.of());
        // A late row for an old day, staged by a writer whose commit has not come yet.
        List<CommitMessage> late = TestTables.write(table, List.of("2024-01-01"), "late");
        PartitionExpiration expiration =
                new PartitionExpiration(table).expirationTime(Duration.ofDays(7)).clock(JAN_10);

        assertThat(paths(expiration.run()))
                .containsExactly("dt=2024-01-01: skipped: being written", "dt=2024-01-02: expired");
        assertThat(Files.exists(java.nio.file.Path.of(late.get(0).stagedPath().path()))).isTrue();

        table.newCommit().append(late);
        assertThat(TestTables.readAll(table)).contains("[2024-01-01]|late", "[2024-01-01]|r1");
        assertThat(paths(expiration.run())).containsExactly("dt=2024-01-01: expired");
        assertThat(dir.resolve("dt=2024-01-01")).doesNotExist();
    }

    /**
     * A writer that stages a file in the partition after the check found none: its file stays, and
     * its commit publishes it into the partition, which then holds only that row.
     */
    @Test
    void aFileStagedWhileThePartitionIsRemovedSurvivesAndIsPublished() throws IOException {
        AtomicReference<Runnable> onFirstDelete = new AtomicReference<>();
        LocalFileIO io =
                new LocalFileIO() {
                    @Override
                    public boolean delete(Path path, boolean recursive) throws IOException {
                        Runnable r = onFirstDelete.getAndSet(null);
                        if (r != null) {
                            r.run();
                        }
                        return super.delete(path, recursive);
                    }
                };
        FormatTable table = fiveDays(io, Map.of());
        List<List<CommitMessage>> staged = new ArrayList<>();
        onFirstDelete.set(
                () -> {
                    try {
                        staged.add(TestTables.write(table, List.of("2024-01-01"), "racing"));
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                });

        List<PartitionExpiration.Expired> expired =
                new PartitionExpiration(table)
                        .expirationTime(Duration.ofDays(8))
                        .clock(JAN_10)
                        .run();

        assertThat(paths(expired)).containsExactly("dt=2024-01-01: expired");
        assertThat(staged).hasSize(1);
        assertThat(Files.exists(java.nio.file.Path.of(staged.get(0).get(0).stagedPath().path())))
                .isTrue();
        assertThat(TestTables.readAll(table)).doesNotContain("[2024-01-01]|r1");

        table.newCommit().append(staged.get(0));
        assertThat(TestTables.readAll(table)).contains("[2024-01-01]|racing");
    }

    @Test
    void updateTimeGoesByTheNewestFileOfThePartition() throws IOException {
        FormatTable table = fiveDays(new LocalFileIO(), Map.of());
        Instant now = Instant.parse("2030-01-01T00:00:00Z");
        for (int d = 1; d <= 5; d++) {
            try (var files = Files.list(dir.resolve("dt=2024-01-0" + d))) {
                FileTime time = FileTime.from(now.minus(Duration.ofDays(d == 2 ? 1 : 30)));
                for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
                    Files.setLastModifiedTime(f, time);
                }
            }
        }

        List<PartitionExpiration.Expired> expired =
                new PartitionExpiration(table)
                        .expirationTime(Duration.ofDays(7))
                        .strategy(ExpirationStrategy.UPDATE_TIME)
                        .clock(Clock.fixed(now, ZoneOffset.UTC))
                        .run();

        assertThat(expired)
                .extracting(PartitionExpiration.Expired::path)
                .containsExactlyInAnyOrder(
                        "dt=2024-01-01", "dt=2024-01-03", "dt=2024-01-04", "dt=2024-01-05");
        assertThat(TestTables.readAll(table)).containsExactly("[2024-01-02]|r2");
    }

    @Test
    void aPatternAndFormatterReadTheTimeFromSeveralKeys() throws IOException {
        FormatTable table =
                TestTables.table(
                        new LocalFileIO(),
                        dir,
                        TestTables.schema(
                                Map.of(
                                        "partition.timestamp-pattern", "$dt $hr:00",
                                        "partition.timestamp-formatter", "yyyyMMdd HH:mm"),
                                "dt",
                                DataTypes.STRING(),
                                "hr",
                                DataTypes.STRING()));
        for (String hr : List.of("22", "23")) {
            table.newCommit().append(TestTables.write(table, List.of("20240109", hr), hr));
        }
        // Now is 2024-01-10 00:00: hour 22 is 2 hours old, hour 23 one.
        List<PartitionExpiration.Expired> expired =
                new PartitionExpiration(table)
                        .expirationTime(Duration.ofMinutes(90))
                        .clock(JAN_10)
                        .run();

        assertThat(paths(expired)).containsExactly("dt=20240109/hr=22: expired");
        assertThat(dir.resolve("dt=20240109/hr=22")).doesNotExist();
        assertThat(dir.resolve("dt=20240109")).exists();
        assertThat(TestTables.readAll(table)).containsExactly("[20240109, 23]|23");

        new PartitionExpiration(table).expirationTime(Duration.ofMinutes(30)).clock(JAN_10).run();
        assertThat(dir.resolve("dt=20240109")).as("emptied, so removed").doesNotExist();
    }

    /** A DATE partition expires by its date, also where its directory names a day count. */
    @Test
    void aDatePartitionExpiresByItsDateWhateverItsDirectorySpelling() throws IOException {
        for (String legacy : List.of("true", "false")) {
            java.nio.file.Path location = dir.resolve("legacy-" + legacy);
            FormatTable table =
                    TestTables.table(
                            new LocalFileIO(),
                            location,
                            TestTables.schema(
                                    Map.of("partition.legacy-name", legacy),
                                    "dt",
                                    DataTypes.DATE()));
            for (int d : List.of(1, 9)) {
                table.newCommit()
                        .append(
                                TestTables.write(
                                        table, List.of(java.time.LocalDate.of(2024, 1, d)), "r"));
            }

            List<PartitionExpiration.Expired> expired =
                    new PartitionExpiration(table)
                            .expirationTime(Duration.ofDays(7))
                            .clock(JAN_10)
                            .run();

            assertThat(expired)
                    .singleElement()
                    .satisfies(
                            e -> {
                                assertThat(e.spec()).containsEntry("dt", "2024-01-01");
                                assertThat(e.action())
                                        .isEqualTo(PartitionExpiration.Action.EXPIRED);
                            });
            assertThat(TestTables.readAll(table)).hasSize(1);
        }
    }

    @Test
    void valuesThatAreNoTimeNeverExpire() throws IOException {
        FormatTable table = table(new LocalFileIO(), Map.of());
        table.newCommit().append(TestTables.write(table, List.of("not-a-day"), "x"));
        table.newCommit().append(TestTables.writeRoundRobin(table, List.of(nullPartition()), "y"));

        assertThat(
                        new PartitionExpiration(table)
                                .expirationTime(Duration.ofMillis(1))
                                .clock(JAN_10)
                                .run())
                .isEmpty();
        assertThat(TestTables.readAll(table)).hasSize(2);
    }

    private static List<Object> nullPartition() {
        List<Object> values = new ArrayList<>();
        values.add(null);
        return values;
    }

    @Test
    void anExpiredPartitionIsUnregisteredFromTheCatalogFirst() throws IOException {
        PartitionRegistrationTest.RecordingRegistry registry =
                new PartitionRegistrationTest.RecordingRegistry();
        FormatTable table =
                TestTables.table(
                                new LocalFileIO(),
                                dir,
                                TestTables.schema(Map.of(), "dt", DataTypes.STRING()))
                        .withPartitionRegistry(registry);
        for (String dt : List.of("2024-01-01", "2024-01-09")) {
            table.newCommit().append(TestTables.write(table, List.of(dt), dt));
        }
        assertThat(registry.registered).hasSize(2);

        new PartitionExpiration(table).expirationTime(Duration.ofDays(7)).clock(JAN_10).run();

        assertThat(registry.registered.keySet()).containsExactly(Map.of("dt", "2024-01-09"));
        assertThat(dir.resolve("dt=2024-01-01")).doesNotExist();
    }

    @Test
    void refusesSettingsByName() {
        FormatTable noTime = table(new LocalFileIO(), Map.of());
        assertThatThrownBy(() -> new PartitionExpiration(noTime).run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("partition.expiration-time");
        FormatTable badFormatter =
                table(
                        new LocalFileIO(),
                        Map.of(
                                "partition.expiration-time", "1 d",
                                "partition.timestamp-formatter", "yyyy-MM-dd Q{"));
        assertThatThrownBy(() -> new PartitionExpiration(badFormatter).validate())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'partition.timestamp-formatter'='yyyy-MM-dd Q{'");
        FormatTable badPattern =
                table(
                        new LocalFileIO(),
                        Map.of(
                                "partition.expiration-time", "1 d",
                                "partition.timestamp-pattern", "$day"));
        assertThatThrownBy(() -> new PartitionExpiration(badPattern).validate())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'partition.timestamp-pattern'='$day'")
                .hasMessageContaining("[dt]");
        assertThatThrownBy(
                        () ->
                                table(
                                        new LocalFileIO(),
                                        Map.of("partition.expiration-strategy", "creation-time")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'partition.expiration-strategy'='creation-time'")
                .hasMessageContaining("'values-time', 'update-time'");
        assertThatThrownBy(
                        () -> table(new LocalFileIO(), Map.of("partition.expiration-time", "soon")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'partition.expiration-time'='soon'");
    }
}
