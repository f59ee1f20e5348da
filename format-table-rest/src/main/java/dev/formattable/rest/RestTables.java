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
package dev.formattable.rest;

import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.MetastoreTable;
import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.core.schema.TableSchema;

import org.apache.paimon.rest.responses.GetTableResponse;
import org.apache.paimon.schema.Schema;

import java.util.Map;

/** A table the REST catalog served, as a format table or refused with the reason. */
final class RestTables {

    /**
     * The table option of Paimon 2 by which the catalog, not the directories, holds a format
     * table's partitions.
     */
    static final String PARTITIONED_IN_CATALOG = "metastore.partitioned-table";

    private RestTables() {}

    static MetastoreTable fromResponse(String database, String name, GetTableResponse response) {
        Schema schema = response.getSchema();
        Map<String, String> options = schema.options();
        String type = options.getOrDefault(FormatTableOptions.TYPE.key(), "table");
        if (!FormatTableOptions.FORMAT_TABLE_TYPE.equals(type)) {
            String kind =
                    "table".equals(type)
                            ? schema.primaryKeys().isEmpty()
                                    ? "an append table"
                                    : "a primary-key table"
                            : "a table of type '" + type + "'";
            return MetastoreTable.refused(
                    database,
                    name,
                    String.format(
                            "it is a Paimon table, %s ('type'='%s'), not a format table",
                            kind, type));
        }
        if (Boolean.parseBoolean(options.get(PARTITIONED_IN_CATALOG))) {
            return MetastoreTable.refused(
                    database,
                    name,
                    String.format(
                            "its partitions are registered in the catalog ('%s'='true'), which"
                                    + " this connector cannot yet read or register: written"
                                    + " partitions would stay invisible to the catalog's readers",
                            PARTITIONED_IN_CATALOG));
        }
        TableSchema ours;
        try {
            ours = RestSchemas.toCore(schema).validate();
        } catch (IllegalArgumentException e) {
            return MetastoreTable.refused(database, name, e.getMessage());
        }
        return MetastoreTable.served(database, name, Path.of(response.getPath()), ours);
    }
}
