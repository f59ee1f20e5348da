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

import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;

import java.util.Objects;
import java.util.Optional;

/**
 * A table as a {@link Metastore} stores it: its location and schema from one read, or why it cannot
 * be served as a format table (a view, a transactional table, a storage format we do not read).
 */
public final class MetastoreTable {

    private final String database;
    private final String name;
    private final Path location;
    private final TableSchema schema;
    private final String refusal;

    private MetastoreTable(
            String database, String name, Path location, TableSchema schema, String refusal) {
        this.database = Objects.requireNonNull(database, "database");
        this.name = Objects.requireNonNull(name, "name");
        this.location = location;
        this.schema = schema;
        this.refusal = refusal;
    }

    /** A table served as a format table. */
    public static MetastoreTable served(
            String database, String name, Path location, TableSchema schema) {
        return new MetastoreTable(
                database,
                name,
                Objects.requireNonNull(location, "location"),
                Objects.requireNonNull(schema, "schema"),
                null);
    }

    /** A table listed but not served, with the reason, which names what is refused. */
    public static MetastoreTable refused(String database, String name, String reason) {
        return new MetastoreTable(
                database, name, null, null, Objects.requireNonNull(reason, "reason"));
    }

    public String database() {
        return database;
    }

    public String name() {
        return name;
    }

    /** Why the table is not served, if it is not. */
    public Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** The table's location; only for a served table. */
    public Path location() {
        return served().location;
    }

    /** The table's schema; only for a served table. */
    public TableSchema schema() {
        return served().schema;
    }

    private MetastoreTable served() {
        if (refusal != null) {
            throw new IllegalStateException(
                    "Table " + database + "." + name + " cannot be used: " + refusal);
        }
        return this;
    }
}
