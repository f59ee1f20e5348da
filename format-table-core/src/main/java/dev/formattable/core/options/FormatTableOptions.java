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

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Every option a format table understands, declared once with its default and description. */
public final class FormatTableOptions {

    /** The value of {@link #TYPE} that marks a format table. */
    public static final String FORMAT_TABLE_TYPE = "format-table";

    public static final ConfigOption<String> TYPE =
            ConfigOption.key("type")
                    .of(
                            String.class,
                            null,
                            "The kind of table. A format table is 'format-table'. It is read from"
                                    + " the stored schema only; a value given for one read or"
                                    + " write does not change what the table is.");

    public static final ConfigOption<String> FILE_FORMAT =
            ConfigOption.key("file.format")
                    .of(
                            String.class,
                            "parquet",
                            "The format of every data file of the table: 'parquet', 'orc', 'csv',"
                                    + " 'json' or 'text'.");

    public static final ConfigOption<String> FILE_COMPRESSION =
            ConfigOption.key("file.compression")
                    .fallbackKeys("format-table.file.compression")
                    .defaultDescription(
                            "snappy for parquet, zstd for orc, none for csv, json and text")
                    .of(
                            String.class,
                            null,
                            "The compression of the data files. 'format-table.file.compression'"
                                    + " is read when this key is absent, as Paimon does. Parquet accepts none, uncompressed,"
                                    + " snappy, gzip, lzo, brotli, lz4, lz4_raw and zstd; orc"
                                    + " accepts none, zlib, snappy, lzo, lz4 and zstd; csv, json and"
                                    + " text accept none, gzip, bzip2, deflate, snappy, lz4 and"
                                    + " zstd, compress each file as one stream and name it by"
                                    + " the compression ('.csv.gz'), as Paimon does.");

    public static final ConfigOption<Boolean> PARTITION_PATH_ONLY_VALUE =
            ConfigOption.key("format-table.partition-path-only-value")
                    .of(
                            Boolean.class,
                            false,
                            "Name partition directories by the value alone ('2024') instead of"
                                    + " 'key=value' ('year=2024').");

    public static final ConfigOption<String> PARTITION_DEFAULT_NAME =
            ConfigOption.key("partition.default-name")
                    .of(
                            String.class,
                            "__DEFAULT_PARTITION__",
                            "The directory name that stands for a NULL or blank partition"
                                    + " value.");

    public static final ConfigOption<Boolean> PARTITION_LEGACY_NAME =
            ConfigOption.key("partition.legacy-name")
                    .of(
                            Boolean.class,
                            true,
                            "Render partition values the way older Paimon versions did: a DATE"
                                    + " as its number of days since 1970-01-01. When false, a"
                                    + " DATE is written as yyyy-MM-dd. Reading accepts both.");

    public static final ConfigOption<String> PARTITION_TIMESTAMP_FRACTION =
            ConfigOption.key("partition.timestamp-fraction")
                    .of(
                            String.class,
                            "precision",
                            "How the fraction of a second of a TIMESTAMP partition value is"
                                    + " written (unless 'partition.legacy-name' is true):"
                                    + " 'precision' writes at least as many digits as the"
                                    + " column's precision ('10:00:00.000' for TIMESTAMP(3)), as"
                                    + " Paimon does; 'minimal' drops trailing zeros and a zero"
                                    + " fraction ('10:00:00'), as Hive and Spark do. Reading"
                                    + " accepts every spelling.");

    public static final ConfigOption<Boolean> DYNAMIC_PARTITION_OVERWRITE =
            ConfigOption.key("dynamic-partition-overwrite")
                    .of(
                            Boolean.class,
                            true,
                            "An overwrite without a static partition replaces only the partitions"
                                    + " it writes to. When false, it replaces the whole table.");

    public static final ConfigOption<MemorySize> TARGET_FILE_SIZE =
            ConfigOption.key("target-file-size")
                    .range(Range.positive())
                    .of(
                            MemorySize.class,
                            MemorySize.ofMebiBytes(256),
                            "A writer starts a new file once the one it fills reaches this"
                                    + " size.");

    public static final ConfigOption<Long> TARGET_FILE_ROW_NUM =
            ConfigOption.key("target-file-row-num")
                    .range(Range.positive())
                    .defaultDescription("(unbounded)")
                    .of(
                            Long.class,
                            null,
                            "A writer starts a new file once the one it fills holds this many"
                                    + " rows.");

