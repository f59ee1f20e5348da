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

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The compressions of the line formats. A file is compressed as one stream and named by its
 * compression after the format ({@code data-<uuid>-0.csv.gz}), as Paimon names it; a reader picks
 * the compression by that suffix alone, so a file another engine wrote is read whatever the table's
 * option says.
 */
public enum LineCompression {
    NONE("none", ""),
    GZIP("gzip", "gz"),
    BZIP2("bzip2", "bz2"),
    DEFLATE("deflate", "deflate"),
    SNAPPY("snappy", "snappy"),
    LZ4("lz4", "lz4"),
    ZSTD("zstd", "zst");

    /** The option values, as {@code file.compression} takes them. */
    static final List<String> NAMES =
            List.of("none", "gzip", "bzip2", "deflate", "snappy", "lz4", "zstd");

    private final String optionValue;
    private final String suffix;

    LineCompression(String optionValue, String suffix) {
        this.optionValue = optionValue;
        this.suffix = suffix;
    }

    /** The value of {@code file.compression} that selects it. */
    public String optionValue() {
        return optionValue;
    }

    /** The last extension of its files' names, without the dot; empty for none. */
    public String suffix() {
        return suffix;
    }

    /** The compression an option value names (already validated, in lower case). */
    public static LineCompression of(String optionValue) {
        for (LineCompression c : values()) {
            if (c.optionValue.equals(optionValue.toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw new IllegalArgumentException(
                String.format(
                        "'%s'='%s' is not a compression of the line formats; supported: %s",
                        FormatTableOptions.FILE_COMPRESSION.key(),
                        optionValue,
                        String.join(", ", NAMES)));
    }

    /**
     * The compression of a file, by the last extension of its name; none when it has none. (A
     * staged file is named by its target's name: see {@code
     * DataFilePathFactory.targetNameOfStaged}.)
     */
    public static LineCompression ofFileName(String name) {
        int dot = name.lastIndexOf('.');
        if (dot < 0) {
            return NONE;
        }
        String extension = name.substring(dot + 1);
        return bySuffix(extension).orElse(NONE);
    }

    private static Optional<LineCompression> bySuffix(String extension) {
        for (LineCompression c : values()) {
            if (c != NONE && c.suffix.equals(extension)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
