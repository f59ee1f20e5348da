package dev.formattable.flink.catalog;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.schema.SchemaConflictException;
import dev.formattable.core.schema.SchemaStore;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.flink.config.CatalogTables;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.table.FormatTableDynamicTableFactory;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogDatabaseImpl;
import org.apache.flink.table.catalog.CatalogPartition;
import org.apache.flink.table.catalog.CatalogPartitionImpl;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotExistException;
import org.apache.flink.table.catalog.exceptions.PartitionNotExistException;
import org.apache.flink.table.catalog.exceptions.TableAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotPartitionedException;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.factories.Factory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A catalog of format tables on any file system Flink can reach. A database is the directory {@code
 * <warehouse>/<db>.db}; a table is {@code <db>.db/<table>}, its schema kept beside its data in
 * {@code schema/schema-<N>} in the form of Paimon's schema files.
 */
public class FormatTableCatalog extends StatisticsCatalog {

    static final String DB_SUFFIX = ".db";

    private final FileIO fileIO = new FlinkFileIO();
    private final Path warehouse;

    public FormatTableCatalog(String name, String defaultDatabase, String warehouse) {
        super(name, defaultDatabase);
        this.warehouse = fileIO.qualify(Path.of(warehouse));
    }

    @Override
    public Optional<Factory> getFactory() {
        return Optional.of(new FormatTableDynamicTableFactory(this::tableLocation));
    }

    @Override
    public void open() {
        try {
            fileIO.mkdirs(warehouse);
            Path defaultDb = databasePath(getDefaultDatabase());
            if (!fileIO.exists(defaultDb)) {
                fileIO.mkdirs(defaultDb);
            }
        } catch (IOException e) {
            throw new CatalogException("Cannot open the warehouse " + warehouse, e);
        }
    }

    @Override
    public void close() {}

    Path databasePath(String database) {
        return warehouse.child(database + DB_SUFFIX);
    }

    /** The location of a table of this catalog. */
    public Path tableLocation(ObjectPath path) {
        String table = CatalogTables.checkMainTable(path);
        return databasePath(path.getDatabaseName()).child(table);
    }

    private SchemaStore schemas(ObjectPath path) {
        return new SchemaStore(fileIO, tableLocation(path));
    }

    private <T> T io(IoCall<T> call, String what) {
        try {
            return call.run();
        } catch (IOException e) {
            throw new CatalogException("Cannot " + what + ": " + e.getMessage(), e);
        }
    }

    @FunctionalInterface
    private interface IoCall<T> {
        T run() throws IOException;
    }

    // ------------------------------------------------------------------ databases

    @Override
    public List<String> listDatabases() {
        return io(
                () -> {
                    List<String> names = new ArrayList<>();
                    for (FileStatus s : fileIO.list(warehouse)) {
                        String n = s.path().name();
                        if (s.isDirectory() && n.endsWith(DB_SUFFIX)) {
                            names.add(n.substring(0, n.length() - DB_SUFFIX.length()));
                        }
                    }
                    Collections.sort(names);
                    return names;
                },
                "list the databases of " + warehouse);
    }

    @Override
    public CatalogDatabase getDatabase(String name) throws DatabaseNotExistException {
        if (!databaseExists(name)) {
            throw new DatabaseNotExistException(getName(), name);
        }
        return new CatalogDatabaseImpl(DatabaseProperties.read(fileIO, databasePath(name)), null);
    }

    @Override
    public boolean databaseExists(String name) {
        return io(() -> fileIO.exists(databasePath(name)), "look up database " + name);
    }

    @Override
    public void createDatabase(String name, CatalogDatabase database, boolean ignoreIfExists)
            throws DatabaseAlreadyExistException {
        if (databaseExists(name)) {
            if (ignoreIfExists) {
                return;
            }
            throw new DatabaseAlreadyExistException(getName(), name);
        }
        io(
                () -> {
                    fileIO.mkdirs(databasePath(name));
                    DatabaseProperties.write(fileIO, databasePath(name), database.getProperties());
                    return null;
                },
                "create database " + name);
    }

