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
package dev.formattable.flink.catalog;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.FileSystemMetastore;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.table.FormatTableDynamicTableFactory;
import dev.formattable.flink.tables.CatalogTables;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.catalog.AbstractCatalog;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogPartition;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotExistException;
import org.apache.flink.table.catalog.exceptions.PartitionNotExistException;
import org.apache.flink.table.catalog.exceptions.ProcedureNotExistException;
import org.apache.flink.table.catalog.exceptions.TableAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotPartitionedException;
import org.apache.flink.table.catalog.stats.CatalogColumnStatistics;
import org.apache.flink.table.catalog.stats.CatalogTableStatistics;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.procedures.Procedure;

import java.util.List;
import java.util.Optional;

/**
 * A catalog of format tables on any file system Flink can reach. Where it keeps databases and the
 * schema and location of each table is its {@link Metastore}: by default the warehouse directory
 * itself (a database is {@code <warehouse>/<db>.db}, a table {@code <db>.db/<table>} with its
 * schema in {@code schema/schema-<N>}, in the form of Paimon's schema files), or a service such as
 * a Hive Metastore. The data files are the table either way.
 *
 * <p>This class is Flink's {@code Catalog} interface over four collaborators, one per role: {@link
 * CatalogDatabases}, {@link CatalogTableStore}, {@link CatalogPartitionOperations} and {@link
 * CatalogStatisticsAccess}. It keeps no functions ({@link CatalogWithoutFunctions}), and offers its
 * procedures ({@link CatalogProcedures}).
 */
@PublicEvolving
public class FormatTableCatalog extends AbstractCatalog implements CatalogWithoutFunctions {

    private final Metastore metastore;
    private final CatalogDatabases databases;
    private final CatalogTableStore tables;
    private final CatalogPartitionOperations partitions;
    private final CatalogStatisticsAccess statistics;

    /** A catalog whose metastore is its warehouse directory. */
    public FormatTableCatalog(String name, String defaultDatabase, String warehouse) {
        this(name, defaultDatabase, new FileSystemMetastore(new FlinkFileIO(), Path.of(warehouse)));
    }

    /** A catalog over a metastore, which it closes when it closes. */
    public FormatTableCatalog(String name, String defaultDatabase, Metastore metastore) {
        super(name, defaultDatabase);
        this.metastore = metastore;
        this.databases = new CatalogDatabases(name, metastore);
        this.tables = new CatalogTableStore(name, metastore);
        this.partitions = new CatalogPartitionOperations(name, tables);
        this.statistics = new CatalogStatisticsAccess(tables::open);
    }

    @Override
    public Optional<Factory> getFactory() {
        boolean bySchemaFile = metastore.keepsMetadataUnderLocation();
        return Optional.of(
                new FormatTableDynamicTableFactory(
                        new FormatTableDynamicTableFactory.CatalogTableOpener() {
                            @Override
                            public FormatTable open(ObjectPath path, ResolvedCatalogTable declared)
                                    throws TableNotExistException {
                                return tables.openForStatement(path, declared);
                            }

                            @Override
                            public boolean createsBySchemaFile() {
                                return bySchemaFile;
                            }
                        }));
    }

    @Override
    public void open() {
        databases.open(getDefaultDatabase());
    }

    @Override
    public void close() {
        CatalogIo.call(
                () -> {
                    metastore.close();
                    return null;
                },
                "close catalog " + getName());
    }

    /** The location of a table of this catalog. */
    public Path tableLocation(ObjectPath path) {
        return tables.location(path);
    }

    /** The format table behind a table of this catalog. */
    FormatTable openTable(ObjectPath path) throws TableNotExistException {
        return tables.open(path);
    }

    @Override
    public List<String> listDatabases() {
        return databases.list();
    }

    @Override
    public CatalogDatabase getDatabase(String name) throws DatabaseNotExistException {
        return databases.get(name);
    }

    @Override
    public boolean databaseExists(String name) {
        return databases.exists(name);
    }

    @Override
    public void createDatabase(String name, CatalogDatabase database, boolean ignoreIfExists)
            throws DatabaseAlreadyExistException {
        databases.create(name, database, ignoreIfExists);
    }

    @Override
    public void dropDatabase(String name, boolean ignoreIfNotExists, boolean cascade)
            throws DatabaseNotExistException, DatabaseNotEmptyException {
        databases.drop(name, ignoreIfNotExists, cascade ? null : tables::list);
    }

    @Override
    public void alterDatabase(String name, CatalogDatabase newDatabase, boolean ignoreIfNotExists)
            throws DatabaseNotExistException {
        databases.alter(name, newDatabase, ignoreIfNotExists);
    }

    @Override
    public List<String> listTables(String database) throws DatabaseNotExistException {
        databases.check(database);
        return tables.list(database);
    }

    @Override
    public List<String> listViews(String database) throws DatabaseNotExistException {
        databases.check(database);
        return List.of();
    }

    @Override
    public CatalogBaseTable getTable(ObjectPath path) throws TableNotExistException {
        return CatalogTables.toFlink(tables.latestSchema(path));
    }

