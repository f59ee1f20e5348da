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
package dev.formattable.core;

import dev.formattable.core.commit.FormatTableCommit;
import dev.formattable.core.commit.TableMaintenance;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.options.TableOptions;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.table.FormatTableSpec;
import dev.formattable.core.write.FormatTableWrite;
import dev.formattable.core.write.FormatWriterFactory;

import java.util.Map;
import java.util.Objects;

/**
 * A format table: a directory of data files of one format, in Hive-style partition directories,
 * with no snapshots and no manifests. It is the entry point for scans, writes and commits; what
 * they work from (location, schema, options, layout) is its {@link FormatTableSpec}.
 *
 * <p>Opening a table validates its schema and its options (stored options merged with the call's
 * options), so a table this library cannot serve is refused before anything touches its files.
 */
public final class FormatTable extends FormatTableSpec {

    private static final long serialVersionUID = 1L;

    private FormatTable(
            FileIO fileIO,
            Path location,
            TableSchema schema,
            TableOptions options,
            boolean metadataUnderLocation,
            PartitionRegistry partitionRegistry) {
        super(fileIO, location, schema, options, metadataUnderLocation, partitionRegistry);
    }

    /**
     * This table, whose commits keep {@code registry} up to date with the partitions they publish
     * into: how a catalog that lists partitions hands a table out.
     */
    public FormatTable withPartitionRegistry(PartitionRegistry registry) {
        return new FormatTable(
                fileIO(),
                location(),
                schema(),
                options(),
                metadataUnderLocation(),
                Objects.requireNonNull(registry, "registry"));
    }

    /**
     * Opens a table at {@code location} with its stored schema and the options of this call, which
     * win over the stored ones (except {@code type}).
     *
     * @throws IllegalArgumentException when the schema or the merged options are refused
     */
    public static FormatTable open(
            FileIO fileIO, Path location, TableSchema schema, Map<String, String> dynamicOptions) {
        return open(fileIO, location, schema, dynamicOptions, false);
    }

    /**
     * Opens a table of a catalog that keeps its schema under the table's location: the {@code
     * schema} and {@code branch} directories at its root are metadata, never read as data, never
     * named by a partition and never deleted by an overwrite.
     */
    public static FormatTable openWithMetadataUnderLocation(
            FileIO fileIO, Path location, TableSchema schema, Map<String, String> dynamicOptions) {
        return open(fileIO, location, schema, dynamicOptions, true);
    }

    private static FormatTable open(
            FileIO fileIO,
            Path location,
            TableSchema schema,
            Map<String, String> dynamicOptions,
            boolean metadataUnderLocation) {
        return new FormatTable(
                fileIO,
                location,
                schema,
                TableOptions.merge(schema.options(), dynamicOptions),
                metadataUnderLocation,
                null);
    }

    public static FormatTable open(FileIO fileIO, Path location, TableSchema schema) {
        return open(fileIO, location, schema, Map.of());
    }

    public FormatTableScan newScan() {
        return new FormatTableScan(this);
    }

    /**
     * A write with the table's options and nothing else set: {@code FormatTableWrite.builder(table,
     * writerFactory).build()}, where the builder sets the rest.
     */
    public <T> FormatTableWrite<T> newWrite(FormatWriterFactory<T> writerFactory) {
        return FormatTableWrite.builder(this, writerFactory).build();
    }

    /** Truncating the table and dropping partitions. */
    public TableMaintenance maintenance() {
        return new TableMaintenance(this);
    }

    public FormatTableCommit newCommit() {
        return new FormatTableCommit(this);
    }
}
