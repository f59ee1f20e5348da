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
package dev.formattable.core.types;

import java.io.Serializable;
import java.util.Objects;

/** A named column (or nested field) with its type and, in a schema, its id. */
public final class DataField implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int id;
    private final String name;
    private final DataType type;
    private final String description;

    public DataField(int id, String name, DataType type, String description) {
        this.id = id;
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
        this.description = description;
    }

    public DataField(int id, String name, DataType type) {
        this(id, name, type, null);
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public DataType type() {
        return type;
    }

    public String description() {
        return description;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DataField)) {
            return false;
        }
        DataField f = (DataField) o;
        return id == f.id
                && name.equals(f.name)
                && type.equals(f.type)
                && Objects.equals(description, f.description);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, type);
    }

    @Override
    public String toString() {
        return "`" + name.replace("`", "``") + "` " + type;
    }
}
