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
package dev.formattable.core.options;

import java.io.Serializable;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The validated, typed options of one format table: stored options merged with a call's options and
 * checked as a whole, so a refused option is refused wherever it came from.
 */
public final class TableOptions implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Options options;
    private final FileFormat format;
    private final String compression;

    private TableOptions(Options options) {
        this.options = options;
        this.format = FileFormat.fromIdentifier(options.get(FormatTableOptions.FILE_FORMAT));
        this.compression = validateCompression(options, format);
        validate(options);
        LineFormatOptions.validate(options, format);
    }

    /** Validates options that are already merged. */
    public static TableOptions of(Options options) {
        return new TableOptions(options);
    }

    /** Merges stored and call options (see {@link Options#merge}) and validates the result. */
    public static TableOptions merge(Map<String, String> stored, Map<String, String> dynamic) {
        return new TableOptions(Options.merge(stored, dynamic));
    }

    private static void validate(Options options) {
        // Read every declared option once, so that a value of the wrong type (a boolean given as
        // 'yes') or outside the option's range is refused here rather than when some later code
        // first reads it.
        for (ConfigOption<?> option : FormatTableOptions.all()) {
            Object value = options.get(option);
            if (value != null && option.range().isPresent()) {
                option.range()
                        .get()
                        .check(
                                options.keyInUse(option),
                                options.getRaw(option).orElse(String.valueOf(value)),
                                value instanceof MemorySize
                                        ? ((MemorySize) value).getBytes()
                                        : value instanceof Duration
                                                ? ((Duration) value).toMillis()
                                                : ((Number) value).longValue());
            }
        }
        // Refused when the table is opened, not when an expiration first runs.
        ExpirationStrategy.of(
                options.keyInUse(FormatTableOptions.PARTITION_EXPIRATION_STRATEGY),
                options.get(FormatTableOptions.PARTITION_EXPIRATION_STRATEGY));
        String type = options.get(FormatTableOptions.TYPE);
        if (type != null && !type.equals(FormatTableOptions.FORMAT_TABLE_TYPE)) {
            throw Range.refused(
                    FormatTableOptions.TYPE.key(),
                    type,
                    "is not a format table; expected '"
                            + FormatTableOptions.FORMAT_TABLE_TYPE
                            + "'");
        }
        if (options.get(FormatTableOptions.METASTORE_PARTITIONED_TABLE)) {
            throw Range.refused(
                    FormatTableOptions.METASTORE_PARTITIONED_TABLE.key(),
                    options.getRaw(FormatTableOptions.METASTORE_PARTITIONED_TABLE).orElse(""),
                    "is not supported: a format table discovers its partitions from directories");
        }
        String branch = options.get(FormatTableOptions.BRANCH);
        if (!branch.equals(FormatTableOptions.BRANCH.defaultValue())) {
            throw Range.refused(
                    FormatTableOptions.BRANCH.key(),
                    branch,
                    "is not supported: a format table has only the main branch");
        }
        String primaryKey = options.get(FormatTableOptions.PRIMARY_KEY);
        if (primaryKey != null) {
            throw Range.refused(
                    FormatTableOptions.PRIMARY_KEY.key(),
                    primaryKey,
                    "is not supported: a format table only accepts inserts");
        }
        String defaultName = options.get(FormatTableOptions.PARTITION_DEFAULT_NAME);
        if (defaultName.isBlank() || defaultName.contains("/")) {
            throw Range.refused(
                    FormatTableOptions.PARTITION_DEFAULT_NAME.key(),
                    defaultName,
                    "must be a non-blank directory name");
        }
        String prefix = options.get(FormatTableOptions.DATA_FILE_PREFIX);
        if (prefix.contains("/") || prefix.startsWith("_") || prefix.startsWith(".")) {
            throw Range.refused(
                    FormatTableOptions.DATA_FILE_PREFIX.key(),
                    prefix,
                    "must not contain '/' nor start with '_' or '.', which would hide the files");
        }
    }

    private static String validateCompression(Options options, FileFormat format) {
        String raw = options.get(FormatTableOptions.FILE_COMPRESSION);
        if (raw == null) {
            return format.defaultCompression();
        }
        String normalized = raw.trim().toLowerCase(Locale.ROOT);
        if (!format.compressions().contains(normalized)) {
            throw Range.refused(
                    options.keyInUse(FormatTableOptions.FILE_COMPRESSION),
                    raw,
                    "is not a compression of "
                            + format.identifier()
                            + "; supported: "
                            + String.join(", ", format.compressions()));
        }
        return normalized;
    }

    public Options options() {
        return options;
    }

    public <T> T get(ConfigOption<T> option) {
        return options.get(option);
    }

    public FileFormat format() {
        return format;
    }

    /** The compression in lower case, with the format's default applied. */
    public String compression() {
        return compression;
    }

    public boolean partitionPathOnlyValue() {
        return options.get(FormatTableOptions.PARTITION_PATH_ONLY_VALUE);
    }

    public String defaultPartitionName() {
        return options.get(FormatTableOptions.PARTITION_DEFAULT_NAME);
    }

    public boolean legacyPartitionName() {
        return options.get(FormatTableOptions.PARTITION_LEGACY_NAME);
    }

    /**
     * Whether TIMESTAMP partition values are named without trailing fractional zeros.
     *
     * @throws IllegalArgumentException naming the key and value when it is neither 'precision' nor
     *     'minimal'
     */
    public boolean minimalTimestampFraction() {
        String value = options.get(FormatTableOptions.PARTITION_TIMESTAMP_FRACTION);
        switch (value) {
            case "precision":
                return false;
            case "minimal":
                return true;
            default:
                throw new IllegalArgumentException(
                        String.format(
                                "Option '%s'='%s' must be 'precision' or 'minimal'",
                                FormatTableOptions.PARTITION_TIMESTAMP_FRACTION.key(), value));
        }
    }

    public boolean dynamicPartitionOverwrite() {
        return options.get(FormatTableOptions.DYNAMIC_PARTITION_OVERWRITE);
    }

    public long targetFileSize() {
        return options.get(FormatTableOptions.TARGET_FILE_SIZE).getBytes();
    }

    /** The row target, or {@link Long#MAX_VALUE} when unbounded. */
    public long targetFileRowNum() {
        Long rows = options.get(FormatTableOptions.TARGET_FILE_ROW_NUM);
        return rows == null ? Long.MAX_VALUE : rows;
    }

    public int maxOpenFiles() {
        return options.get(FormatTableOptions.WRITE_MAX_OPEN_FILES);
    }

    /** Whether files on an object store are written as uploads to their final names. */
    public boolean multipartUpload() {
        return options.get(FormatTableOptions.WRITE_MULTIPART_UPLOAD);
    }

    /** How long a partition is kept, or empty when partitions never expire. */
    public Optional<Duration> partitionExpirationTime() {
        return Optional.ofNullable(options.get(FormatTableOptions.PARTITION_EXPIRATION_TIME));
    }

    public Duration partitionExpirationCheckInterval() {
        return options.get(FormatTableOptions.PARTITION_EXPIRATION_CHECK_INTERVAL);
    }

    public ExpirationStrategy partitionExpirationStrategy() {
        return ExpirationStrategy.of(
                options.keyInUse(FormatTableOptions.PARTITION_EXPIRATION_STRATEGY),
                options.get(FormatTableOptions.PARTITION_EXPIRATION_STRATEGY));
    }

    /** The pattern assembling a partition's time from its values, or null for the first value. */
    public String partitionTimestampPattern() {
        return options.get(FormatTableOptions.PARTITION_TIMESTAMP_PATTERN);
    }

    /** The formatter parsing a partition's time, or null for the defaults. */
    public String partitionTimestampFormatter() {
        return options.get(FormatTableOptions.PARTITION_TIMESTAMP_FORMATTER);
    }

    public int partitionExpirationMaxNum() {
        return options.get(FormatTableOptions.PARTITION_EXPIRATION_MAX_NUM);
    }

    public int commitMaxRetries() {
        return options.get(FormatTableOptions.COMMIT_MAX_RETRIES);
    }

    public String dataFilePrefix() {
        return options.get(FormatTableOptions.DATA_FILE_PREFIX);
    }

    /** The compression of a line format's files, as their names carry it. */
    public LineCompression lineCompression() {
        return LineCompression.of(compression);
    }

    public boolean fileSuffixIncludeCompression() {
        return options.get(FormatTableOptions.FILE_SUFFIX_INCLUDE_COMPRESSION);
    }

    public boolean ignoreCorruptFiles() {
        return options.get(FormatTableOptions.SCAN_IGNORE_CORRUPT_FILES);
    }

    /** The lgK of the sketches of partition statistics. */
    public int statisticsHllLgK() {
        return options.get(FormatTableOptions.STATISTICS_HLL_LG_K);
    }

    public boolean ignoreLostFiles() {
        return options.get(FormatTableOptions.SCAN_IGNORE_LOST_FILES);
    }
}
