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

import org.apache.flink.table.catalog.exceptions.CatalogException;

import java.io.IOException;

/** Runs a file-system call of the catalog, turning its I/O failure into Flink's catalog error. */
final class CatalogIo {

    private CatalogIo() {}

    /** A call that may fail with an I/O error. */
    @FunctionalInterface
    interface IoCall<T> {
        T run() throws IOException;
    }

    /** Runs the call; an I/O failure becomes a {@link CatalogException} saying what failed. */
    static <T> T call(IoCall<T> call, String what) {
        try {
            return call.run();
        } catch (IOException e) {
            throw new CatalogException("Cannot " + what + ": " + e.getMessage(), e);
        }
    }
}