    @Override
    public boolean tableExists(ObjectPath path) {
        return tables.exists(path);
    }

    @Override
    public void dropTable(ObjectPath path, boolean ignoreIfNotExists)
            throws TableNotExistException {
        tables.drop(path, ignoreIfNotExists);
    }

    @Override
    public void renameTable(ObjectPath path, String newName, boolean ignoreIfNotExists) {
        throw CatalogTableStore.renameRefused();
    }

    @Override
    public void createTable(ObjectPath path, CatalogBaseTable table, boolean ignoreIfExists)
            throws TableAlreadyExistException, DatabaseNotExistException {
        databases.check(path.getDatabaseName());
        tables.create(path, table, ignoreIfExists);
    }

    @Override
    public void alterTable(ObjectPath path, CatalogBaseTable newTable, boolean ignoreIfNotExists)
            throws TableNotExistException {
        tables.alter(path, newTable, ignoreIfNotExists);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(ObjectPath path)
            throws TableNotExistException, TableNotPartitionedException {
        return partitions.list(path);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(
            ObjectPath path, CatalogPartitionSpec partialSpec)
            throws TableNotExistException, TableNotPartitionedException {
        return CatalogPartitions.matching(partitions.list(path), partialSpec);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitionsByFilter(
            ObjectPath path, List<Expression> filters)
            throws TableNotExistException, TableNotPartitionedException {
        return partitions.list(path, filters);
    }

    @Override
    public CatalogPartition getPartition(ObjectPath path, CatalogPartitionSpec spec)
            throws PartitionNotExistException {
        return partitions.get(path, spec);
    }

    @Override
    public boolean partitionExists(ObjectPath path, CatalogPartitionSpec spec) {
        return partitions.exists(path, spec);
    }

    @Override
    public void createPartition(
            ObjectPath path,
            CatalogPartitionSpec spec,
            CatalogPartition partition,
            boolean ignoreIfExists)
            throws TableNotExistException, TableNotPartitionedException {
        partitions.create(path, spec);
    }

    @Override
    public void dropPartition(ObjectPath path, CatalogPartitionSpec spec, boolean ignoreIfNotExists)
            throws PartitionNotExistException {
        partitions.drop(path, spec, ignoreIfNotExists);
    }

    @Override
    public void alterPartition(
            ObjectPath path,
            CatalogPartitionSpec spec,
            CatalogPartition newPartition,
            boolean ignoreIfNotExists) {
        throw new UnsupportedOperationException(
                "A format table's partitions are directories with no properties to alter");
    }

    @Override
    public CatalogTableStatistics getTableStatistics(ObjectPath path)
            throws TableNotExistException {
        return statistics.tableStatistics(path);
    }

    @Override
    public CatalogColumnStatistics getTableColumnStatistics(ObjectPath path)
            throws TableNotExistException {
        return statistics.tableColumnStatistics(path);
    }

    @Override
    public CatalogTableStatistics getPartitionStatistics(
            ObjectPath path, CatalogPartitionSpec spec) {
        return statistics.partitionStatistics(path, List.of(spec)).get(0);
    }

    @Override
    public CatalogColumnStatistics getPartitionColumnStatistics(
            ObjectPath path, CatalogPartitionSpec spec) {
        return statistics.partitionColumnStatistics(path, List.of(spec)).get(0);
    }

    @Override
    public List<CatalogTableStatistics> bulkGetPartitionStatistics(
            ObjectPath path, List<CatalogPartitionSpec> specs) {
        return statistics.partitionStatistics(path, specs);
    }

    @Override
    public List<CatalogColumnStatistics> bulkGetPartitionColumnStatistics(
            ObjectPath path, List<CatalogPartitionSpec> specs) {
        return statistics.partitionColumnStatistics(path, specs);
    }

    @Override
    public void alterTableStatistics(
            ObjectPath path, CatalogTableStatistics stats, boolean ignoreIfNotExists)
            throws TableNotExistException {
        statistics.computeTable(path, ignoreIfNotExists);
    }

    @Override
    public void alterTableColumnStatistics(
            ObjectPath path, CatalogColumnStatistics stats, boolean ignoreIfNotExists)
            throws TableNotExistException {
        statistics.computeTable(path, ignoreIfNotExists);
    }

    @Override
    public void alterPartitionStatistics(
            ObjectPath path,
            CatalogPartitionSpec spec,
            CatalogTableStatistics stats,
            boolean ignoreIfNotExists) {
        statistics.computePartition(path, spec);
    }

    @Override
    public void alterPartitionColumnStatistics(
            ObjectPath path,
            CatalogPartitionSpec spec,
            CatalogColumnStatistics stats,
            boolean ignoreIfNotExists) {
        statistics.computePartition(path, spec);
    }

    @Override
    public List<String> listProcedures(String database) {
        return CatalogProcedures.list(database);
    }

    @Override
    public Procedure getProcedure(ObjectPath path) throws ProcedureNotExistException {
        return CatalogProcedures.get(this, path);
    }
}
