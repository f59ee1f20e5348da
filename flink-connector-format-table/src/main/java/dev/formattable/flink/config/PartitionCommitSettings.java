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
package dev.formattable.flink.config;

import dev.formattable.core.partition.PartitionLayout;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.table.PartitionCommitPolicy;
import org.apache.flink.connector.file.table.PartitionTimeExtractor;

import java.io.Serializable;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.formattable.flink.config.PartitionCommitOptions.CUSTOM;
import static dev.formattable.flink.config.PartitionCommitOptions.DEFAULT_EXTRACTOR;
import static dev.formattable.flink.config.PartitionCommitOptions.METASTORE;
import static dev.formattable.flink.config.PartitionCommitOptions.PARTITION_TIME;
import static dev.formattable.flink.config.PartitionCommitOptions.PROCESS_TIME;
import static dev.formattable.flink.config.PartitionCommitOptions.SUCCESS_FILE;

/**
 * The partition commit of a sink, read from the table's options and checked against its partition
 * keys when the table is planned: unknown kinds, classes that are missing or of the wrong type, a
 * pattern naming an unknown key and {@code partition-time} on an unpartitioned table are refused by
 * name.
 */
@PublicEvolving
public final class PartitionCommitSettings implements Serializable {

    private static final long serialVersionUID = 1L;

