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

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The file formats a format table can hold, with their compressions: the columnar parquet and orc,
 * and the line formats csv, json and text, compressed as a whole stream ({@link LineCompression}).
 */
public enum FileFormat {
    PARQUET(
            "parquet",
            "snappy",
            List.of(
                    "none",
                    "uncompressed",
                    "snappy",
                    "gzip",
                    "lzo",
                    "brotli",
                    "lz4",
                    "lz4_raw",
                    "zstd")),
    ORC("orc", "zstd", List.of("none", "zlib", "snappy", "lzo", "lz4", "zstd")),
    CSV("csv", "none", LineCompression.NAMES),
    JSON("json", "none", LineCompression.NAMES),
    TEXT("text", "none", LineCompression.NAMES);

    private final String identifier;
    private final String defaultCompression;
    private final List<String> compressions;

    FileFormat(String identifier, String defaultCompression, List<String> compressions) {
        this.identifier = identifier;
        this.defaultCompression = defaultCompression;
        this.compressions = compressions;
    }

    /** The name used in options and as the file extension. */
    public String identifier() {
        return identifier;
    }

    /**
     * Whether the files hold one record per line (csv, json, text), with no footer: their rows are
     * counted by reading them, and a whole file is compressed as one stream.
     */
    public boolean lineBased() {
        return this == CSV || this == JSON || this == TEXT;
    }

    public String defaultCompression() {
        return defaultCompression;
    }

    /** The compression names this format accepts, in lower case. */
    public List<String> compressions() {
        return compressions;
    }

    /**
     * The format a {@code file.format} value names, in any case.
     *
     * @throws IllegalArgumentException naming the value and the supported formats
     */
    public static FileFormat fromIdentifier(String value) {
        String normalized = value.trim().toLowerCase(Locale.ROOT);
        for (FileFormat format : values()) {
            if (format.identifier.equals(normalized)) {
                return format;
            }
        }
        throw new IllegalArgumentException(
                String.format(
                        "'%s'='%s' is not a supported file format; supported: %s",
                        FormatTableOptions.FILE_FORMAT.key(), value, supported()));
    }

    public static String supported() {
        return Arrays.stream(values())
                .map(FileFormat::identifier)
                .collect(Collectors.joining(", "));
    }
}
