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
package dev.formattable.core.metastore;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/** A database's properties, in a hidden file of its directory that no table listing sees. */
final class DatabaseProperties {

    static final String FILE = "_database.properties";

    private DatabaseProperties() {}

    static Map<String, String> read(FileIO fileIO, Path database) {
        Properties props = new Properties();
        try (InputStream in = fileIO.newInputStream(database.child(FILE))) {
            props.load(new StringReader(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (FileNotFoundException e) {
            return Map.of();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    String.format(
                            "Cannot read the database properties %s: %s",
                            database.child(FILE), e.getMessage()),
                    e);
        }
        Map<String, String> result = new HashMap<>();
        props.forEach((k, v) -> result.put((String) k, (String) v));
        return result;
    }

    static void write(FileIO fileIO, Path database, Map<String, String> properties)
            throws IOException {
        Path file = database.child(FILE);
        if (properties.isEmpty()) {
            fileIO.delete(file, false);
            return;
        }
        Properties props = new Properties();
        props.putAll(properties);
        StringWriter text = new StringWriter();
        props.store(text, null);
        try (PositionOutputStream out = fileIO.newOutputStream(file, true)) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
