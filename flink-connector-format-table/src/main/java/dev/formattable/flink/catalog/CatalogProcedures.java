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

import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.ProcedureNotExistException;
import org.apache.flink.table.procedures.Procedure;

import java.util.List;

/** The catalog's procedures, called as {@code CALL <catalog>.sys.<name>(...)}. */
final class CatalogProcedures {

    static final String SYSTEM_DATABASE = "sys";

    private CatalogProcedures() {}

    static List<String> list(String database) {
        return SYSTEM_DATABASE.equals(database)
                ? List.of(
                        ComputeStatisticsProcedure.NAME,
                        ExpirePartitionsProcedure.NAME,
                        RemoveOrphanFilesProcedure.NAME)
                : List.of();
    }

    static Procedure get(FormatTableCatalog catalog, ObjectPath path)
            throws ProcedureNotExistException {
        if (SYSTEM_DATABASE.equals(path.getDatabaseName())) {
            switch (path.getObjectName()) {
                case ComputeStatisticsProcedure.NAME:
                    return new ComputeStatisticsProcedure(catalog);
                case ExpirePartitionsProcedure.NAME:
                    return new ExpirePartitionsProcedure(catalog);
                case RemoveOrphanFilesProcedure.NAME:
                    return new RemoveOrphanFilesProcedure(catalog);
                default:
                    break;
            }
        }
        throw new ProcedureNotExistException(catalog.getName(), path);
    }
}
