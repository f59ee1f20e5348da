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
import dev.formattable.core.schema.SchemaConflictException;
import dev.formattable.core.schema.TableSchema;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Where a catalog keeps its databases and the schema and location of its tables: the warehouse
 * directory itself ({@link FileSystemMetastore}), or a service such as a Hive Metastore. The data
 * files are always the table; a metastore only names them.
 *
 * <p>Implementations are found by {@link MetastoreFactory}. Names are compared as the metastore
 * stores them; a missing database or table is an empty result, not an exception, so that a catalog
 * can phrase the error in its engine's terms.
 */
public interface Metastore extends Closeable {

    /** The file system the tables' files live on. */
    FileIO fileIO();

    /** The database names, sorted. */
    List<String> databases() throws IOException;

    Optional<MetastoreDatabase> database(String name) throws IOException;

    /**
     * Creates a database; false if one of that name exists.
     *
     * @param properties its properties, stored as given
     */
    boolean createDatabase(String name, Map<String, String> properties, String comment)
            throws IOException;

    /** Replaces a database's properties. */
    void alterDatabase(String name, Map<String, String> properties, String comment)
            throws IOException;

    /** Drops a database with everything in it; the caller checks it is empty where it must be. */
    void dropDatabase(String name) throws IOException;

    /** The names of a database's tables, sorted, including those it cannot serve. */
    List<String> tables(String database) throws IOException;

    /** A table, or empty when there is none of that name. */
    Optional<MetastoreTable> table(String database, String table) throws IOException;

    /** Where a table created without a location of its own keeps its files. */
    Path defaultLocation(String database, String table) throws IOException;

    /** Creates a table at its default location; false if a table of that name exists. */
    boolean createTable(String database, String table, TableSchema schema) throws IOException;

    /**
     * Replaces a table's schema with {@code change} applied to the stored one.
     *
     * @throws SchemaConflictException when another change was stored meanwhile, where the metastore
     *     can tell
     */
    void alterTable(String database, String table, UnaryOperator<TableSchema> change)
            throws IOException;

    /** Drops a table and removes its files; false if there was no table of that name. */
    boolean dropTable(String database, String table) throws IOException;

    /**
     * Where a table's partitions are registered, when this metastore lists partitions; empty when
     * the directories alone are the partitions.
     */
    default Optional<PartitionRegistry> partitionRegistry(String database, String table) {
        return Optional.empty();
    }

    /**
     * Whether a table's metadata lives in directories at the root of its location ({@code schema},
     * {@code branch}), which reads, partitions and overwrites must then leave alone.
     */
    default boolean keepsMetadataUnderLocation() {
        return false;
    }

    @Override
    default void close() throws IOException {}
}
