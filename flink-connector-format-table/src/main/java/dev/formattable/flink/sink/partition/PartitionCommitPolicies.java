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
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.config.PartitionCommitOptions;
import dev.formattable.flink.config.PartitionCommitSettings;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.table.PartitionCommitPolicy;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The commit policies of a sink, in the order the options list them, run for one partition after
 * another once the partition's data is published. The success file is written through the table's
 * {@code FileIO}; a custom policy is Flink's {@link PartitionCommitPolicy}, so a class written for
 * the {@code filesystem} connector runs unchanged.
 */
@Internal
public final class PartitionCommitPolicies implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PartitionCommitPolicies.class);

    private final FormatTable table;
    private final PartitionCommitSettings settings;
    private final List<PartitionCommitPolicy> policies;

    private PartitionCommitPolicies(
            FormatTable table,
            PartitionCommitSettings settings,
            List<PartitionCommitPolicy> policies) {
        this.table = table;
        this.settings = settings;
        this.policies = policies;
    }

    /**
     * Creates the policies, loading a custom one with {@code classLoader}. A custom policy that is
     * {@link AutoCloseable} is closed with the others.
     *
     * @throws IllegalStateException when the custom class cannot be made (it was checked when the
     *     table was planned, so its class path changed)
     */
    public static PartitionCommitPolicies create(
            FormatTable table, PartitionCommitSettings settings, ClassLoader classLoader) {
        List<PartitionCommitPolicy> policies = new ArrayList<>();
        for (String kind : settings.policies()) {
            policies.add(
                    kind.equals(PartitionCommitOptions.SUCCESS_FILE)
                            ? new SuccessFile(table, settings.successFileName())
                            : custom(settings, classLoader));
        }
        return new PartitionCommitPolicies(table, settings, policies);
    }

    private static PartitionCommitPolicy custom(
            PartitionCommitSettings settings, ClassLoader classLoader) {
        List<String> parameters = settings.policyParameters();
        Class<?>[] types = new Class<?>[parameters.size()];
        Arrays.fill(types, String.class);
        PartitionCommitPolicy policy;
        try {
            policy =
                    (PartitionCommitPolicy)
                            Class.forName(settings.policyClass(), true, classLoader)
                                    .getConstructor(types)
                                    .newInstance(parameters.toArray());
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
            Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
            throw new IllegalStateException(
                    String.format(
                            "Cannot create the partition commit policy '%s'='%s'",
                            PartitionCommitOptions.POLICY_CLASS.key(), settings.policyClass()),
                    cause);
        }
        return policy;
    }

    /** The directory, relative to the table, of the partition a message's file is published to. */
    public static String directoryOf(FormatTable table, CommitMessage message) {
        return PartitionValues.directoryOf(table, message);
    }

    /**
     * Commits partitions: every policy, in order, for each.
     *
     * @param directories the partitions' directories relative to the table ("" for the table of an
     *     unpartitioned one)
     * @throws IOException naming the partition and the policy that failed
     */
    public void commit(List<String> directories) throws IOException {
        for (String directory : directories) {
            Context context =
                    new Context(
                            settings,
                            table.layout().keys(),
                            PartitionValues.of(table.layout(), directory),
                            directory.isEmpty()
                                    ? table.qualifiedLocation()
                                    : table.qualifiedLocation().resolve(directory));
            for (PartitionCommitPolicy policy : policies) {
                try {
                    policy.commit(context);
                } catch (Exception e) {
                    // The policy interface declares Exception; name what failed.
                    throw new IOException(failure(policy, context), e);
                }
            }
            LOG.info(
                    "Committed partition {} of {} ({})",
                    context.partitionSpec(),
                    table.location(),
                    settings.policies());
        }
    }

    private static String failure(PartitionCommitPolicy policy, Context context) {
        return "Partition commit policy "
                + policy.getClass().getName()
                + " failed on partition "
                + context.partitionSpec()
                + " at "
                + context.partitionPath();
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (PartitionCommitPolicy policy : policies) {
            if (!(policy instanceof AutoCloseable)) {
                continue;
            }
            try {
                ((AutoCloseable) policy).close();
            } catch (Exception e) {
                // AutoCloseable declares Exception; close the others anyway.
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                if (failure == null) {
                    failure =
                            new IOException(
                                    "Cannot close partition commit policy "
                                            + policy.getClass().getName(),
                                    e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** What a policy is told about the partition it commits. */
    private static final class Context implements PartitionCommitPolicy.Context {

        private final PartitionCommitSettings settings;
        private final List<String> keys;
        private final List<String> values;
        private final Path directory;

        Context(
                PartitionCommitSettings settings,
                List<String> keys,
                List<String> values,
                Path directory) {
            this.settings = settings;
            this.keys = keys;
            this.values = values;
            this.directory = directory;
        }

        @Override
        public String catalogName() {
            return settings.catalogName();
        }

        @Override
        public String databaseName() {
            return settings.databaseName();
        }

        @Override
        public String tableName() {
            return settings.tableName();
        }

        @Override
        public List<String> partitionKeys() {
            return keys;
        }

        @Override
        public List<String> partitionValues() {
            return values;
        }

        @Override
        public org.apache.flink.core.fs.Path partitionPath() {
            return new org.apache.flink.core.fs.Path(directory.toString());
        }

        Path directory() {
            return directory;
        }
    }

    /**
     * Writes an empty file of the given name into the partition's directory, replacing one there.
     * An empty file is whole from the moment it exists, on an object store (one PUT) as elsewhere.
     * A directory that is gone by now (a partition dropped meanwhile) is not created again.
     */
    private static final class SuccessFile implements PartitionCommitPolicy {

        private final FormatTable table;
        private final String name;

        SuccessFile(FormatTable table, String name) {
            this.table = table;
            this.name = name;
        }

        @Override
        public void commit(PartitionCommitPolicy.Context context) throws IOException {
            Path directory = ((PartitionCommitPolicies.Context) context).directory();
            if (!table.fileIO().exists(directory)) {
                LOG.warn(
                        "Partition {} of {} is gone; no success file written",
                        context.partitionSpec(),
                        table.location());
                return;
            }
            PositionOutputStream out = table.fileIO().newOutputStream(directory.child(name), true);
            out.close();
        }
    }
}
