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
package dev.formattable.flink.sink.partition;

import dev.formattable.core.FormatTable;
import dev.formattable.flink.config.PartitionCommitSettings;

import org.apache.flink.connector.file.table.PartitionCommitPolicy;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A custom partition commit policy, written as one is for Flink's {@code filesystem} connector,
 * that records each call with the data files its partition directory held at that moment (the tests
 * run their jobs in this JVM). Constructed with parameters, it records them as well.
 */
public class RecordingPolicy implements PartitionCommitPolicy {

    /** One call: the table, partition values, directory, the visible files, the parameters. */
    public static final class Call {
        public final String table;
        public final List<String> values;
        public final String path;
        public final List<String> files;
        public final List<String> parameters;

        Call(
                String table,
                List<String> values,
                String path,
                List<String> files,
                List<String> parameters) {
            this.table = table;
            this.values = values;
            this.path = path;
            this.files = files;
            this.parameters = parameters;
        }

        @Override
        public String toString() {
            return table + values + " " + files + " " + parameters;
        }
    }

    public static final Queue<Call> CALLS = new ConcurrentLinkedQueue<>();

    private final List<String> parameters;

    public RecordingPolicy() {
        this.parameters = List.of();
    }

    public RecordingPolicy(String first, String second) {
        this.parameters = List.of(first, second);
    }

    @Override
    public void commit(Context context) {
        File dir = new File(context.partitionPath().toUri().getPath());
        String[] names = dir.list((d, name) -> !name.startsWith("_") && !name.startsWith("."));
        CALLS.add(
                new Call(
                        context.tableName(),
                        new ArrayList<>(context.partitionValues()),
                        context.partitionPath().toString(),
                        names == null
                                ? List.of()
                                : new ArrayList<>(new TreeSet<>(Arrays.asList(names))),
                        parameters));
    }

    /** A policy that fails its first {@link #FAILURES} calls, then records like the others. */
    public static class FailingFirst extends RecordingPolicy {
        public static final java.util.concurrent.atomic.AtomicInteger FAILURES =
                new java.util.concurrent.atomic.AtomicInteger();

        /** The settings of a partition commit that writes the success file, then runs this. */
        public static PartitionCommitSettings afterSuccessFile(FormatTable table) {
            return PartitionCommitSettings.of(
                    Map.of(
                            "sink.partition-commit.policy.kind",
                            "success-file,custom",
                            "sink.partition-commit.policy.class",
                            FailingFirst.class.getName()),
                    table.layout(),
                    RecordingPolicy.class.getClassLoader());
        }

        @Override
        public void commit(Context context) {
            if (FAILURES.getAndDecrement() > 0) {
                throw new IllegalStateException("the downstream system is down once");
            }
            super.commit(context);
        }
    }

    /** A policy that fails, to see the failure named. */
    public static class Failing implements PartitionCommitPolicy {
        @Override
        public void commit(Context context) {
            throw new IllegalStateException("the downstream system is down");
        }
    }
}
