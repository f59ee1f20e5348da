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
