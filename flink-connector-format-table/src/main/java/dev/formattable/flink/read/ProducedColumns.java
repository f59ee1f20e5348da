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
package dev.formattable.flink.read;

import org.apache.flink.table.data.columnar.vector.ColumnVector;

/** The columns of a produced batch: the decoded ones and the split's constants, in order. */
final class ProducedColumns {

    private ProducedColumns() {}

    /**
     * The produced columns: per produced column its constant, or else the next decoded column; a
     * decoded column left over (one read only to count rows) comes last.
     */
    static ColumnVector[] arrange(ColumnVector[] decoded, ColumnVector[] constants) {
        int extra = decoded.length;
        for (ColumnVector c : constants) {
            if (c == null) {
                extra--;
            }
        }
        ColumnVector[] columns = new ColumnVector[constants.length + extra];
        int next = 0;
        for (int i = 0; i < constants.length; i++) {
            columns[i] = constants[i] != null ? constants[i] : decoded[next++];
        }
        if (extra > 0) {
            columns[constants.length] = decoded[next];
        }
        return columns;
    }
}
