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
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.ObjectStoreAliasFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.testutils.LogCapture;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A message restored from a checkpoint is committed by a table whose partition options changed
 * since it was written: it is judged by the target it recorded, so a restart does not fail forever,
 * while a first commit keeps checking against today's options.
 */
class RestoredMessageTest {

    @TempDir java.nio.file.Path dir;

    /** Options before and after the change, and the partition type and value written. */
    static Stream<Arguments> optionChanges() {
        return Stream.of(
                Arguments.of(
                        "partition.default-name",
                        Map.of("partition.default-name", "__HIVE_DEFAULT_PARTITION__"),
                        Map.of("partition.default-name", "null_value"),
                        DataTypes.STRING(),
                        null),
                Arguments.of(
                        "partition.legacy-name",
                        Map.of("partition.legacy-name", "true"),
                        Map.of("partition.legacy-name", "false"),
                        DataTypes.DATE(),
                        LocalDate.of(2024, 1, 2)),
                Arguments.of(
                        "format-table.partition-path-only-value",
                        Map.of("format-table.partition-path-only-value", "false"),
                        Map.of("format-table.partition-path-only-value", "true"),
                        DataTypes.INT(),
                        7));
    }

    private FormatTable table(Map<String, String> options, DataType type) {
        return TestTables.table(new LocalFileIO(), dir, TestTables.schema(options, "p", type));
    }

    private static boolean exists(Path path) {
        return Files.exists(Paths.get(path.path()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("optionChanges")
    void aStagedMessageIsPublishedWhereItWasStaged(
            String option,
            Map<String, String> before,
            Map<String, String> after,
            DataType type,
            Object value)
            throws IOException {
        List<CommitMessage> messages =
                TestTables.write(table(before, type), Arrays.asList(value), "a", "b");
        FormatTable changed = table(after, type);

        assertThatThrownBy(() -> changed.newCommit().append(messages))
                .as("a first commit checks against today's options")
                .hasMessageContaining("outside the partition it declares");
        CommitResult result;
        try (LogCapture log = LogCapture.of(MessageChecker.class)) {
            result = changed.newCommit().afterRecovery().append(messages);
            assertThat(log.warnings())
                    .singleElement()
                    .asString()
                    .contains(messages.size() + " files", option);
        }

        assertThat(result.publishedFiles()).isEqualTo(messages.size());
        for (CommitMessage m : messages) {
            assertThat(exists(m.targetPath())).isTrue();
            assertThat(exists(m.stagedPath())).isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("optionChanges")
    void aPublishedMessageIsRecognisedAsPublished(
            String option,
            Map<String, String> before,
            Map<String, String> after,
            DataType type,
            Object value)
            throws IOException {
        FormatTable original = table(before, type);
        List<CommitMessage> messages = TestTables.write(original, Arrays.asList(value), "a");
        original.newCommit().append(messages);

        CommitResult result = table(after, type).newCommit().afterRecovery().append(messages);

        assertThat(result.alreadyPublishedFiles()).isEqualTo(messages.size());
        assertThat(result.publishedFiles()).isZero();
        assertThat(TestTables.readAll(original)).hasSize(1);
    }

    /**
     * Under value-only names a directory starting with '_' is read only when it is the default
     * name: a file staged in the old default directory would be invisible there, so the commit is
     * refused naming the option to restore.
     */
    @Test
    void aDirectoryNoScanWouldReadIsRefusedNamingTheOption() throws IOException {
        Map<String, String> valueOnly = Map.of("format-table.partition-path-only-value", "true");
        List<CommitMessage> messages =
                TestTables.write(
                        table(valueOnly, DataTypes.STRING()), Arrays.asList((Object) null), "a");
        Map<String, String> after = new java.util.HashMap<>(valueOnly);
        after.put("partition.default-name", "null_value");

        assertThatThrownBy(
                        () ->
                                table(after, DataTypes.STRING())
                                        .newCommit()
                                        .afterRecovery()
                                        .append(messages))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outside the partition it declares")
                .hasMessageContaining("partition.default-name");
        assertThat(exists(messages.get(0).stagedPath())).isTrue();
    }

    /** A target in another partition than it declares is refused after recovery too. */
    @Test
    void aTargetInAnotherPartitionIsRefusedAfterRecovery() throws IOException {
        FormatTable table = table(Map.of(), DataTypes.INT());
        CommitMessage m = TestTables.write(table, List.of(1), "a").get(0);
        List<CommitMessage> moved = new ArrayList<>();
        moved.add(
                new CommitMessage(
                        m.stagedPath(),
                        m.targetPath(),
                        Map.of("p", "2"),
                        m.rowCount(),
                        m.fileSize()));

        assertThatThrownBy(() -> table.newCommit().afterRecovery().append(moved))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outside the partition it declares");
    }

    /** Staged through s3a://, committed after recovery by the table now at s3:// (same bucket). */
    @Test
    void aMessageStagedUnderAnotherSchemeOfTheStoreIsPublished() throws IOException {
        FileIO io = new ObjectStoreAliasFileIO();
        TableSchema schema = TestTables.schema(Map.of(), "p", DataTypes.INT());
        FormatTable before = FormatTable.open(io, Path.of("s3a://bucket" + dir), schema);
        List<CommitMessage> messages = TestTables.write(before, List.of(1), "a");
        FormatTable after = FormatTable.open(io, Path.of("s3://bucket" + dir), schema);

        assertThatThrownBy(() -> after.newCommit().append(messages))
                .as("a first commit checks against today's location")
                .hasMessageContaining("outside the table location");
        CommitResult result = after.newCommit().afterRecovery().append(messages);

        assertThat(result.publishedFiles()).isEqualTo(1);
        assertThat(TestTables.readAll(after)).containsExactly("[1]|a");
    }
}