    @Override
    public void dropDatabase(String name, boolean ignoreIfNotExists, boolean cascade)
            throws DatabaseNotExistException, DatabaseNotEmptyException {
        if (!databaseExists(name)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new DatabaseNotExistException(getName(), name);
        }
        if (!cascade && !listTables(name).isEmpty()) {
            throw new DatabaseNotEmptyException(getName(), name);
        }
        io(() -> fileIO.delete(databasePath(name), true), "drop database " + name);
    }

    @Override
    public void alterDatabase(String name, CatalogDatabase newDatabase, boolean ignoreIfNotExists)
            throws DatabaseNotExistException {
        if (!databaseExists(name)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new DatabaseNotExistException(getName(), name);
        }
        io(
                () -> {
                    DatabaseProperties.write(
                            fileIO, databasePath(name), newDatabase.getProperties());
                    return null;
                },
                "alter database " + name);
    }

    // ------------------------------------------------------------------ tables

    @Override
    public List<String> listTables(String database) throws DatabaseNotExistException {
        if (!databaseExists(database)) {
            throw new DatabaseNotExistException(getName(), database);
        }
        return io(
                () -> {
                    List<String> tables = new ArrayList<>();
                    for (FileStatus s : fileIO.list(databasePath(database))) {
                        String n = s.path().name();
                        if (s.isDirectory()
                                && !PartitionLayout.isHidden(n)
                                && new SchemaStore(fileIO, s.path()).latestId().isPresent()) {
                            tables.add(n);
                        }
                    }
                    Collections.sort(tables);
                    return tables;
                },
                "list the tables of " + database);
    }

    @Override
    public List<String> listViews(String database) throws DatabaseNotExistException {
        if (!databaseExists(database)) {
            throw new DatabaseNotExistException(getName(), database);
        }
        return List.of();
    }

    @Override
    public CatalogBaseTable getTable(ObjectPath path) throws TableNotExistException {
        return CatalogTables.toFlink(latestSchema(path));
    }

    /** The current stored schema of a table. */
    public TableSchema latestSchema(ObjectPath path) throws TableNotExistException {
        Optional<TableSchema> schema = io(() -> schemas(path).latest(), "read table " + path);
        if (schema.isEmpty()) {
            throw new TableNotExistException(getName(), path);
        }
        return schema.get();
    }

    @Override
    public boolean tableExists(ObjectPath path) {
        return io(() -> schemas(path).latestId().isPresent(), "look up table " + path);
    }

    @Override
    public void dropTable(ObjectPath path, boolean ignoreIfNotExists)
            throws TableNotExistException {
        if (!tableExists(path)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new TableNotExistException(getName(), path);
        }
        io(() -> fileIO.delete(tableLocation(path), true), "drop table " + path);
    }

    @Override
    public void renameTable(ObjectPath path, String newName, boolean ignoreIfNotExists) {
        throw new CatalogException(
                "Renaming format tables is not supported: their directory is their name, and"
                        + " object stores cannot rename a directory atomically");
    }

    @Override
    public void createTable(ObjectPath path, CatalogBaseTable table, boolean ignoreIfExists)
            throws TableAlreadyExistException, DatabaseNotExistException {
        if (!databaseExists(path.getDatabaseName())) {
            throw new DatabaseNotExistException(getName(), path.getDatabaseName());
        }
        TableSchema schema = toCore(table);
        try {
            io(() -> schemas(path).commit(schema, Optional.empty()), "create table " + path);
        } catch (SchemaConflictException e) {
            if (!ignoreIfExists) {
                throw new TableAlreadyExistException(getName(), path, e);
            }
        }
    }

