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

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;

/** The {@code table} argument of the catalog's procedures: {@code '<database>.<table>'}. */
final class ProcedureTables {

    private ProcedureTables() {}

    /**
     * Opens the table a procedure's argument names, refusing a bad name by the procedure's name.
     */
    static FormatTable open(FormatTableCatalog catalog, String procedure, String table) {
        if (table == null || table.isBlank()) {
            throw new ValidationException(
                    String.format("'table'='%s' of %s must name a table", table, procedure));
        }
        String[] parts = table.split("\\.", -1);
        if (parts.length > 2 || parts[0].isEmpty() || parts[parts.length - 1].isEmpty()) {
            throw new ValidationException(
                    String.format(
                            "'table'='%s' of %s must be '<database>.<table>' or '<table>'",
                            table, procedure));
        }
        ObjectPath path =
                parts.length == 2
                        ? new ObjectPath(parts[0], parts[1])
                        : new ObjectPath(catalog.getDefaultDatabase(), parts[0]);
        try {
            return catalog.openTable(path);
        } catch (TableNotExistException e) {
            throw new ValidationException(
                    String.format(
                            "'table'='%s' of %s: table %s does not exist in catalog '%s'",
                            table, procedure, path.getFullName(), catalog.getName()),
                    e);
        }
    }
}
