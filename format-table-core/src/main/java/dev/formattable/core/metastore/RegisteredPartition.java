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

import dev.formattable.core.fs.Path;

import java.util.List;
import java.util.Objects;

/**
 * A partition as a metastore lists it: its values as text, in key order, and its directory (null
 * when the metastore records none of its own).
 */
public final class RegisteredPartition {

    private final List<String> values;
    private final Path location;

    public RegisteredPartition(List<String> values, Path location) {
        this.values = List.copyOf(values);
        this.location = location;
    }

    /** The values as the metastore keeps them (the NULL partition by the table's name for it). */
    public List<String> values() {
        return values;
    }

    /** Where its files are; null when the metastore records no location of its own. */
    public Path location() {
        return location;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof RegisteredPartition)) {
            return false;
        }
        RegisteredPartition that = (RegisteredPartition) o;
        return values.equals(that.values) && Objects.equals(location, that.location);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values, location);
    }

    @Override
    public String toString() {
        return values + " at " + location;
    }
}
