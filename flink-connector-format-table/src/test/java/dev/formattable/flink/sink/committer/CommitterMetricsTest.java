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
import dev.formattable.core.commit.CommitResult;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.RecordingMetricGroup;
import dev.formattable.flink.testutils.SinkTables;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;

/** The committer's gauges of time, read against a clock the test moves. */
class CommitterMetricsTest {

    @TempDir java.nio.file.Path dir;

    @Test
    void elapsedTimeCountsFromTheStartUntilACommitSucceedsAndFromItAfter() throws Exception {
        AtomicLong nanos = new AtomicLong(TimeUnit.DAYS.toNanos(3));
        RecordingMetricGroup group = new RecordingMetricGroup();
        CommitterMetrics metrics = new CommitterMetrics(group, nanos::get);
        FormatTable table = SinkTables.table(new FlinkFileIO(), dir, Map.of());
        FormatTableCommittable staged = SinkTables.stage(table, "job", row(1, "a"), row(2, "b"));

        nanos.addAndGet(TimeUnit.SECONDS.toNanos(70));
        assertThat(group.value(CommitterMetrics.ELAPSED_SINCE_SUCCESS)).isEqualTo(70L);
        assertThat(group.value(CommitterMetrics.LAST_COMMIT_DURATION)).isEqualTo(0L);

        long start = metrics.start();
        CommitResult result = table.newCommit().append(staged.messages());
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(1_500));
        metrics.succeeded(result, start);

        assertThat(group.value(CommitterMetrics.ELAPSED_SINCE_SUCCESS)).isEqualTo(0L);
        assertThat(group.value(CommitterMetrics.LAST_COMMIT_DURATION)).isEqualTo(1_500L);
        assertThat(group.count(CommitterMetrics.FILES)).isEqualTo(result.publishedFiles());
        assertThat(group.count(CommitterMetrics.RECORDS)).isEqualTo(2);

        nanos.addAndGet(TimeUnit.SECONDS.toNanos(12));
        metrics.retried();
        metrics.failed();
        assertThat(group.value(CommitterMetrics.ELAPSED_SINCE_SUCCESS)).isEqualTo(12L);
        assertThat(group.value(CommitterMetrics.LAST_COMMIT_DURATION)).isEqualTo(1_500L);
    }
}
