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

import java.util.Arrays;
import java.util.List;

/** Factories for {@link DataType}s, and the parser of their text. */
public final class DataTypes {

    private DataTypes() {}

    private static DataType atomic(TypeRoot root) {
        return new DataType(root, true, 0, 0, List.of(), List.of());
    }

    private static DataType sized(TypeRoot root, int length) {
        return new DataType(root, true, length, 0, List.of(), List.of());
    }

    public static DataType BOOLEAN() {
        return atomic(TypeRoot.BOOLEAN);
    }

    public static DataType TINYINT() {
        return atomic(TypeRoot.TINYINT);
    }

    public static DataType SMALLINT() {
        return atomic(TypeRoot.SMALLINT);
    }

    public static DataType INT() {
        return atomic(TypeRoot.INT);
    }

    public static DataType BIGINT() {
        return atomic(TypeRoot.BIGINT);
    }

    public static DataType FLOAT() {
        return atomic(TypeRoot.FLOAT);
    }

    public static DataType DOUBLE() {
        return atomic(TypeRoot.DOUBLE);
    }

    public static DataType DECIMAL(int precision, int scale) {
        if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
            throw new IllegalArgumentException(
                    "DECIMAL(" + precision + ", " + scale + ") is not a valid decimal type");
        }
        return new DataType(TypeRoot.DECIMAL, true, precision, scale, List.of(), List.of());
    }

    public static DataType CHAR(int length) {
        return sized(TypeRoot.CHAR, length);
    }

    public static DataType VARCHAR(int length) {
        return sized(TypeRoot.VARCHAR, length);
    }

    public static DataType STRING() {
        return sized(TypeRoot.VARCHAR, DataType.MAX_LENGTH);
    }

    public static DataType BINARY(int length) {
        return sized(TypeRoot.BINARY, length);
    }

    public static DataType VARBINARY(int length) {
        return sized(TypeRoot.VARBINARY, length);
    }

    public static DataType BYTES() {
        return sized(TypeRoot.VARBINARY, DataType.MAX_LENGTH);
    }

    public static DataType DATE() {
        return atomic(TypeRoot.DATE);
    }

    public static DataType TIME(int precision) {
        return sized(TypeRoot.TIME, checkPrecision("TIME", precision));
    }

    public static DataType TIMESTAMP(int precision) {
        return sized(TypeRoot.TIMESTAMP, checkPrecision("TIMESTAMP", precision));
    }

    public static DataType TIMESTAMP_LTZ(int precision) {
        return sized(TypeRoot.TIMESTAMP_LTZ, checkPrecision("TIMESTAMP_LTZ", precision));
    }

    public static DataType ARRAY(DataType element) {
        return new DataType(TypeRoot.ARRAY, true, 0, 0, List.of(element), List.of());
    }

    public static DataType MULTISET(DataType element) {
        return new DataType(TypeRoot.MULTISET, true, 0, 0, List.of(element), List.of());
    }

    public static DataType MAP(DataType key, DataType value) {
        return new DataType(TypeRoot.MAP, true, 0, 0, List.of(key, value), List.of());
    }

    public static DataType ROW(DataField... fields) {
        return new DataType(TypeRoot.ROW, true, 0, 0, List.of(), Arrays.asList(fields));
    }

    public static DataType ROW(List<DataField> fields) {
        return new DataType(TypeRoot.ROW, true, 0, 0, List.of(), fields);
    }

    private static int checkPrecision(String name, int precision) {
        if (precision < 0 || precision > 9) {
            throw new IllegalArgumentException(
                    name + "(" + precision + ") is not valid: the precision must be 0 to 9");
        }
        return precision;
    }

    /**
     * Parses a type's text, as {@link DataType#toString()} writes it.
     *
     * @throws IllegalArgumentException naming the text and where it went wrong
     */
    public static DataType parse(String text) {
        TypeParser parser = new TypeParser(text);
        DataType type = parser.parseType();
        parser.expectEnd();
        return type;
    }
}
