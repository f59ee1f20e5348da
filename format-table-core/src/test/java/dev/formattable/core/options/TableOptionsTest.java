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

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TableOptionsTest {

    private static TableOptions of(Map<String, String> options) {
        return TableOptions.of(new Options(options));
    }

    @Test
    void defaults() {
        TableOptions options = of(Map.of());
        assertThat(options.format()).isEqualTo(FileFormat.PARQUET);
        assertThat(options.compression()).isEqualTo("snappy");
        assertThat(options.defaultPartitionName()).isEqualTo("__DEFAULT_PARTITION__");
        assertThat(options.legacyPartitionName()).isTrue();
        assertThat(options.minimalTimestampFraction()).isFalse();
        assertThat(options.dynamicPartitionOverwrite()).isTrue();
        assertThat(options.targetFileSize()).isEqualTo(256L * 1024 * 1024);
        assertThat(options.targetFileRowNum()).isEqualTo(Long.MAX_VALUE);
        assertThat(options.dataFilePrefix()).isEqualTo("data-");
        assertThat(options.partitionPathOnlyValue()).isFalse();
        assertThat(options.fileSuffixIncludeCompression()).isFalse();
        assertThat(options.ignoreCorruptFiles()).isFalse();
        assertThat(options.ignoreLostFiles()).isFalse();
        assertThat(options.get(FormatTableOptions.BRANCH)).isEqualTo("main");
        assertThat(options.get(FormatTableOptions.TYPE)).isNull();
    }

    @Test
    void orcDefaultsToZstd() {
        TableOptions options = of(Map.of("file.format", "orc"));
        assertThat(options.format()).isEqualTo(FileFormat.ORC);
        assertThat(options.compression()).isEqualTo("zstd");
    }

    @Test
    void formatAndCompressionAreCaseInsensitive() {
        TableOptions options = of(Map.of("file.format", "ORC", "file.compression", "ZLIB"));
        assertThat(options.format()).isEqualTo(FileFormat.ORC);
        assertThat(options.compression()).isEqualTo("zlib");
    }

    @Test
    void setValuesAreRead() {
        TableOptions options =
                of(
                        Map.of(
                                "target-file-size", "128mb",
                                "target-file-row-num", "1000",
                                "partition.legacy-name", "false",
                                "dynamic-partition-overwrite", "FALSE",
                                "partition.default-name", "null_part",
                                "data-file.prefix", "part-",
                                "format-table.partition-path-only-value", "true"));
        assertThat(options.targetFileSize()).isEqualTo(128L << 20);
        assertThat(options.targetFileRowNum()).isEqualTo(1000);
        assertThat(options.legacyPartitionName()).isFalse();
        assertThat(options.dynamicPartitionOverwrite()).isFalse();
        assertThat(options.defaultPartitionName()).isEqualTo("null_part");
        assertThat(options.dataFilePrefix()).isEqualTo("part-");
        assertThat(options.partitionPathOnlyValue()).isTrue();
    }

    @Test
    void theTimestampFractionIsPrecisionOrMinimal() {
        assertThat(of(Map.of("partition.timestamp-fraction", "minimal")).minimalTimestampFraction())
                .isTrue();
        assertThatThrownBy(
                        () ->
                                of(Map.of("partition.timestamp-fraction", "shortest"))
                                        .minimalTimestampFraction())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Option 'partition.timestamp-fraction'='shortest' must be 'precision' or"
                                + " 'minimal'");
    }

    @Test
    void fileCompressionWinsOverFallbackKey() {
        TableOptions options =
                of(
                        Map.of(
                                "file.compression", "gzip",
                                "format-table.file.compression", "zstd"));
        assertThat(options.compression()).isEqualTo("gzip");
    }

    @Test
    void fallbackCompressionKeyIsReadWhenPrimaryIsAbsent() {
        TableOptions options = of(Map.of("format-table.file.compression", "zstd"));
        assertThat(options.compression()).isEqualTo("zstd");
    }

    @Test
    void badFallbackCompressionNamesTheFallbackKey() {
        assertThatThrownBy(() -> of(Map.of("format-table.file.compression", "zlib")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'format-table.file.compression'='zlib'");
    }

    @Test
    void refusesUnknownFormat() {
        assertThatThrownBy(() -> of(Map.of("file.format", "avro")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'file.format'='avro'")
                .hasMessageContaining("parquet, orc, csv, json, text");
    }

    @Test
    void refusesCompressionTheFormatLacks() {
        assertThatThrownBy(() -> of(Map.of("file.compression", "zlib")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'file.compression'='zlib'")
                .hasMessageContaining(
                        "none, uncompressed, snappy, gzip, lzo, brotli, lz4, lz4_raw, zstd");
        assertThatThrownBy(() -> of(Map.of("file.format", "orc", "file.compression", "gzip")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'file.compression'='gzip'")
                .hasMessageContaining("none, zlib, snappy, lzo, lz4, zstd");
    }

    @Test
    void refusesMetastorePartitionedTable() {
        assertThatThrownBy(() -> of(Map.of("metastore.partitioned-table", "true")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'metastore.partitioned-table'='true'");
        assertThat(of(Map.of("metastore.partitioned-table", "false")).format())
                .isEqualTo(FileFormat.PARQUET);
    }

    @Test
    void refusesBranch() {
        assertThatThrownBy(() -> of(Map.of("branch", "dev")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'branch'='dev'");
        assertThat(of(Map.of("branch", "main")).get(FormatTableOptions.BRANCH)).isEqualTo("main");
    }

    @Test
    void refusesBranchFromDynamicOptions() {
        Map<String, String> stored = Map.of("type", "format-table");
        assertThatThrownBy(() -> TableOptions.merge(stored, Map.of("branch", "dev")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'branch'='dev'");
    }

    @Test
    void refusesPrimaryKey() {
        assertThatThrownBy(() -> of(Map.of("primary-key", "id")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'primary-key'='id'");
    }

    @Test
    void refusesOtherTableType() {
        assertThatThrownBy(() -> TableOptions.merge(Map.of("type", "paimon"), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'type'='paimon'")
                .hasMessageContaining("format-table");
        assertThat(of(Map.of("type", "format-table")).get(FormatTableOptions.TYPE))
                .isEqualTo("format-table");
    }

    @Test
    void dynamicTypeNeitherRefusesNorChangesTheTable() {
        TableOptions options =
                TableOptions.merge(Map.of("type", "format-table"), Map.of("type", "paimon"));
        assertThat(options.get(FormatTableOptions.TYPE)).isEqualTo("format-table");
    }

    @Test
    void refusesNonPositiveTargetFileSize() {
        assertThatThrownBy(() -> of(Map.of("target-file-size", "0 b")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'target-file-size'='0 b'")
                .hasMessageContaining("must be positive");
    }

    @Test
    void refusesANegativeCommitRetryCount() {
        assertThatThrownBy(() -> of(Map.of("commit.max-retries", "-1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'commit.max-retries'='-1'")
                .hasMessageContaining("must not be negative");
        assertThat(of(Map.of()).commitMaxRetries()).isEqualTo(3);
        assertThat(of(Map.of("commit.max-retries", "0")).commitMaxRetries()).isZero();
    }

    @Test
    void refusesMalformedTargetFileSize() {
        assertThatThrownBy(() -> of(Map.of("target-file-size", "lots")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'target-file-size'='lots'");
    }

    @Test
    void refusesNonPositiveTargetFileRowNum() {
        assertThatThrownBy(() -> of(Map.of("target-file-row-num", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'target-file-row-num'='0'")
                .hasMessageContaining("must be positive");
        assertThatThrownBy(() -> of(Map.of("target-file-row-num", "many")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'target-file-row-num'='many'");
    }

    @Test
    void refusesNonBooleanLegacyName() {
        assertThatThrownBy(() -> of(Map.of("partition.legacy-name", "yes")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'partition.legacy-name'='yes'")
                .hasMessageContaining("boolean");
    }

    @Test
    void refusesEveryMalformedBoolean() {
        for (String key :
                new String[] {
                    "format-table.partition-path-only-value",
                    "dynamic-partition-overwrite",
                    "file.suffix.include.compression",
                    "scan.ignore-corrupt-files",
                    "scan.ignore-lost-files"
                }) {
            assertThatThrownBy(() -> of(Map.of(key, "1")))
                    .as(key)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + key + "'='1'");
        }
    }

    @Test
    void refusesHiddenDataFilePrefix() {
        assertThatThrownBy(() -> of(Map.of("data-file.prefix", "_x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'data-file.prefix'='_x'");
        assertThatThrownBy(() -> of(Map.of("data-file.prefix", ".x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'data-file.prefix'='.x'");
        assertThatThrownBy(() -> of(Map.of("data-file.prefix", "a/b")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'data-file.prefix'='a/b'");
    }

    @Test
    void refusesBlankDefaultPartitionName() {
        assertThatThrownBy(() -> of(Map.of("partition.default-name", " ")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'partition.default-name'=' '");
    }

    @Test
    void statisticsSketchPrecisionDefaultsTo12AndStaysInRange() {
        assertThat(of(Map.of()).statisticsHllLgK()).isEqualTo(12);
        assertThat(of(Map.of("statistics.hll.lg-k", "16")).statisticsHllLgK()).isEqualTo(16);
        assertThatThrownBy(() -> of(Map.of("statistics.hll.lg-k", "22")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'statistics.hll.lg-k'='22' must be between 4 and 21");
        assertThatThrownBy(() -> of(Map.of("statistics.hll.lg-k", "3")))
                .hasMessageContaining("'statistics.hll.lg-k'='3'");
    }
}
