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
package dev.formattable.flink.testutils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The files of a table directory, as readers see them. */
public final class TableFiles {

    private TableFiles() {}

    /** The names of the visible files below {@code table}: no hidden or staged ones. */
    public static List<String> dataFileNames(Path table) throws IOException {
        try (Stream<Path> files = Files.walk(table)) {
            return files.filter(Files::isRegularFile)
                    .map(f -> f.getFileName().toString())
                    .filter(n -> !n.startsWith(".") && !n.startsWith("_"))
                    .collect(Collectors.toList());
        }
    }

    /** The text of the visible files below {@code table}, concatenated (uncompressed ones). */
    public static String dataFileText(Path table) throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.walk(table)) {
            for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
                String name = f.getFileName().toString();
                if (!name.startsWith(".") && !name.startsWith("_")) {
                    text.append(Files.readString(f));
                }
            }
        }
        return text.toString();
    }

    /** The suffix a line format's file has for a {@code file.compression} value. */
    public static String lineSuffix(String format, String compression) {
        switch (compression) {
            case "none":
                return "." + format;
            case "gzip":
                return "." + format + ".gz";
            case "bzip2":
                return "." + format + ".bz2";
            case "zstd":
                return "." + format + ".zst";
            default:
                return "." + format + "." + compression;
        }
    }
}
