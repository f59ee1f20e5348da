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
package dev.formattable.flink.sink.committer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.FaultInjectingFileIO.Op;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.RecordingMetricGroup;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** When a committer expires partitions, and that a failed expiration never fails the commit. */
class CommitterExpirationTest {

    @TempDir java.nio.file.Path dir;

    private FormatTable table(FaultInjectingFileIO io) throws IOException {
        Files.createDirectories(dir.resolve("dt=2020-01-01"));
        Files.writeString(dir.resolve("dt=2020-01-01").resolve("data-1.csv"), "1\n");
        return FormatTable.open(
                io,
                dev.formattable.core.fs.Path.of(dir.toString()),
                new TableSchema(
                        List.of(
                                new DataField(0, "v", DataTypes.STRING()),
                                new DataField(1, "dt", DataTypes.STRING())),
                        List.of("dt"),
                        Map.of(
                                "file.format", "csv",
                                "partition.expiration-time", "7 d",
                                "partition.expiration-check-interval", "10 min")));
    }

    @Test
    void runsAtTheFirstCommitThenOncePerIntervalAndSurvivesAFailure() throws IOException {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        FormatTable table = table(io);
        RecordingMetricGroup group = new RecordingMetricGroup();
        AtomicLong nanos = new AtomicLong();
        CommitterExpiration expiration =
                new CommitterExpiration(table, new CommitterMetrics(group), nanos::get);

        io.failOn(Op.LIST, 1);
        expiration.afterCommit();
        assertThat(group.count(CommitterMetrics.EXPIRATION_FAILURES)).isEqualTo(1);
        assertThat(dir.resolve("dt=2020-01-01")).exists();

        nanos.addAndGet(TimeUnit.MINUTES.toNanos(9));
        expiration.afterCommit();
        assertThat(dir.resolve("dt=2020-01-01")).as("not due yet").exists();

        nanos.addAndGet(TimeUnit.MINUTES.toNanos(1));
        expiration.afterCommit();
        assertThat(dir.resolve("dt=2020-01-01")).doesNotExist();
        assertThat(group.count(CommitterMetrics.EXPIRED_PARTITIONS)).isEqualTo(1);
        assertThat(group.count(CommitterMetrics.EXPIRATION_FAILURES)).isEqualTo(1);
    }
}
