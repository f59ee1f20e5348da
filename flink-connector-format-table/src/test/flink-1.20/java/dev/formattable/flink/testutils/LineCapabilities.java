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
package dev.formattable.flink.testutils;

/** What the Flink line under test can do, where lines differ and the connector says so. */
public final class LineCapabilities {

    private LineCapabilities() {}

    /**
     * Whether parquet columns holding an ARRAY, MULTISET or MAP of nested values are read. Flink
     * 1.20's parquet readers read collections of plain values only.
     */
    public static final boolean PARQUET_READS_NESTED_COLLECTIONS = false;

    /**
     * Whether a lookup join takes the {@code 'shuffle'='true'} hint. Flink 1.20 has no such hint.
     */
    public static final boolean LOOKUP_SHUFFLE = false;
}