    public static final ConfigOption<Integer> WRITE_MAX_OPEN_FILES =
            ConfigOption.key("write.max-open-files")
                    .range(Range.atLeast(1))
                    .of(
                            Integer.class,
                            32,
                            "The most files one writer keeps open at once. When a row arrives for"
                                    + " another partition while this many are open, the least"
                                    + " recently written file is finished and goes into the next"
                                    + " commit; this bounds a writer's memory however many"
                                    + " partitions it writes.");

    public static final ConfigOption<Boolean> WRITE_MULTIPART_UPLOAD =
            ConfigOption.key("write.multipart-upload")
                    .of(
                            Boolean.class,
                            true,
                            "On an object store (S3), write each data file as a multipart upload"
                                    + " to its final name and publish it by completing the"
                                    + " upload: no copy, no delete, nothing visible before the"
                                    + " commit. A published file cannot then be taken back, so a"
                                    + " failed commit is completed by committing again. False"
                                    + " stages files under '_temporary' and publishes them by"
                                    + " renames, which on an object store copy every byte, but"
                                    + " let a failed append take back what it published. Local"
                                    + " file systems and HDFS always stage and rename.");

    public static final ConfigOption<Integer> COMMIT_MAX_RETRIES =
            ConfigOption.key("commit.max-retries")
                    .range(Range.notNegative())
                    .of(
                            Integer.class,
                            3,
                            "How often an engine's committer tries a failed commit again (a"
                                    + " rename or delete the store refused once) before it fails"
                                    + " the job, waiting 100 ms before the first retry and twice"
                                    + " as long before each next, at most 10 s. A failed append"
                                    + " of staged files is taken back before it is tried again,"
                                    + " one of uploads (on an object store) is completed by the"
                                    + " retry, and committing again is safe, so a retry neither"
                                    + " loses nor repeats a row.");

    public static final ConfigOption<Duration> PARTITION_EXPIRATION_TIME =
            ConfigOption.key("partition.expiration-time")
                    .range(Range.atLeast(1, "1 ms"))
                    .of(
                            Duration.class,
                            null,
                            "How long a partition is kept (Paimon's key): a partition older than"
                                    + " this, by 'partition.expiration-strategy', is removed whole"
                                    + " by a writing job's committer, at most every"
                                    + " 'partition.expiration-check-interval', and by the"
                                    + " 'expire_partitions' procedure. A partition with files"
                                    + " a writer has staged and not yet published is kept. No"
                                    + " partition expires when unset.");

    public static final ConfigOption<Duration> PARTITION_EXPIRATION_CHECK_INTERVAL =
            ConfigOption.key("partition.expiration-check-interval")
                    .range(Range.atLeast(1, "1 ms"))
                    .defaultDescription("1 h")
                    .of(
                            Duration.class,
                            Duration.ofHours(1),
                            "How often a writing job's committer looks for expired partitions,"
                                    + " after a commit: at its first commit, then once this"
                                    + " interval has passed since the last look.");

    public static final ConfigOption<String> PARTITION_EXPIRATION_STRATEGY =
            ConfigOption.key("partition.expiration-strategy")
                    .of(
                            String.class,
                            "values-time",
                            "How a partition's age is told: 'values-time' from its values (see"
                                    + " 'partition.timestamp-pattern' and"
                                    + " 'partition.timestamp-formatter'), compared with the JVM's"
                                    + " local time; 'update-time' from the newest modification"
                                    + " time of its files.");

    public static final ConfigOption<String> PARTITION_TIMESTAMP_PATTERN =
            ConfigOption.key("partition.timestamp-pattern")
                    .of(
                            String.class,
                            null,
                            "How the 'values-time' strategy assembles a partition's time from its"
                                    + " values, naming keys with $: '$dt', '$dt $hr:00:00'. The"
                                    + " first partition key's value by default.");

    public static final ConfigOption<String> PARTITION_TIMESTAMP_FORMATTER =
            ConfigOption.key("partition.timestamp-formatter")
                    .of(
                            String.class,
                            null,
                            "The Java DateTimeFormatter pattern that parses the text"
                                    + " 'partition.timestamp-pattern' assembles, such as"
                                    + " 'yyyyMMdd'; fields it leaves out are the start of their"
                                    + " period. By default 'yyyy-MM-dd HH:mm:ss', 'yyyy-MM-dd"
                                    + " HH:mm' or 'yyyy-MM-dd'. A partition whose values do not"
                                    + " parse never expires.");

