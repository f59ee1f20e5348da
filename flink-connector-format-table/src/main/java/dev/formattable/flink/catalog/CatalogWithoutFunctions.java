package dev.formattable.flink.catalog;

import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.CatalogFunction;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.FunctionNotExistException;

import java.util.List;

/**
 * The functions part of Flink's {@link Catalog} for a catalog that keeps none: it lists none and
 * refuses to store any. Format tables hold data only.
 */
interface CatalogWithoutFunctions extends Catalog {

    /** The catalog's name, for the error of a missing function. */
    String getName();

    @Override
    default List<String> listFunctions(String database) {
        return List.of();
    }

    @Override
    default CatalogFunction getFunction(ObjectPath path) throws FunctionNotExistException {
        throw new FunctionNotExistException(getName(), path);
    }

    @Override
    default boolean functionExists(ObjectPath path) {
        return false;
    }

    @Override
    default void createFunction(ObjectPath path, CatalogFunction function, boolean ignoreIfExists) {
        throw new UnsupportedOperationException("The format-table catalog stores no functions");
    }

    @Override
    default void alterFunction(
            ObjectPath path, CatalogFunction function, boolean ignoreIfNotExists) {
        throw new UnsupportedOperationException("The format-table catalog stores no functions");
    }

    @Override
    default void dropFunction(ObjectPath path, boolean ignoreIfNotExists) {
        throw new UnsupportedOperationException("The format-table catalog stores no functions");
    }
}
