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
package dev.formattable.core.schema;

import dev.formattable.core.fs.Path;

import java.util.Optional;

/** Another writer changed (or created) a table's schema first. */
public final class SchemaConflictException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    SchemaConflictException(Path table, Optional<Long> expected, Optional<Long> found) {
        super(
                expected.isEmpty()
                        ? String.format(
                                "Table %s already exists (its schema is at version %s)",
                                table, found.map(String::valueOf).orElse("?"))
                        : String.format(
                                "The schema of table %s changed concurrently: expected version %d,"
                                        + " found %s",
                                table, expected.get(), found.map(String::valueOf).orElse("none")));
    }
}
