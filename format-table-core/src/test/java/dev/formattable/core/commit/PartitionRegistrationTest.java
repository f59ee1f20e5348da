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
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.metastore.RegisteredPartition;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A commit registers the partitions it published into with the table's registry before it counts as
 * done: a registration that fails fails the commit, and committing again registers without
 * publishing twice.
 */
class PartitionRegistrationTest {

    @TempDir java.nio.file.Path dir;

    /** Records what it is asked, and fails while told to. */
    static final class RecordingRegistry implements PartitionRegistry {
        final Map<Map<String, String>, Path> registered = new LinkedHashMap<>();
        final List<Set<Map<String, String>>> registrations = new ArrayList<>();
        boolean down;

        @Override
        public void register(Map<Map<String, String>, Path> partitions) throws IOException {
            if (down) {
                throw new IOException("metastore down");
            }
            registrations.add(partitions.keySet());
            partitions.forEach(registered::putIfAbsent);
        }

        @Override
        public List<RegisteredPartition> list(List<Map<String, String>> anyOf) {
            List<RegisteredPartition> listed = new ArrayList<>();
            registered.forEach(
                    (spec, location) ->
                            listed.add(
                                    new RegisteredPartition(
                                            new ArrayList<>(spec.values()), location)));
            return listed;
        }

        @Override
        public void unregister(List<Map<String, String>> partitions) {
            partitions.forEach(registered::remove);
        }
    }

    private FormatTable table(RecordingRegistry registry) {
        return table(registry, Map.of());
    }

    private FormatTable table(RecordingRegistry registry, Map<String, String> options) {
        return TestTables.table(
                        new LocalFileIO(),
                        dir,
                        TestTables.schema(options, "dt", DataTypes.STRING(), "h", DataTypes.INT()))
                .withPartitionRegistry(registry);
    }

    private static Map<String, String> spec(String dt, String h) {
        Map<String, String> spec = new LinkedHashMap<>();
        spec.put("dt", dt);
        spec.put("h", h);
        return spec;
    }

    @Test
    void anAppendRegistersEachPartitionItPublishedIntoOnce() throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table = table(registry);
        List<CommitMessage> messages = new ArrayList<>();
        messages.addAll(TestTables.write(table, List.of("d1", 1), "a", "b"));
        messages.addAll(TestTables.write(table, List.of("d1", 1), "c"));
        messages.addAll(TestTables.write(table, Arrays.asList("d2", null), "d"));

        table.newCommit().append(messages);

