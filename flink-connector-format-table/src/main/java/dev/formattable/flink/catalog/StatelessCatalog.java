package dev.formattable.flink.catalog;

import org.apache.flink.table.catalog.AbstractCatalog;
import org.apache.flink.table.catalog.CatalogFunction;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.FunctionNotExistException;

import java.util.List;

/**
 * The part of a catalog that a format-table catalog does not keep: it stores no functions, so it
 * lists none and refuses to store any.
 */
abstract class StatelessCatalog extends AbstractCatalog {

    StatelessCatalog(String name, String defaultDatabase) {
        super(name, defaultDatabase);
    }

    @Override
    public List<String> listFunctions(String database) {
        return List.of();
    }

    @Override
    public CatalogFunction getFunction(ObjectPath path) throws FunctionNotExistException {
        throw new FunctionNotExistException(getName(), path);
    }

    @Override
    public boolean functionExists(ObjectPath path) {
        return false;
    }

    @Override
    public void createFunction(ObjectPath path, CatalogFunction function, boolean ignoreIfExists) {
        throw new UnsupportedOperationException("The format-table catalog stores no functions");
    }

    @Override
    public void alterFunction(
            ObjectPath path, CatalogFunction function, boolean ignoreIfNotExists) {
        throw new UnsupportedOperationException("The format-table catalog stores no functions");
    }

    @Override
    public void dropFunction(ObjectPath path, boolean ignoreIfNotExists) {
        throw new UnsupportedOperationException("The format-table catalog stores no functions");
    }
}
