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
package dev.formattable.core.table;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.options.TableOptions;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.partition.PartitionValueCodec;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataType;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a format table is: where its files are (file I/O and location), its schema, its merged
 * options and its partition layout. Scans, writes and commits work from this; {@code
 * dev.formattable.core.FormatTable} adds the entry points that open them, so those packages never
 * depend back on the entry point.
 */
public class FormatTableSpec implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Directories a catalog keeps at the root of its tables; they never hold data. */
    public static final Set<String> CATALOG_METADATA_DIRS = Set.of("schema", "branch");

    private final FileIO fileIO;
    private final Path location;
    private final Path qualifiedLocation;
    private final TableSchema schema;
    private final TableOptions options;
    private final PartitionLayout layout;
    private final boolean metadataUnderLocation;
    private final PartitionRegistry partitionRegistry;

    protected FormatTableSpec(
            FileIO fileIO,
            Path location,
            TableSchema schema,
            TableOptions options,
            boolean metadataUnderLocation,
            PartitionRegistry partitionRegistry) {
        this.metadataUnderLocation = metadataUnderLocation;
        this.partitionRegistry = partitionRegistry;
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
                                options.defaultPartitionName(),
                                options.legacyPartitionName(),
                                options.minimalTimestampFraction()),
                        options.partitionPathOnlyValue(),
                        metadataUnderLocation ? CATALOG_METADATA_DIRS : Set.of());
    }

    /** Whether {@code schema} and {@code branch} at the root are metadata. */
    public boolean metadataUnderLocation() {
        return metadataUnderLocation;
    }

    /** Where a catalog lists the table's partitions, which commits keep up to date; or empty. */
    public Optional<PartitionRegistry> partitionRegistry() {
        return Optional.ofNullable(partitionRegistry);
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
