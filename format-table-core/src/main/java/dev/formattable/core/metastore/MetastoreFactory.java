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
package dev.formattable.core.metastore;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.options.ConfigOption;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Opens a {@link Metastore} of one kind, chosen by a catalog's {@code metastore} option. Found with
 * {@link java.util.ServiceLoader} (see {@link Metastores}), so a metastore whose client is heavy
 * lives in a jar of its own.
 */
public interface MetastoreFactory {

    /** The value of the {@code metastore} option that selects this factory. */
    String identifier();

    /**
     * The catalog options this metastore reads beyond {@code metastore}, {@code warehouse} and
     * {@code default-database}: a catalog refuses any other key, and documents these.
     */
    List<ConfigOption<?>> options();

    /**
     * Prefixes of further catalog keys this metastore reads (such as HTTP headers, one key each),
     * which a catalog passes on as they are. None by default.
     */
    default List<String> optionPrefixes() {
        return List.of();
    }

    /**
     * @param options the catalog's options, validated by the catalog against {@link #options()}
     * @param fileIO the file system of the tables' files
     */
    Metastore open(Map<String, String> options, FileIO fileIO) throws IOException;
}
