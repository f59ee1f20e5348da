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
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A column type: its root, nullability, length or precision and scale, and the types it nests.
 * {@link #toString()} gives the text Paimon writes for it ({@code INT NOT NULL}, {@code DECIMAL(10,
 * 2)}, {@code TIMESTAMP(6)}, ...); {@link DataTypes#parse(String)} reads that text back.
 */
public final class DataType implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The length of {@code STRING} and {@code BYTES}: the largest VARCHAR and VARBINARY. */
    public static final int MAX_LENGTH = Integer.MAX_VALUE;

    private final TypeRoot root;
    private final boolean nullable;

    /** Length for CHAR/VARCHAR/BINARY/VARBINARY, precision for DECIMAL/TIME/TIMESTAMP. */
    private final int length;

    private final int scale;

    /** Element of ARRAY/MULTISET, or key and value of MAP. */
    private final List<DataType> children;

    /** Fields of ROW. */
    private final List<DataField> fields;

    DataType(
            TypeRoot root,
            boolean nullable,
            int length,
            int scale,
            List<DataType> children,
            List<DataField> fields) {
        this.root = Objects.requireNonNull(root);
        this.nullable = nullable;
        this.length = length;
        this.scale = scale;
        this.children = List.copyOf(children);
        this.fields = List.copyOf(fields);
    }

    public TypeRoot root() {
        return root;
    }

    public boolean isNullable() {
        return nullable;
    }

    /** Length of a character or binary string type. */
    public int length() {
        return length;
    }

    /** Precision of DECIMAL, TIME, TIMESTAMP and TIMESTAMP_LTZ. */
    public int precision() {
        return length;
    }

    public int scale() {
        return scale;
    }

    /** The element type of an ARRAY or MULTISET. */
    public DataType elementType() {
        return children.get(0);
    }

    public DataType keyType() {
        return children.get(0);
    }

    public DataType valueType() {
        return children.get(1);
    }

    public List<DataField> fields() {
        return fields;
    }

    public DataType copy(boolean isNullable) {
        return new DataType(root, isNullable, length, scale, children, fields);
    }

    public DataType notNull() {
        return copy(false);
    }

    /** The type's text without a trailing {@code NOT NULL}. */
    public String typeText() {
        switch (root) {
            case DECIMAL:
                return "DECIMAL(" + length + ", " + scale + ")";
            case CHAR:
            case BINARY:
            case TIME:
            case TIMESTAMP:
                return root.typeName() + "(" + length + ")";
            case VARCHAR:
                return length == MAX_LENGTH ? "STRING" : "VARCHAR(" + length + ")";
            case VARBINARY:
                return length == MAX_LENGTH ? "BYTES" : "VARBINARY(" + length + ")";
            case TIMESTAMP_LTZ:
                return "TIMESTAMP(" + length + ") WITH LOCAL TIME ZONE";
            case ARRAY:
            case MULTISET:
                return root.typeName() + "<" + elementType() + ">";
            case MAP:
                return "MAP<" + keyType() + ", " + valueType() + ">";
            case ROW:
                return "ROW<"
                        + fields.stream().map(DataField::toString).collect(Collectors.joining(", "))
                        + ">";
            default:
                return root.typeName();
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DataType)) {
            return false;
        }
        DataType t = (DataType) o;
        return root == t.root
                && nullable == t.nullable
                && length == t.length
                && scale == t.scale
                && children.equals(t.children)
                && fields.equals(t.fields);
    }

    @Override
    public int hashCode() {
        return Objects.hash(root, nullable, length, scale, children, fields);
    }

    @Override
    public String toString() {
        return nullable ? typeText() : typeText() + " NOT NULL";
    }
}
