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
import java.util.List;
import java.util.Locale;

/** Recursive descent over the tokens of a type's text. */
final class TypeParser {
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
                return DataTypes.BOOLEAN();
            case "TINYINT":
                return DataTypes.TINYINT();
            case "SMALLINT":
                return DataTypes.SMALLINT();
            case "INT":
            case "INTEGER":
                return DataTypes.INT();
            case "BIGINT":
                return DataTypes.BIGINT();
            case "FLOAT":
                return DataTypes.FLOAT();
            case "DOUBLE":
                if (peekIs("PRECISION")) {
                    next();
                }
                return DataTypes.DOUBLE();
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
                    return DataTypes.DECIMAL(precision, scale);
                }
            case "CHAR":
                return DataTypes.CHAR(optionalLength(1));
            case "VARCHAR":
                return DataTypes.VARCHAR(optionalLength(1));
            case "STRING":
                return DataTypes.STRING();
            case "BINARY":
                return DataTypes.BINARY(optionalLength(1));
            case "VARBINARY":
                return DataTypes.VARBINARY(optionalLength(1));
            case "BYTES":
                return DataTypes.BYTES();
            case "DATE":
                return DataTypes.DATE();
            case "TIME":
                {
                    int p = optionalLength(0);
                    skipWithoutTimeZone();
                    return DataTypes.TIME(p);
                }
            case "TIMESTAMP":
                {
                    int p = optionalLength(6);
                    if (peekIs("WITH")) {
                        next();
                        expect("LOCAL");
                        expect("TIME");
                        expect("ZONE");
                        return DataTypes.TIMESTAMP_LTZ(p);
                    }
                    skipWithoutTimeZone();
                    return DataTypes.TIMESTAMP(p);
                }
            case "TIMESTAMP_LTZ":
                return DataTypes.TIMESTAMP_LTZ(optionalLength(6));
            case "ARRAY":
                {
                    expect("<");
                    DataType element = parseType();
                    expect(">");
                    return DataTypes.ARRAY(element);
                }
            case "MULTISET":
                {
                    expect("<");
                    DataType element = parseType();
                    expect(">");
                    return DataTypes.MULTISET(element);
                }
            case "MAP":
                {
                    expect("<");
                    DataType key = parseType();
                    expect(",");
                    DataType value = parseType();
                    expect(">");
                    return DataTypes.MAP(key, value);
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
            return DataTypes.ROW(fields);
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
                return DataTypes.ROW(fields);
            }
            if (!sep.equals(",")) {
                pos--;
                throw error("',' or '>' expected but '" + sep + "' found");
            }
        }
    }
}
