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

import java.util.Map;
import java.util.Objects;

/** A database as a {@link Metastore} stores it. */
public final class MetastoreDatabase {

    private final String name;
    private final Map<String, String> properties;
    private final String comment;

    public MetastoreDatabase(String name, Map<String, String> properties, String comment) {
        this.name = Objects.requireNonNull(name, "name");
        this.properties = Map.copyOf(properties);
        this.comment = comment;
    }

    public String name() {
        return name;
    }

    public Map<String, String> properties() {
        return properties;
    }

    public String comment() {
        return comment;
    }
}
