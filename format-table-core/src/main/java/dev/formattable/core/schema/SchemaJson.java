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

import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads and writes a table schema in the JSON form of Paimon's schema files ({@code
 * schema/schema-<id>}), so Paimon's tools read our schemas and we read theirs. Atomic types are
 * strings ({@code "INT NOT NULL"}, {@code "DECIMAL(10, 2)"}); ARRAY, MULTISET, MAP and ROW are
 * objects with their element, key and value types or their fields.
 */
public final class SchemaJson {

    /** The schema file version Paimon writes today. */
    public static final int VERSION = 3;

    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SchemaJson() {}

    /** The JSON text of a schema with its id and the time it was written. */
    public static String toJson(TableSchema schema, long id, long timeMillis) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("version", VERSION);
        root.put("id", id);
        ArrayNode fields = root.putArray("fields");
        int[] nextId = {schema.fields().size()};
        int highest = -1;
        for (DataField f : schema.fields()) {
            fields.add(field(f, f.id(), nextId));
            highest = Math.max(highest, f.id());
        }
        root.put("highestFieldId", Math.max(highest, nextId[0] - 1));
        ArrayNode partitionKeys = root.putArray("partitionKeys");
        schema.partitionKeys().forEach(partitionKeys::add);
        ArrayNode primaryKeys = root.putArray("primaryKeys");
        schema.primaryKeys().forEach(primaryKeys::add);
        ObjectNode options = root.putObject("options");
        schema.options().forEach(options::put);
        if (schema.comment() != null) {
            root.put("comment", schema.comment());
        }
        root.put("timeMillis", timeMillis);
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            // A tree of plain nodes always serializes; reaching here is a bug.
            throw new IllegalStateException(
                    "Cannot write the schema of " + schema.fields().size() + " fields as json", e);
        }
    }

    private static ObjectNode field(DataField f, int id, int[] nextId) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("id", id);
        node.put("name", f.name());
        node.set("type", type(f.type(), nextId));
        if (f.description() != null) {
            node.put("description", f.description());
        }
        return node;
    }

    private static JsonNode type(DataType type, int[] nextId) {
        String nullability = type.isNullable() ? "" : " NOT NULL";
        switch (type.root()) {
            case ARRAY:
            case MULTISET:
                {
                    ObjectNode node = MAPPER.createObjectNode();
                    node.put("type", type.root().typeName() + nullability);
                    node.set("element", type(type.elementType(), nextId));
                    return node;
                }
            case MAP:
                {
                    ObjectNode node = MAPPER.createObjectNode();
                    node.put("type", "MAP" + nullability);
                    node.set("key", type(type.keyType(), nextId));
                    node.set("value", type(type.valueType(), nextId));
                    return node;
                }
            case ROW:
                {
                    ObjectNode node = MAPPER.createObjectNode();
                    node.put("type", "ROW" + nullability);
                    ArrayNode fields = node.putArray("fields");
                    for (DataField f : type.fields()) {
                        fields.add(field(f, nextId[0]++, nextId));
                    }
                    return node;
                }
            default:
                return MAPPER.getNodeFactory().textNode(type.toString());
        }
    }

    /**
     * Reads a schema file's JSON text.
     *
     * @throws IllegalArgumentException naming what is malformed
     */
    public static TableSchema fromJson(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Not a schema file: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject() || !root.has("fields")) {
            throw new IllegalArgumentException("Not a schema file: no 'fields'");
        }
        List<DataField> fields = new ArrayList<>();
        for (JsonNode f : root.get("fields")) {
            fields.add(readField(f));
        }
        Map<String, String> options = new LinkedHashMap<>();
        JsonNode opts = root.get("options");
        if (opts != null) {
            Iterator<Map.Entry<String, JsonNode>> it = opts.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                options.put(e.getKey(), e.getValue().asText());
            }
        }
        JsonNode comment = root.get("comment");
        return new TableSchema(
                fields,
                strings(root.get("partitionKeys")),
                strings(root.get("primaryKeys")),
                options,
                comment == null || comment.isNull() ? null : comment.asText());
    }

    /** The id a schema file records, or -1 when it records none. */
    public static long idOf(String json) {
        try {
            JsonNode id = MAPPER.readTree(json).get("id");
            return id == null ? -1 : id.asLong();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Not a schema file: " + e.getOriginalMessage(), e);
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> result = new ArrayList<>();
        if (array != null) {
            array.forEach(n -> result.add(n.asText()));
        }
        return result;
    }

    private static DataField readField(JsonNode f) {
        JsonNode description = f.get("description");
        return new DataField(
                f.get("id").asInt(),
                f.get("name").asText(),
                readType(f.get("type")),
                description == null || description.isNull() ? null : description.asText());
    }

    private static DataType readType(JsonNode node) {
        if (node.isTextual()) {
            return DataTypes.parse(node.asText());
        }
        String text = node.get("type").asText().trim();
        boolean notNull = text.toUpperCase(Locale.ROOT).endsWith("NOT NULL");
        String rootName = text.split("\\s+")[0].toUpperCase(Locale.ROOT);
        DataType type;
        switch (rootName) {
            case "ARRAY":
                type = DataTypes.ARRAY(readType(node.get("element")));
                break;
            case "MULTISET":
                type = DataTypes.MULTISET(readType(node.get("element")));
                break;
            case "MAP":
                type = DataTypes.MAP(readType(node.get("key")), readType(node.get("value")));
                break;
            case "ROW":
                List<DataField> fields = new ArrayList<>();
                for (JsonNode f : node.get("fields")) {
                    fields.add(readField(f));
                }
                type = DataTypes.ROW(fields);
                break;
            default:
                throw new IllegalArgumentException("Unknown type in schema file: " + node);
        }
        return notNull ? type.notNull() : type;
    }
}
