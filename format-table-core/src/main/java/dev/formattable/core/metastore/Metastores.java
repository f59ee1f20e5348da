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

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ServiceLoader;

/** Finds the {@link MetastoreFactory} a catalog's {@code metastore} option names. */
public final class Metastores {

    /** The catalog option that chooses the metastore. */
    public static final String METASTORE = "metastore";

    private Metastores() {}

    /**
     * The factory of {@code identifier}, found on the class path of {@code classLoader}.
     *
     * @throws IllegalArgumentException naming the option, the value, the values available, and for
     *     a known metastore the jar that brings it
     */
    public static MetastoreFactory factory(String identifier, ClassLoader classLoader) {
        List<String> available = new ArrayList<>();
        for (MetastoreFactory f : ServiceLoader.load(MetastoreFactory.class, classLoader)) {
            if (f.identifier().equals(identifier)) {
                return f;
            }
            available.add(f.identifier());
        }
        Collections.sort(available);
        String hint =
                "hive".equals(identifier)
                        ? " The Hive Metastore comes in its own jar: add"
                                + " format-table-hive (or flink-sql-connector-format-table-hive"
                                + " for SQL) to the class path."
                        : "";
        throw new IllegalArgumentException(
                String.format(
                        "Unknown value '%s' of option '%s': the metastores on the class path are"
                                + " %s.%s",
                        identifier, METASTORE, available, hint));
    }
}