    public static final ConfigOption<Integer> PARTITION_EXPIRATION_MAX_NUM =
            ConfigOption.key("partition.expiration-max-num")
                    .range(Range.positive())
                    .of(
                            Integer.class,
                            100,
                            "The most partitions one expiration removes, oldest first; the rest"
                                    + " wait for the next.");

    public static final ConfigOption<String> DATA_FILE_PREFIX =
            ConfigOption.key("data-file.prefix")
                    .of(String.class, "data-", "The first part of every data file's name.");

    public static final ConfigOption<Boolean> FILE_SUFFIX_INCLUDE_COMPRESSION =
            ConfigOption.key("file.suffix.include.compression")
                    .of(
                            Boolean.class,
                            false,
                            "Put the compression in the file name before the format extension,"
                                    + " as in 'data-<uuid>-0.zst.orc'.");

    public static final ConfigOption<Boolean> SCAN_IGNORE_CORRUPT_FILES =
            ConfigOption.key("scan.ignore-corrupt-files")
                    .of(
                            Boolean.class,
                            false,
                            "Skip a data file that cannot be decoded (a bad footer, a"
                                    + " truncated file) instead of failing the read; a warning"
                                    + " names the skipped file.");

    public static final ConfigOption<Boolean> SCAN_IGNORE_LOST_FILES =
            ConfigOption.key("scan.ignore-lost-files")
                    .of(
                            Boolean.class,
                            false,
                            "Skip a data file that was listed but is gone when it is read"
                                    + " instead of failing the read; a warning names the skipped"
                                    + " file.");

    public static final ConfigOption<Integer> STATISTICS_HLL_LG_K =
            ConfigOption.key("statistics.hll.lg-k")
                    .range(Range.between(4, 21))
                    .of(
                            Integer.class,
                            12,
                            "The precision of the distinct-count sketches kept in partition"
                                    + " statistics: log2 of the number of buckets, 4 to 21. 12"
                                    + " gives about 1.6% standard error and about 2 KB per column"
                                    + " and partition; one more doubles the size and divides the"
                                    + " error by 1.4. Sketches of different precisions merge at"
                                    + " the lower one.");

    public static final ConfigOption<Boolean> METASTORE_PARTITIONED_TABLE =
            ConfigOption.key("metastore.partitioned-table")
                    .of(
                            Boolean.class,
                            false,
                            "Refused when true: a format table finds its partitions in its"
                                    + " directories, never in a metastore.");

    public static final ConfigOption<String> BRANCH =
            ConfigOption.key("branch")
                    .of(
                            String.class,
                            "main",
                            "Refused unless 'main': a format table keeps no metadata to branch.");

    public static final ConfigOption<String> PRIMARY_KEY =
            ConfigOption.key("primary-key")
                    .of(
                            String.class,
                            null,
                            "Refused when set: a directory of plain files cannot update rows by"
                                    + " key.");

    private static final List<ConfigOption<?>> ALL =
            List.of(
                    TYPE,
                    FILE_FORMAT,
                    FILE_COMPRESSION,
                    PARTITION_PATH_ONLY_VALUE,
                    PARTITION_DEFAULT_NAME,
                    PARTITION_LEGACY_NAME,
                    PARTITION_TIMESTAMP_FRACTION,
                    DYNAMIC_PARTITION_OVERWRITE,
                    TARGET_FILE_SIZE,
                    TARGET_FILE_ROW_NUM,
                    WRITE_MAX_OPEN_FILES,
                    WRITE_MULTIPART_UPLOAD,
                    COMMIT_MAX_RETRIES,
                    PARTITION_EXPIRATION_TIME,
                    PARTITION_EXPIRATION_CHECK_INTERVAL,
                    PARTITION_EXPIRATION_STRATEGY,
                    PARTITION_TIMESTAMP_PATTERN,
                    PARTITION_TIMESTAMP_FORMATTER,
                    PARTITION_EXPIRATION_MAX_NUM,
                    DATA_FILE_PREFIX,
                    FILE_SUFFIX_INCLUDE_COMPRESSION,
                    SCAN_IGNORE_CORRUPT_FILES,
                    SCAN_IGNORE_LOST_FILES,
                    STATISTICS_HLL_LG_K,
                    METASTORE_PARTITIONED_TABLE,
                    BRANCH,
                    PRIMARY_KEY);

    private FormatTableOptions() {}

    /** Every declared option, in documentation order, the line formats' last. */
    public static List<ConfigOption<?>> all() {
        List<ConfigOption<?>> all = new ArrayList<>(ALL);
        all.addAll(LineFormatOptions.all());
        return Collections.unmodifiableList(all);
    }
}
