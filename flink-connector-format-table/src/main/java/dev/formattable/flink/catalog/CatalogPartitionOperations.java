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

import org.apache.flink.table.catalog.CatalogPartition;
import org.apache.flink.table.catalog.CatalogPartitionImpl;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.PartitionNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.catalog.exceptions.TableNotPartitionedException;
import org.apache.flink.table.expressions.Expression;

import java.util.List;
import java.util.Map;

/**
 * The catalog's partition calls: each opens the table and works on its partition directories
 * ({@link CatalogPartitions}). A partition has no properties of its own.
 */
final class CatalogPartitionOperations {

    private final String catalogName;
    private final CatalogTableStore tables;

    CatalogPartitionOperations(String catalogName, CatalogTableStore tables) {
        this.catalogName = catalogName;
        this.tables = tables;
    }

    private CatalogPartitions of(ObjectPath path)
            throws TableNotExistException, TableNotPartitionedException {
        FormatTable table = tables.open(path);
        if (!table.layout().isPartitioned()) {
            throw new TableNotPartitionedException(catalogName, path);
        }
        return new CatalogPartitions(table);
    }

    List<CatalogPartitionSpec> list(ObjectPath path)
            throws TableNotExistException, TableNotPartitionedException {
        CatalogPartitions partitions = of(path);
        return CatalogIo.call(partitions::list, "list the partitions of " + path);
    }

    List<CatalogPartitionSpec> list(ObjectPath path, List<Expression> filters)
            throws TableNotExistException, TableNotPartitionedException {
        CatalogPartitions partitions = of(path);
        return CatalogIo.call(() -> partitions.list(filters), "list the partitions of " + path);
    }

    CatalogPartition get(ObjectPath path, CatalogPartitionSpec spec)
            throws PartitionNotExistException {
        if (!exists(path, spec)) {
            throw new PartitionNotExistException(catalogName, path, spec);
        }
        return new CatalogPartitionImpl(Map.of(), null);
    }

    boolean exists(ObjectPath path, CatalogPartitionSpec spec) {
        try {
            CatalogPartitions partitions = of(path);
            return CatalogIo.call(() -> partitions.exists(spec), "look up partition " + spec);
        } catch (TableNotExistException | TableNotPartitionedException e) {
            return false;
        }
    }

    void create(ObjectPath path, CatalogPartitionSpec spec)
            throws TableNotExistException, TableNotPartitionedException {
        CatalogPartitions partitions = of(path);
        CatalogIo.call(() -> partitions.create(spec), "create partition " + spec);
    }

    void drop(ObjectPath path, CatalogPartitionSpec spec, boolean ignoreIfNotExists)
            throws PartitionNotExistException {
        boolean dropped;
        try {
            CatalogPartitions partitions = of(path);
            dropped = CatalogIo.call(() -> partitions.drop(spec), "drop partition " + spec);
        } catch (TableNotExistException | TableNotPartitionedException e) {
            dropped = false;
        }
        if (!dropped && !ignoreIfNotExists) {
            throw new PartitionNotExistException(catalogName, path, spec);
        }
    }
}