    private static final Pattern KEY_REFERENCE = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)");

    private final LinkedHashMap<String, String> options;
    private final List<String> policies;
    private final boolean partitionTime;
    private final long delayMillis;
    private final String timeZone;
    private final String successFileName;
    private final String[] tableName;

    private PartitionCommitSettings(
            Map<String, String> options,
            List<String> policies,
            boolean partitionTime,
            long delayMillis,
            String timeZone,
            String successFileName,
            String[] tableName) {
        this.options = new LinkedHashMap<>(options);
        this.policies = policies;
        this.partitionTime = partitionTime;
        this.delayMillis = delayMillis;
        this.timeZone = timeZone;
        this.successFileName = successFileName;
        this.tableName = tableName;
    }

    /**
     * Reads and checks the partition commit options of a table.
     *
     * @param options the table's options as given (other keys are ignored)
     * @param classLoader where custom policy and extractor classes are found
     * @throws IllegalArgumentException {@code "'key'='value' ..."} for a refused option
     */
    public static PartitionCommitSettings of(
            Map<String, String> options, PartitionLayout layout, ClassLoader classLoader) {
        return of(options, layout, false, classLoader);
    }

    /**
     * Reads and checks the partition commit options of a table.
     *
     * @param options the table's options as given (other keys are ignored)
     * @param partitionsRegistered whether the table's catalog keeps a partition list, which every
     *     commit updates: then the 'metastore' policy is accepted, its work being done already
     * @param classLoader where custom policy and extractor classes are found
     * @throws IllegalArgumentException {@code "'key'='value' ..."} for a refused option
     */
    public static PartitionCommitSettings of(
            Map<String, String> options,
            PartitionLayout layout,
            boolean partitionsRegistered,
            ClassLoader classLoader) {
        Configuration conf = Configuration.fromMap(options);
        String trigger = OptionValues.get(conf, options, PartitionCommitOptions.TRIGGER).trim();
        if (!trigger.equals(PROCESS_TIME) && !trigger.equals(PARTITION_TIME)) {
            throw OptionValues.refused(
                    options,
                    PartitionCommitOptions.TRIGGER,
                    "is not a trigger; use '" + PROCESS_TIME + "' or '" + PARTITION_TIME + "'");
        }
        boolean partitionTime = trigger.equals(PARTITION_TIME);
        if (partitionTime && !layout.isPartitioned()) {
            throw OptionValues.refused(
                    options,
                    PartitionCommitOptions.TRIGGER,
                    "needs partition keys to take a time from, but the table is unpartitioned");
        }
        long delay = OptionValues.get(conf, options, PartitionCommitOptions.DELAY).toMillis();
        if (delay < 0) {
            throw OptionValues.refused(
                    options, PartitionCommitOptions.DELAY, "must not be negative");
        }
        String zone = OptionValues.get(conf, options, PartitionCommitOptions.WATERMARK_TIME_ZONE);
        try {
            ZoneId.of(zone);
        } catch (DateTimeException e) {
            throw OptionValues.refused(
                    options,
                    PartitionCommitOptions.WATERMARK_TIME_ZONE,
                    "is not a time zone: " + e.getMessage());
        }
        checkExtractor(conf, options, layout, classLoader);
        String successFile =
                OptionValues.get(conf, options, PartitionCommitOptions.SUCCESS_FILE_NAME);
        if (!PartitionLayout.isHidden(successFile) || successFile.contains("/")) {
            throw OptionValues.refused(
                    options,
                    PartitionCommitOptions.SUCCESS_FILE_NAME,
                    "must be a file name starting with '_' or '.', which every reader skips;"
                            + " any other name would be read as a data file");
        }
        List<String> policies = policies(conf, options, partitionsRegistered, classLoader);
        return new PartitionCommitSettings(
                options,
                policies,
                partitionTime,
                delay,
                zone,
                successFile,
                new String[] {"", "", ""});
    }

    private static List<String> policies(
            Configuration conf,
            Map<String, String> options,
            boolean partitionsRegistered,
            ClassLoader classLoader) {
        String kinds = conf.get(PartitionCommitOptions.POLICY_KIND);
        List<String> policies = new ArrayList<>();
        if (kinds == null || kinds.isBlank()) {
            return policies;
        }
        for (String raw : kinds.split(",")) {
            String kind = raw.trim().toLowerCase(Locale.ROOT);
            if (kind.equals(METASTORE)) {
                if (partitionsRegistered) {
                    // Every commit registers its partitions before they count as published,
                    // earlier than any trigger: nothing is left for the policy to do.
                    continue;
                }
                throw OptionValues.refused(
                        options,
                        PartitionCommitOptions.POLICY_KIND,
                        "names the 'metastore' policy, but this table is in no catalog that keeps"
                                + " a partition list (such as 'metastore'='hive'): its partitions"
                                + " are its directories, found by listing. Use '"
                                + SUCCESS_FILE
                                + "' or '"
                                + CUSTOM
                                + "'");
            }
            if (!kind.equals(SUCCESS_FILE) && !kind.equals(CUSTOM)) {
                throw OptionValues.refused(
                        options,
                        PartitionCommitOptions.POLICY_KIND,
                        "names an unknown policy '"
                                + raw.trim()
                                + "'; the policies are '"
                                + SUCCESS_FILE
                                + "' and '"
                                + CUSTOM
                                + "'");
            }
            if (!policies.contains(kind)) {
                policies.add(kind);
            }
        }
        if (policies.contains(CUSTOM)) {
            int arity =
                    conf.getOptional(PartitionCommitOptions.POLICY_CLASS_PARAMETERS)
                            .map(List::size)
                            .orElse(0);
            checkClass(
                    options,
                    PartitionCommitOptions.POLICY_CLASS,
                    PartitionCommitPolicy.class,
                    arity,
                    classLoader,
                    "the 'custom' policy");
        }
        return policies;
    }

    private static void checkExtractor(
            Configuration conf,
            Map<String, String> options,
            PartitionLayout layout,
            ClassLoader classLoader) {
        String kind = OptionValues.get(conf, options, PartitionCommitOptions.EXTRACTOR_KIND).trim();
        if (kind.equals(CUSTOM)) {
            checkClass(
                    options,
                    PartitionCommitOptions.EXTRACTOR_CLASS,
                    PartitionTimeExtractor.class,
                    0,
                    classLoader,
                    "the 'custom' time extractor");
        } else if (!kind.equals(DEFAULT_EXTRACTOR)) {
            throw OptionValues.refused(
                    options,
                    PartitionCommitOptions.EXTRACTOR_KIND,
                    "is not an extractor kind; use '"
                            + DEFAULT_EXTRACTOR
                            + "' or '"
                            + CUSTOM
                            + "'");
        }
        String pattern = conf.get(PartitionCommitOptions.EXTRACTOR_PATTERN);
        if (pattern != null) {
            Matcher m = KEY_REFERENCE.matcher(pattern);
            while (m.find()) {
                if (!layout.keys().contains(m.group(1))) {
                    throw OptionValues.refused(
                            options,
                            PartitionCommitOptions.EXTRACTOR_PATTERN,
                            "names '$"
                                    + m.group(1)
                                    + "', which is not a partition key; the partition keys are "
                                    + layout.keys());
                }
            }
        }
        String formatter = conf.get(PartitionCommitOptions.EXTRACTOR_FORMATTER);
        if (formatter != null) {
            try {
                DateTimeFormatter.ofPattern(formatter);
            } catch (IllegalArgumentException e) {
                throw OptionValues.refused(
                        options,
                        PartitionCommitOptions.EXTRACTOR_FORMATTER,
                        "is not a date-time pattern: " + e.getMessage());
            }
        }
    }

    private static void checkClass(
            Map<String, String> options,
            ConfigOption<String> option,
            Class<?> expected,
            int stringArguments,
            ClassLoader classLoader,
            String what) {
        String name = options.get(option.key());
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(
                    String.format("'%s' must be set for %s", option.key(), what));
        }
        Class<?> type;
        try {
            type = Class.forName(name.trim(), false, classLoader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw OptionValues.refused(
                    options, option, "names a class that cannot be loaded: " + e);
        }
        if (!expected.isAssignableFrom(type)) {
            throw OptionValues.refused(options, option, "does not implement " + expected.getName());
        }
        Class<?>[] parameters = new Class<?>[stringArguments];
        Arrays.fill(parameters, String.class);
        try {
            type.getConstructor(parameters);
        } catch (NoSuchMethodException e) {
            throw OptionValues.refused(
                    options,
                    option,
                    "has no public constructor taking "
                            + (stringArguments == 0
                                    ? "no arguments"
                                    : stringArguments + " String arguments")
                            + " (see '"
                            + PartitionCommitOptions.POLICY_CLASS_PARAMETERS.key()
                            + "')");
        }
    }

    /** The same settings, with the names a custom policy is told its table has. */
    public PartitionCommitSettings withTableName(String catalog, String database, String table) {
        return new PartitionCommitSettings(
                options,
                policies,
                partitionTime,
                delayMillis,
                timeZone,
                successFileName,
                new String[] {catalog, database, table});
    }

    /** Whether partitions are committed at all: some policy is configured. */
    public boolean enabled() {
        return !policies.isEmpty();
    }

    /** The policy kinds, in the order they run. */
    public List<String> policies() {
        return policies;
    }

    public boolean partitionTimeTrigger() {
        return partitionTime;
    }

    public long delayMillis() {
        return delayMillis;
    }

    public ZoneId watermarkTimeZone() {
        return ZoneId.of(timeZone);
    }

    public String successFileName() {
        return successFileName;
    }

    /** The table's options as given, read through the partition commit's declarations. */
    public Configuration configuration() {
        return Configuration.fromMap(options);
    }

    public String catalogName() {
        return tableName[0];
    }

    public String databaseName() {
        return tableName[1];
    }

    public String tableName() {
        return tableName[2];
    }

    /** The custom policy's class and its constructor's arguments. */
    public String policyClass() {
        return options.get(PartitionCommitOptions.POLICY_CLASS.key()).trim();
    }

    public List<String> policyParameters() {
        return configuration()
                .getOptional(PartitionCommitOptions.POLICY_CLASS_PARAMETERS)
                .orElse(List.of());
    }

    /** The time extractor, as Flink's {@code filesystem} connector makes it. */
    public PartitionTimeExtractor newTimeExtractor(ClassLoader classLoader) {
        Configuration conf = configuration();
        return PartitionTimeExtractor.create(
                classLoader,
                conf.get(PartitionCommitOptions.EXTRACTOR_KIND).trim(),
                conf.get(PartitionCommitOptions.EXTRACTOR_CLASS) == null
                        ? null
                        : conf.get(PartitionCommitOptions.EXTRACTOR_CLASS).trim(),
                conf.get(PartitionCommitOptions.EXTRACTOR_PATTERN),
                conf.get(PartitionCommitOptions.EXTRACTOR_FORMATTER));
    }
}
