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
package dev.formattable.flink.internal;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.variant.Variant;

/**
 * The row {@link ForwardingRowData} answers from, and the VARIANT fields that Flink 2.1 added to
 * rows.
 */
@Internal
public abstract class LineForwardingRowData implements RowData {

    /** The row answered from; subclasses replace it per record. */
    protected RowData row;

    @Override
    public Variant getVariant(int pos) {
        return row.getVariant(pos);
    }
}