        assertThat(registry.registered)
                .containsOnlyKeys(spec("d1", "1"), spec("d2", "__DEFAULT_PARTITION__"));
        assertThat(registry.registered.get(spec("d1", "1")).toString()).endsWith("/dt=d1/h=1");
    }

    @Test
    void aFailedRegistrationFailsTheCommitAndItsReplayRegistersWithoutPublishingAgain()
            throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table = table(registry);
        List<CommitMessage> messages = TestTables.write(table, List.of("d1", 1), "a");
        registry.down = true;

        assertThatThrownBy(() -> table.newCommit().withCommitId("c1").append(messages))
                .hasMessageContaining("metastore down");
        assertThat(registry.registered).isEmpty();
        // Published but not registered: a reader of the catalog's list does not see it yet.
        assertThat(TestTables.readAll(table)).isEmpty();

        registry.down = false;
        CommitResult replay = table.newCommit().withCommitId("c1").afterRecovery().append(messages);

        assertThat(replay.alreadyPublishedFiles()).isEqualTo(1);
        assertThat(registry.registered).containsOnlyKeys(spec("d1", "1"));
        assertThat(TestTables.readAll(table)).containsExactly("[d1, 1]|a");
    }

    @Test
    void anOverwriteUnregistersThePartitionsItEmptiesAndKeepsTheOthers() throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table = table(registry, Map.of("dynamic-partition-overwrite", "false"));
        List<CommitMessage> first = new ArrayList<>();
        first.addAll(TestTables.write(table, List.of("d1", 1), "a"));
        first.addAll(TestTables.write(table, List.of("d1", 2), "b"));
        first.addAll(TestTables.write(table, Arrays.asList("d1", null), "c"));
        first.addAll(TestTables.write(table, List.of("d2", 1), "d"));
        table.newCommit().append(first);

        // Below dt=d1, only h=2 gets new rows: h=1 and the NULL hour are emptied.
        table.newCommit()
                .overwrite(Map.of("dt", "d1"), TestTables.write(table, List.of("d1", 2), "e"));
        assertThat(registry.registered).containsOnlyKeys(spec("d1", "2"), spec("d2", "1"));
        assertThat(TestTables.readAll(table)).containsExactlyInAnyOrder("[d1, 2]|e", "[d2, 1]|d");

        // The whole table, without dynamic overwrite: only what was written stays registered.
        table.newCommit().overwrite(Map.of(), TestTables.write(table, List.of("d3", 3), "f"));
        assertThat(registry.registered).containsOnlyKeys(spec("d3", "3"));
        assertThat(TestTables.readAll(table)).containsExactly("[d3, 3]|f");
    }

    @Test
    void aDynamicOverwriteEmptiesNothingAndKeepsEveryPartitionRegistered() throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table = table(registry, Map.of("dynamic-partition-overwrite", "true"));
        List<CommitMessage> first = new ArrayList<>();
        first.addAll(TestTables.write(table, List.of("d1", 1), "a"));
        first.addAll(TestTables.write(table, List.of("d2", 1), "b"));
        table.newCommit().append(first);

        table.newCommit().overwrite(Map.of(), TestTables.write(table, List.of("d1", 1), "c"));

        assertThat(registry.registered).containsOnlyKeys(spec("d1", "1"), spec("d2", "1"));
        assertThat(TestTables.readAll(table)).containsExactlyInAnyOrder("[d1, 1]|c", "[d2, 1]|b");
    }

    @Test
    void droppingAPartitionOrAPrefixUnregistersEverythingBelowIt() throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table = table(registry);
        List<CommitMessage> first = new ArrayList<>();
        first.addAll(TestTables.write(table, List.of("d1", 1), "a"));
        first.addAll(TestTables.write(table, Arrays.asList("d1", null), "b"));
        first.addAll(TestTables.write(table, List.of("d2", 1), "c"));
        first.addAll(TestTables.write(table, Arrays.asList(null, 4), "d"));
        table.newCommit().append(first);

        Map<String, String> nullDay = new LinkedHashMap<>();
        nullDay.put("dt", null);
        nullDay.put("h", "4");
        table.maintenance().dropPartition(nullDay);
        assertThat(registry.registered)
                .containsOnlyKeys(
                        spec("d1", "1"), spec("d1", "__DEFAULT_PARTITION__"), spec("d2", "1"));

        table.maintenance().dropPartition(Map.of("dt", "d1"));
        assertThat(registry.registered).containsOnlyKeys(spec("d2", "1"));
        assertThat(TestTables.readAll(table)).containsExactly("[d2, 1]|c");
    }

    @Test
    void anUnpartitionedTableRegistersNothing() throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table =
                TestTables.table(new LocalFileIO(), dir, TestTables.schema(Map.of()))
                        .withPartitionRegistry(registry);
        table.newCommit().append(TestTables.write(table, List.of(), "a"));
        assertThat(registry.registered).isEmpty();
    }

    @Test
    void aCommitRegistersOnlyPartitionsNotRegisteredYet() throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table = table(registry);
        table.newCommit().append(TestTables.write(table, List.of("d1", 1), "a"));
        List<CommitMessage> second = new ArrayList<>();
        second.addAll(TestTables.write(table, List.of("d1", 1), "b"));
        second.addAll(TestTables.write(table, List.of("d2", 1), "c"));
        table.newCommit().append(second);
        table.newCommit().append(TestTables.write(table, List.of("d2", 1), "d"));

        assertThat(registry.registrations)
                .containsExactly(Set.of(spec("d1", "1")), Set.of(spec("d2", "1")));
        assertThat(TestTables.readAll(table))
                .containsExactlyInAnyOrder("[d1, 1]|a", "[d1, 1]|b", "[d2, 1]|c", "[d2, 1]|d");
    }

    @Test
    void aCommitToAPartitionKeptElsewhereIsRefusedBeforeAnythingIsPublished(
            @TempDir java.nio.file.Path elsewhere) throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table = table(registry, Map.of("dynamic-partition-overwrite", "false"));
        table.newCommit().append(TestTables.write(table, List.of("d1", 1), "a"));
        Path archive = Path.of(elsewhere.toUri().toString());
        java.nio.file.Files.writeString(elsewhere.resolve("old.csv"), "old\n");
        registry.registered.put(spec("d0", "9"), archive);

        List<CommitMessage> append = new ArrayList<>();
        append.addAll(TestTables.write(table, List.of("d1", 1), "b"));
        append.addAll(TestTables.write(table, List.of("d0", 9), "c"));
        assertThatThrownBy(() -> table.newCommit().withCommitId("c1").append(append))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("partition {dt=d0, h=9}")
                .hasMessageContaining("keeps it at " + archive)
                .hasMessageContaining("(dt=d0/h=9)")
                .hasMessageContaining("nothing was published");
        assertThatThrownBy(
                        () ->
                                table.newCommit()
                                        .overwrite(
                                                Map.of("dt", "d0"),
                                                TestTables.write(table, List.of("d0", 9), "d")))
                .isInstanceOf(UnsupportedOperationException.class);

        assertThat(TestTables.readAll(table)).containsExactlyInAnyOrder("[d1, 1]|a", "[d0, 9]|old");
        assertThat(table.newCommit().isRecorded("c1")).isFalse();
    }

    @Test
    void droppingAPartitionKeptElsewhereUnregistersItAndLeavesItsFiles(
            @TempDir java.nio.file.Path elsewhere) throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table = table(registry);
        table.newCommit().append(TestTables.write(table, List.of("d1", 1), "a"));
        java.nio.file.Files.writeString(elsewhere.resolve("old.csv"), "old\n");
        registry.registered.put(spec("d0", "9"), Path.of(elsewhere.toUri().toString()));

        table.maintenance().dropPartition(Map.of("dt", "d0"));

        assertThat(registry.registered).containsOnlyKeys(spec("d1", "1"));
        assertThat(TestTables.readAll(table)).containsExactly("[d1, 1]|a");
        assertThat(elsewhere.resolve("old.csv")).exists();
    }

    @Test
    void anOverwriteReplacingAPartitionKeptElsewhereDeletesItsFilesThereAndUnregistersIt(
            @TempDir java.nio.file.Path elsewhere) throws IOException {
        RecordingRegistry registry = new RecordingRegistry();
        FormatTable table = table(registry, Map.of("dynamic-partition-overwrite", "false"));
        table.newCommit().append(TestTables.write(table, List.of("d1", 1), "a"));
        java.nio.file.Files.writeString(elsewhere.resolve("old.csv"), "old\n");
        registry.registered.put(spec("d0", "9"), Path.of(elsewhere.toUri().toString()));

        table.newCommit().overwrite(Map.of(), TestTables.write(table, List.of("d2", 2), "b"));

        assertThat(registry.registered).containsOnlyKeys(spec("d2", "2"));
        assertThat(TestTables.readAll(table)).containsExactly("[d2, 2]|b");
        assertThat(elsewhere.resolve("old.csv")).doesNotExist();
    }
}