    /** Validates a table as the core would open it, and returns its schema to store. */
    TableSchema toCore(CatalogBaseTable table) {
        if (!(table instanceof ResolvedCatalogTable)) {
            throw new ValidationException(
                    "The format-table catalog stores tables only, not " + table.getTableKind());
        }
        TableSchema schema = CatalogTables.toCore((ResolvedCatalogTable) table);
        try {
            FormatTable.openWithMetadataUnderLocation(fileIO, warehouse, schema, Map.of());
        } catch (IllegalArgumentException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        return schema;
    }

    @Override
    public void alterTable(ObjectPath path, CatalogBaseTable newTable, boolean ignoreIfNotExists)
            throws TableNotExistException {
        if (!tableExists(path)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new TableNotExistException(getName(), path);
        }
        SchemaStore store = schemas(path);
        long current = io(() -> store.latestId().orElseThrow(), "read table " + path);
        TableSchema altered =
                CatalogTables.alter(
                        io(() -> store.read(current), "read " + path), toCore(newTable));
        io(() -> store.commit(altered, Optional.of(current)), "alter table " + path);
    }

    // ------------------------------------------------------------------ partitions

    @Override
    FormatTable openTable(ObjectPath path) throws TableNotExistException {
        return FormatTable.openWithMetadataUnderLocation(
                fileIO, tableLocation(path), latestSchema(path), Map.of());
    }

    private CatalogPartitions partitions(ObjectPath path)
            throws TableNotExistException, TableNotPartitionedException {
        FormatTable table = openTable(path);
        if (!table.layout().isPartitioned()) {
            throw new TableNotPartitionedException(getName(), path);
        }
        return new CatalogPartitions(table);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(ObjectPath path)
            throws TableNotExistException, TableNotPartitionedException {
        CatalogPartitions partitions = partitions(path);
        return io(partitions::list, "list the partitions of " + path);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitions(
            ObjectPath path, CatalogPartitionSpec partialSpec)
            throws TableNotExistException, TableNotPartitionedException {
        return CatalogPartitions.matching(listPartitions(path), partialSpec);
    }

    @Override
    public List<CatalogPartitionSpec> listPartitionsByFilter(
            ObjectPath path, List<Expression> filters)
            throws TableNotExistException, TableNotPartitionedException {
        CatalogPartitions partitions = partitions(path);
        return io(() -> partitions.list(filters), "list the partitions of " + path);
    }

    @Override
    public CatalogPartition getPartition(ObjectPath path, CatalogPartitionSpec spec)
            throws PartitionNotExistException {
        if (!partitionExists(path, spec)) {
            throw new PartitionNotExistException(getName(), path, spec);
        }
        return new CatalogPartitionImpl(Map.of(), null);
    }

    @Override
    public boolean partitionExists(ObjectPath path, CatalogPartitionSpec spec) {
        try {
            CatalogPartitions partitions = partitions(path);
            return io(() -> partitions.exists(spec), "look up partition " + spec);
        } catch (TableNotExistException | TableNotPartitionedException e) {
            return false;
        }
    }

    @Override
    public void createPartition(
            ObjectPath path,
            CatalogPartitionSpec spec,
            CatalogPartition partition,
            boolean ignoreIfExists)
            throws TableNotExistException, TableNotPartitionedException {
        CatalogPartitions partitions = partitions(path);
        io(() -> partitions.create(spec), "create partition " + spec);
    }

    @Override
    public void dropPartition(ObjectPath path, CatalogPartitionSpec spec, boolean ignoreIfNotExists)
            throws PartitionNotExistException {
        boolean dropped;
        try {
            CatalogPartitions partitions = partitions(path);
            dropped = io(() -> partitions.drop(spec), "drop partition " + spec);
        } catch (TableNotExistException | TableNotPartitionedException e) {
            dropped = false;
        }
        if (!dropped && !ignoreIfNotExists) {
            throw new PartitionNotExistException(getName(), path, spec);
        }
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
}
