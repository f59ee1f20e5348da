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

/**
 * The row {@link ForwardingRowData} answers from. Rows of Flink 1.20 and 2.0 have no field type
 * beyond those {@link ForwardingRowData} forwards; 2.1 added VARIANT.
 */
@Internal
public abstract class LineForwardingRowData implements RowData {

    /** The row answered from; subclasses replace it per record. */
    protected RowData row;
}
