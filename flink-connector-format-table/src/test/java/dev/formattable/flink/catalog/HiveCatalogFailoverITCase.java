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
package dev.formattable.flink.catalog;

import dev.formattable.flink.testutils.MetastoreOutage;
import dev.formattable.flink.testutils.StreamingWriteTestBase;
import dev.formattable.hive.testutils.HiveMetastoreExtension;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.CommonTestUtils;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.types.Row;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A streaming job writing into a table of a Hive Metastore catalog while the metastore goes down
 * under its commits: the commit whose registration fails fails the job, the restored job's replay
 * registers what was published, and the job ends with every row once and the metastore's partitions
 * and the directories in agreement.
 */
class HiveCatalogFailoverITCase extends StreamingWriteTestBase {

    @RegisterExtension static final HiveMetastoreExtension HMS = new HiveMetastoreExtension();

    private static final long ROWS = 3_000;
    private static final int PARTITIONS = 4;

    @TempDir Path dir;

    private static String catalog(String name, String uri, Path warehouse) {
        return "CREATE CATALOG "
                + name
                + " WITH ('type'='format-table', 'metastore'='hive', 'uri'='"
                + uri
                + "', 'warehouse'='"
                + warehouse.toUri()
                + "')";
    }

    @Test
    void aMetastoreDownDuringCommitsLosesNoPartitionAndRegistersEachOnce(
            @InjectMiniCluster MiniCluster cluster) throws Exception {
        Path warehouse = dir.resolve("warehouse");
        try (MetastoreOutage outage = new MetastoreOutage(HiveMetastoreExtension.uri())) {
            Configuration restarts = new Configuration();
            restarts.setString("restart-strategy.fixed-delay.attempts", "20");
            StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 200, restarts);
            DataStream<Row> rows = generate(env, ROWS, PARTITIONS, 50, 1_500);
            StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
            tEnv.executeSql(catalog("h", outage.uri(), warehouse));
            tEnv.executeSql("CREATE DATABASE h.failover");
            tEnv.executeSql(
                    "CREATE TABLE h.failover.t (id BIGINT, payload STRING, p INT)"
                            + " PARTITIONED BY (p) WITH ('file.format'='parquet')");
            tEnv.createTemporaryView("src", rows);
            TableResult result =
                    tEnv.executeSql("INSERT INTO h.failover.t SELECT id, payload, p FROM src");
            // Planned and submitted: the metastore goes down under the commits, and comes back
            // once a failed commit has made the job restart.
            outage.down();
            JobID job = jobId(result);
            CommonTestUtils.waitUntilCondition(
                    () -> restarted(cluster.getExecutionGraph(job).get()));
            outage.up();
            result.await(3, TimeUnit.MINUTES);

            AccessExecutionGraph graph = finishedJob(cluster, job);
            assertThat(outage.refused()).as("connections refused").isPositive();
        }

        // Read through the metastore itself: only registered partitions are read.
        TableEnvironment batch = batchEnv();
        exec(batch, catalog("direct", HiveMetastoreExtension.uri(), warehouse));
        assertThat(
                        query(
                                batch,
                                "SELECT count(*), count(DISTINCT id), min(id), max(id),"
                                        + " sum(CASE WHEN p = CAST(id / 50 % "
                                        + PARTITIONS
                                        + " AS INT) THEN 1 ELSE 0 END) FROM direct.failover.t"))
                .containsExactly(
                        "+I[" + ROWS + ", " + ROWS + ", 0, " + (ROWS - 1) + ", " + ROWS + "]");

        Path table =
                Path.of(URI.create(HMS.client().getTable("failover", "t").getSd().getLocation()));
        List<String> registered =
                new ArrayList<>(HMS.client().listPartitionNames("failover", "t", (short) -1));
        registered.sort(null);
        assertThat(registered).isEqualTo(directoriesWithData(table));
        assertThat(registered).hasSize(PARTITIONS);
        assertThat(stagedFiles(table)).as("staged files left below the table").isEmpty();
    }

    private static List<String> directoriesWithData(Path table) throws Exception {
        try (Stream<Path> dirs = Files.list(table)) {
            return dirs.filter(Files::isDirectory)
                    .filter(d -> d.getFileName().toString().startsWith("p="))
                    .filter(HiveCatalogFailoverITCase::holdsData)
                    .map(d -> d.getFileName().toString())
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    private static boolean holdsData(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(
                    f -> Files.isRegularFile(f) && !f.getFileName().toString().startsWith("."));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
