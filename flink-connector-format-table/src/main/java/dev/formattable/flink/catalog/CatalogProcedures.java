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
                ? List.of(ComputeStatisticsProcedure.NAME, RemoveOrphanFilesProcedure.NAME)
                : List.of();
    }

    static Procedure get(FormatTableCatalog catalog, ObjectPath path)
            throws ProcedureNotExistException {
        if (SYSTEM_DATABASE.equals(path.getDatabaseName())) {
            switch (path.getObjectName()) {
                case ComputeStatisticsProcedure.NAME:
                    return new ComputeStatisticsProcedure(catalog);
                case RemoveOrphanFilesProcedure.NAME:
                    return new RemoveOrphanFilesProcedure(catalog);
                default:
                    break;
            }
        }
        throw new ProcedureNotExistException(catalog.getName(), path);
    }
}
