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

class OptionsTest {

    @Test
    void defaultsWhenAbsent() {
        Options options = Options.empty();
        assertThat(options.get(FormatTableOptions.FILE_FORMAT)).isEqualTo("parquet");
        assertThat(options.get(FormatTableOptions.FILE_COMPRESSION)).isNull();
        assertThat(options.get(FormatTableOptions.PARTITION_DEFAULT_NAME))
                .isEqualTo("__DEFAULT_PARTITION__");
        assertThat(options.get(FormatTableOptions.PARTITION_LEGACY_NAME)).isTrue();
        assertThat(options.get(FormatTableOptions.DYNAMIC_PARTITION_OVERWRITE)).isTrue();
        assertThat(options.get(FormatTableOptions.TARGET_FILE_SIZE))
                .isEqualTo(MemorySize.ofMebiBytes(256));
        assertThat(options.get(FormatTableOptions.TARGET_FILE_ROW_NUM)).isNull();
        assertThat(options.get(FormatTableOptions.DATA_FILE_PREFIX)).isEqualTo("data-");
        assertThat(options.get(FormatTableOptions.PARTITION_PATH_ONLY_VALUE)).isFalse();
    }

    @Test
    void primaryKeyWinsOverFallbackKey() {
        Options options =
                new Options(
                        Map.of(
                                "file.compression", "gzip",
                                "format-table.file.compression", "zstd"));
        assertThat(options.get(FormatTableOptions.FILE_COMPRESSION)).isEqualTo("gzip");
        assertThat(options.keyInUse(FormatTableOptions.FILE_COMPRESSION))
                .isEqualTo("file.compression");
    }

    @Test
    void fallbackKeyIsReadWhenPrimaryIsAbsent() {
        Options options = new Options(Map.of("format-table.file.compression", "zstd"));
        assertThat(options.get(FormatTableOptions.FILE_COMPRESSION)).isEqualTo("zstd");
        assertThat(options.getRaw(FormatTableOptions.FILE_COMPRESSION)).contains("zstd");
        assertThat(options.keyInUse(FormatTableOptions.FILE_COMPRESSION))
                .isEqualTo("format-table.file.compression");
    }

    @Test
    void typedValues() {
        Options options =
                new Options(
                        Map.of(
                                "partition.legacy-name", " False ",
                                "target-file-size", "1 gb",
                                "target-file-row-num", "42"));
        assertThat(options.get(FormatTableOptions.PARTITION_LEGACY_NAME)).isFalse();
        assertThat(options.get(FormatTableOptions.TARGET_FILE_SIZE).getBytes()).isEqualTo(1L << 30);
        assertThat(options.get(FormatTableOptions.TARGET_FILE_ROW_NUM)).isEqualTo(42L);
    }

    @Test
    void malformedValueNamesKeyAndValue() {
        Options options = new Options(Map.of("partition.legacy-name", "yes"));
        assertThatThrownBy(() -> options.get(FormatTableOptions.PARTITION_LEGACY_NAME))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'partition.legacy-name'='yes' is not a valid boolean");
        Options rows = new Options(Map.of("target-file-row-num", "x"));
        assertThatThrownBy(() -> rows.get(FormatTableOptions.TARGET_FILE_ROW_NUM))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'target-file-row-num'='x' is not a valid long");
    }

    @Test
    void mergeLetsDynamicOptionsWinExceptType() {
        Options merged =
                Options.merge(
                        Map.of(
                                "type", "format-table",
                                "file.format", "parquet",
                                "data-file.prefix", "stored-"),
                        Map.of(
                                "type", "paimon",
                                "file.format", "orc",
                                "scan.ignore-lost-files", "true"));
        assertThat(merged.toMap())
                .containsEntry("type", "format-table")
                .containsEntry("file.format", "orc")
                .containsEntry("data-file.prefix", "stored-")
                .containsEntry("scan.ignore-lost-files", "true")
                .hasSize(4);
    }

    @Test
    void mergeDoesNotAddTypeFromDynamicOptions() {
        Options merged = Options.merge(Map.of(), Map.of("type", "paimon"));
        assertThat(merged.toMap()).doesNotContainKey("type");
    }

    @Test
    void optionsAreImmutable() {
        Options options = new Options(Map.of("a", "b"));
        assertThatThrownBy(() -> options.toMap().put("c", "d"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(options).isEqualTo(new Options(Map.of("a", "b")));
    }
}
