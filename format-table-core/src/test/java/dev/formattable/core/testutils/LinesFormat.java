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
package dev.formattable.core.testutils;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.write.FormatWriter;
import dev.formattable.core.write.FormatWriterFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A test file format: one string record per line, UTF-8. */
public final class LinesFormat {

    private LinesFormat() {}

    public static FormatWriterFactory<String> writerFactory() {
        return out ->
                new FormatWriter<String>() {
                    @Override
                    public void add(String record) throws IOException {
                        out.write((record + "\n").getBytes(StandardCharsets.UTF_8));
                    }

                    @Override
                    public void finish() throws IOException {
                        out.flush();
                    }
                };
    }

    public static List<String> read(FileIO fileIO, Path path) throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader reader =
                new BufferedReader(
                        new InputStreamReader(
                                fileIO.newInputStream(path), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                lines.add(line);
            }
        }
        return lines;
    }
}
