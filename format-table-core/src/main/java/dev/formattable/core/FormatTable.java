package dev.formattable.core;

import dev.formattable.core.commit.FormatTableCommit;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.options.TableOptions;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.partition.PartitionValueCodec;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataType;
import dev.formattable.core.write.FormatTableWrite;
import dev.formattable.core.write.FormatWriterFactory;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A format table: a directory of data files of one format, in Hive-style partition directories,
 * with no snapshots and no manifests. It is the entry point for scans, writes and commits.
 *
 * <p>Opening a table validates its schema and its options (stored options merged with the call's
 * options), so a table this library cannot serve is refused before anything touches its files.
 */
public final class FormatTable implements Serializable {

    private static final long serialVersionUID = 1L;

    private final FileIO fileIO;
    private final Path location;
    private final Path qualifiedLocation;
    private final TableSchema schema;
    private final TableOptions options;
    private final PartitionLayout layout;

    /** Directories a catalog keeps at the root of its tables; they never hold data. */
    public static final java.util.Set<String> CATALOG_METADATA_DIRS =
            java.util.Set.of("schema", "branch");

    private final boolean metadataUnderLocation;

    private FormatTable(
            FileIO fileIO,
            Path location,
            TableSchema schema,
            TableOptions options,
            boolean metadataUnderLocation) {
        this.metadataUnderLocation = metadataUnderLocation;
        this.fileIO = Objects.requireNonNull(fileIO);
        this.location = Objects.requireNonNull(location);
        this.qualifiedLocation = fileIO.qualify(location);
        this.schema = schema.validate();
        this.options = options;
        List<DataType> types = new ArrayList<>();
        for (String key : schema.partitionKeys()) {
            types.add(schema.field(key).type());
        }
        this.layout =
                new PartitionLayout(
                        schema.partitionKeys(),
                        types,
                        new PartitionValueCodec(
                                options.defaultPartitionName(), options.legacyPartitionName()),
                        options.partitionPathOnlyValue(),
                        metadataUnderLocation ? CATALOG_METADATA_DIRS : java.util.Set.of());
    }

    /**
     * Opens a table at {@code location} with its stored schema and the options of this call, which
     * win over the stored ones (except {@code type}).
     *
     * @throws IllegalArgumentException when the schema or the merged options are refused
     */
    public static FormatTable open(
            FileIO fileIO, Path location, TableSchema schema, Map<String, String> dynamicOptions) {
        return new FormatTable(
                fileIO,
                location,
                schema,
                TableOptions.merge(schema.options(), dynamicOptions),
                false);
    }

    /**
     * Opens a table of a catalog that keeps its schema under the table's location: the {@code
     * schema} and {@code branch} directories at its root are metadata, never read as data, never
     * named by a partition and never deleted by an overwrite.
     */
    public static FormatTable openWithMetadataUnderLocation(
            FileIO fileIO, Path location, TableSchema schema, Map<String, String> dynamicOptions) {
        return new FormatTable(
                fileIO,
                location,
                schema,
                TableOptions.merge(schema.options(), dynamicOptions),
                true);
    }

    /** Whether {@code schema} and {@code branch} at the root are metadata. */
    public boolean metadataUnderLocation() {
        return metadataUnderLocation;
    }

    public static FormatTable open(FileIO fileIO, Path location, TableSchema schema) {
        return open(fileIO, location, schema, Map.of());
    }

    public FileIO fileIO() {
        return fileIO;
    }

    /** The location as it was given. */
    public Path location() {
        return location;
    }

    /** The location as the file system resolves it; every path this table hands out is below. */
    public Path qualifiedLocation() {
        return qualifiedLocation;
    }

    public TableSchema schema() {
        return schema;
    }

    public TableOptions options() {
        return options;
    }

    public PartitionLayout layout() {
        return layout;
    }

    public FormatTableScan newScan() {
        return new FormatTableScan(this);
    }

    public <T> FormatTableWrite<T> newWrite(FormatWriterFactory<T> writerFactory) {
        return new FormatTableWrite<>(this, writerFactory);
    }

    /** A write whose staged files carry {@code stagingToken} (see {@link FormatTableWrite}). */
    public <T> FormatTableWrite<T> newWrite(
            FormatWriterFactory<T> writerFactory, String stagingToken) {
        return new FormatTableWrite<>(this, writerFactory, stagingToken);
    }

    public FormatTableCommit newCommit() {
        return new FormatTableCommit(this);
    }

    /** The directory of a partition (or of a prefix of its leading keys). */
    public Path partitionPath(List<?> values) {
        String relative = layout.relativePath(values);
        return qualifiedLocation.resolve(relative);
    }

    @Override
    public String toString() {
        return "FormatTable{" + location + ", " + options.format().identifier() + "}";
    }
}
