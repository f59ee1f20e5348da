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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

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

    /** Recursive descent over the tokens of a type's text. */
    private static final class TypeParser {
        private final String text;
        private final List<String> tokens = new ArrayList<>();
        private int pos;

        TypeParser(String text) {
            this.text = text;
            tokenize();
        }

        private void tokenize() {
            int i = 0;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if ("(),<>".indexOf(c) >= 0) {
                    tokens.add(String.valueOf(c));
                    i++;
                } else if (c == '`') {
                    StringBuilder sb = new StringBuilder("`");
                    i++;
                    while (true) {
                        if (i >= text.length()) {
                            throw error("an unterminated quoted name");
                        }
                        char q = text.charAt(i++);
                        if (q == '`') {
                            if (i < text.length() && text.charAt(i) == '`') {
                                sb.append('`');
                                i++;
                            } else {
                                break;
                            }
                        } else {
                            sb.append(q);
                        }
                    }
                    tokens.add(sb.toString());
                } else if (c == '\'') {
                    int end = text.indexOf('\'', i + 1);
                    if (end < 0) {
                        throw error("an unterminated string");
                    }
                    tokens.add(text.substring(i, end + 1));
                    i = end + 1;
                } else {
                    int start = i;
                    while (i < text.length()
                            && !Character.isWhitespace(text.charAt(i))
                            && "(),<>`'".indexOf(text.charAt(i)) < 0) {
                        i++;
                    }
                    tokens.add(text.substring(start, i));
                }
            }
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException(
                    "Cannot parse type '" + text + "': " + what + " at token " + (pos + 1));
        }

        private String peek() {
            return pos < tokens.size() ? tokens.get(pos) : null;
        }

        private boolean peekIs(String word) {
            String t = peek();
            return t != null && t.equalsIgnoreCase(word);
        }

        private String next() {
            if (pos >= tokens.size()) {
                throw error("an unexpected end");
            }
            return tokens.get(pos++);
        }

        private void expect(String token) {
            String t = next();
            if (!t.equalsIgnoreCase(token)) {
                pos--;
                throw error("'" + token + "' expected but '" + t + "' found");
            }
        }

        void expectEnd() {
            if (pos < tokens.size()) {
                throw error("unexpected '" + tokens.get(pos) + "'");
            }
        }

        private int number() {
            String t = next();
            try {
                return Integer.parseInt(t);
            } catch (NumberFormatException e) {
                pos--;
                throw error("a number expected but '" + t + "' found");
            }
        }

        private int optionalLength(int dflt) {
            if ("(".equals(peek())) {
                next();
                int n = number();
                expect(")");
                return n;
            }
            return dflt;
        }

        DataType parseType() {
            DataType type = parseBase();
            if (peekIs("NOT")) {
                next();
                expect("NULL");
                return type.notNull();
            }
            if (peekIs("NULL")) {
                next();
            }
            return type;
        }

        private DataType parseBase() {
            String word = next().toUpperCase(Locale.ROOT);
            switch (word) {
                case "BOOLEAN":
                    return BOOLEAN();
                case "TINYINT":
                    return TINYINT();
                case "SMALLINT":
                    return SMALLINT();
                case "INT":
                case "INTEGER":
                    return INT();
                case "BIGINT":
                    return BIGINT();
                case "FLOAT":
                    return FLOAT();
                case "DOUBLE":
                    if (peekIs("PRECISION")) {
                        next();
                    }
                    return DOUBLE();
                case "DECIMAL":
                case "NUMERIC":
                case "DEC":
                    {
                        int precision = 10;
                        int scale = 0;
                        if ("(".equals(peek())) {
                            next();
                            precision = number();
                            if (",".equals(peek())) {
                                next();
                                scale = number();
                            }
                            expect(")");
                        }
                        return DECIMAL(precision, scale);
                    }
                case "CHAR":
                    return CHAR(optionalLength(1));
                case "VARCHAR":
                    return VARCHAR(optionalLength(1));
                case "STRING":
                    return STRING();
                case "BINARY":
                    return BINARY(optionalLength(1));
                case "VARBINARY":
                    return VARBINARY(optionalLength(1));
                case "BYTES":
                    return BYTES();
                case "DATE":
                    return DATE();
                case "TIME":
                    {
                        int p = optionalLength(0);
                        skipWithoutTimeZone();
                        return TIME(p);
                    }
                case "TIMESTAMP":
                    {
                        int p = optionalLength(6);
                        if (peekIs("WITH")) {
                            next();
                            expect("LOCAL");
                            expect("TIME");
                            expect("ZONE");
                            return TIMESTAMP_LTZ(p);
                        }
                        skipWithoutTimeZone();
                        return TIMESTAMP(p);
                    }
                case "TIMESTAMP_LTZ":
                    return TIMESTAMP_LTZ(optionalLength(6));
                case "ARRAY":
                    {
                        expect("<");
                        DataType element = parseType();
                        expect(">");
                        return ARRAY(element);
                    }
                case "MULTISET":
                    {
                        expect("<");
                        DataType element = parseType();
                        expect(">");
                        return MULTISET(element);
                    }
                case "MAP":
                    {
                        expect("<");
                        DataType key = parseType();
                        expect(",");
                        DataType value = parseType();
                        expect(">");
                        return MAP(key, value);
                    }
                case "ROW":
                    return parseRow();
                default:
                    pos--;
                    throw error("unknown type '" + word + "'");
            }
        }

        private void skipWithoutTimeZone() {
            if (peekIs("WITHOUT")) {
                next();
                expect("TIME");
                expect("ZONE");
            }
        }

        private DataType parseRow() {
            expect("<");
            List<DataField> fields = new ArrayList<>();
            if (">".equals(peek())) {
                next();
                return ROW(fields);
            }
            while (true) {
                String name = next();
                if (name.startsWith("`")) {
                    name = name.substring(1);
                }
                DataType type = parseType();
                String description = null;
                if (peek() != null && peek().startsWith("'")) {
                    String quoted = next();
                    description = quoted.substring(1, quoted.length() - 1);
                }
                fields.add(new DataField(fields.size(), name, type, description));
                String sep = next();
                if (sep.equals(">")) {
                    return ROW(fields);
                }
                if (!sep.equals(",")) {
                    pos--;
                    throw error("',' or '>' expected but '" + sep + "' found");
                }
            }
        }
    }
}
