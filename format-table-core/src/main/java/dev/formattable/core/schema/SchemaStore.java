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
package dev.formattable.core.schema;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The schema files of a table kept under its own location: {@code <table>/schema/schema-<id>}, one
 * file per version, the highest id being current. A new version is written under a hidden name and
 * renamed into place; the rename fails if another writer took that id first, so two sessions
 * changing one table cannot both win.
 */
public final class SchemaStore {

    /** The directory under a table's location that holds its schema files. */
    public static final String SCHEMA_DIR = "schema";

    private static final Pattern SCHEMA_FILE = Pattern.compile("schema-(\\d+)");

    private final FileIO fileIO;
    private final Path tableLocation;
    private final Path schemaDir;

    public SchemaStore(FileIO fileIO, Path tableLocation) {
        this.fileIO = fileIO;
        this.tableLocation = tableLocation;
        this.schemaDir = tableLocation.child(SCHEMA_DIR);
    }

    /** The id of the current schema, if the table has one. */
    public Optional<Long> latestId() throws IOException {
        long latest = -1;
        try {
            for (FileStatus f : fileIO.list(schemaDir)) {
                Matcher m = SCHEMA_FILE.matcher(f.path().name());
                if (!f.isDirectory() && m.matches()) {
                    latest = Math.max(latest, Long.parseLong(m.group(1)));
                }
            }
        } catch (FileNotFoundException e) {
            return Optional.empty();
        }
        return latest < 0 ? Optional.empty() : Optional.of(latest);
    }

    /** The current schema, if the table has one. */
    public Optional<TableSchema> latest() throws IOException {
        Optional<Long> id = latestId();
        return id.isEmpty() ? Optional.empty() : Optional.of(read(id.get()));
    }

    /** The schema of one version. */
    public TableSchema read(long id) throws IOException {
        Path file = schemaDir.child("schema-" + id);
        try (InputStream in = fileIO.newInputStream(file)) {
            return SchemaJson.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IOException("Schema file " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Writes the next version of the schema (version 0 for a new table).
     *
     * @param expectedLatest the id the caller based the change on (empty for a new table)
     * @return the id written
     * @throws SchemaConflictException if another writer changed the schema first
     */
    public long commit(TableSchema schema, Optional<Long> expectedLatest) throws IOException {
        Optional<Long> current = latestId();
        if (!current.equals(expectedLatest)) {
            throw new SchemaConflictException(tableLocation, expectedLatest, current);
        }
        long id = current.map(c -> c + 1).orElse(0L);
        fileIO.mkdirs(schemaDir);
        Path temp = schemaDir.child(".schema-" + id + "." + UUID.randomUUID() + ".tmp");
        Path target = schemaDir.child("schema-" + id);
        try (PositionOutputStream out = fileIO.newOutputStream(temp, false)) {
            out.write(
                    SchemaJson.toJson(schema, id, System.currentTimeMillis())
                            .getBytes(StandardCharsets.UTF_8));
        }
        try {
            fileIO.rename(temp, target);
        } catch (IOException e) {
            fileIO.delete(temp, false);
            if (fileIO.exists(target)) {
                throw new SchemaConflictException(tableLocation, expectedLatest, Optional.of(id));
            }
            throw e;
        }
        return id;
    }
}
