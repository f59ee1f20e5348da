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
package dev.formattable.bench;

import dev.formattable.bench.Sql.Side;
import dev.formattable.testing.HeapWatch;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

/**
 * The child JVM of {@link HeapBenchmark}: one streaming job (checkpoints every 2 s) writing rows
 * spread over 100 x 100 partitions. Prints one line: {@code RESULT <max heap after GC in bytes>}.
 * The heap after a collection is what the job really holds; the heap before one also counts
 * garbage, which depends on the collector's mood.
 */
public final class HeapJob {

    private HeapJob() {}

    public static void main(String[] args) throws Exception {
        Side side = Side.valueOf(args[0]);
        String format = args[1];
        String path = args[2];
        long rows = Long.parseLong(args[3]);
        HeapWatch heap = HeapWatch.start();

        Configuration conf = new Configuration();
        // One writer; a checkpoint every 20 s, so a run is one or two checkpoints, not thousands of
        // tiny files per partition.
        conf.setString("parallelism.default", "1");
        conf.setString("execution.checkpointing.interval", "20 s");
        // A failure (out of heap) ends the run instead of restarting it.
        conf.setString("restart-strategy.type", "none");
        // 10,000 committables outgrow the JobManager's 5 MB in-memory checkpoint limit.
        conf.setString("execution.checkpointing.storage", "filesystem");
        conf.setString("execution.checkpointing.dir", args[4]);
        conf.setString("execution.checkpointing.checkpoints-after-tasks-finish.enabled", "true");
        TableEnvironment streaming =
                Sql.env(EnvironmentSettings.newInstance().inStreamingMode(), conf, 1);
        Sql.createGenerator(streaming, "gen", rows);
        String columns = "id BIGINT, v INT, s STRING, p1 INT, p2 INT";
        Sql.createTable(streaming, "sink", side, format, path, columns, "p1, p2");
        Sql.run(
                streaming,
                "INSERT INTO sink SELECT id, CAST(MOD(id, 1000) AS INT),"
                        + " CONCAT('v', CAST(id AS STRING)), CAST(MOD(id, 100) AS INT),"
                        + " CAST(MOD(id, 10000) - MOD(id, 100) AS INT) FROM gen");
        heap.stop();
        System.out.println("RESULT " + heap.peakAfterGc());
        System.exit(0);
    }
}
