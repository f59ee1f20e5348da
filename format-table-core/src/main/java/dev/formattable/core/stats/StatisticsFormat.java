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
package dev.formattable.core.stats;

import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.memory.Memory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;

/**
 * The bytes of a statistics file. Version 1 is two parts:
 *
 * <pre>
 * {"version":1,"length":1234,"crc32":"89abcdef"}\n      one line: the header
 * { "rowCount": ..., "files": [...], "columns": [...] }  'length' bytes of JSON: the body
 * </pre>
 *
 * <p>The header comes first and starts with the version, so a reader decides from it alone whether
 * it knows the format; any later version must keep that first line's {@code version}. The length
 * and CRC-32 of the body catch a truncated or damaged file. In the body a min or max is text (see
 * {@link ColumnValues#toText}) and a sketch is its compact DataSketches HLL image in base64.
 */
final class StatisticsFormat {

    static final int VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper();

    private StatisticsFormat() {}

    /** Why a file is not read; the store logs it once and reads no statistics. */
    static final class UnreadableException extends Exception {
        private static final long serialVersionUID = 1L;

        UnreadableException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static byte[] encode(PartitionStatistics stats) {
        ObjectNode body = JSON.createObjectNode();
        body.put("rowCount", stats.rowCount());
        ArrayNode files = body.putArray("files");
        for (Fingerprint.FileEntry f : stats.fingerprint().files()) {
            files.addObject()
                    .put("name", f.name())
                    .put("size", f.size())
                    .put("modificationTime", f.modificationTime());
        }
        ArrayNode columns = body.putArray("columns");
        for (ColumnStatistics c : stats.columns()) {
            ObjectNode col = columns.addObject();
            col.put("name", c.name());
            col.put("type", c.type().typeText());
            col.put("nullCount", c.nullCount());
            // Absent (null) when the column had no ordered value.
            col.put("min", c.min().map(ColumnValues::toText).orElse(null));
            col.put("max", c.max().map(ColumnValues::toText).orElse(null));
            col.put("totalWidth", c.totalWidth());
            col.put("maxWidth", c.maxWidth());
            col.put("hll", Base64.getEncoder().encodeToString(c.sketch().toCompactByteArray()));
        }
        byte[] bodyBytes;
        try {
            bodyBytes =
                    JSON.writerWithDefaultPrettyPrinter()
                            .writeValueAsString(body)
                            .concat("\n")
                            .getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            // A tree of plain nodes always serializes; reaching here is a bug.
            throw new IllegalStateException("Cannot write partition statistics as json", e);
        }
        String header =
                String.format(
                        Locale.ROOT,
                        "{\"version\":%d,\"length\":%d,\"crc32\":\"%08x\"}\n",
                        VERSION,
                        bodyBytes.length,
                        crc32(bodyBytes, 0, bodyBytes.length));
        byte[] headerBytes = header.getBytes(StandardCharsets.UTF_8);
        byte[] out = Arrays.copyOf(headerBytes, headerBytes.length + bodyBytes.length);
        System.arraycopy(bodyBytes, 0, out, headerBytes.length, bodyBytes.length);
        return out;
    }

    /**
     * Reads a file's bytes.
     *
     * @throws UnreadableException for an unknown version, a damaged or truncated file, a missing
     *     field or an impossible value; the message says which
     */
    static PartitionStatistics decode(byte[] bytes) throws UnreadableException {
        int newline = indexOf(bytes, (byte) '\n');
        if (newline < 0) {
            throw new UnreadableException("it has no header line", null);
        }
        JsonNode header = parse(bytes, 0, newline, "header");
        JsonNode version = header.get("version");
        if (version == null || !version.isInt()) {
            throw new UnreadableException("its header has no version", null);
        }
        if (version.intValue() != VERSION) {
            throw new UnreadableException(
                    "its format version "
                            + version.intValue()
                            + " is not the version this code reads ("
                            + VERSION
                            + ")",
                    null);
        }
        long length = requireLong(header, "length");
        int start = newline + 1;
        if (bytes.length - start != length) {
            throw new UnreadableException(
                    String.format(
                            "its body has %d bytes where the header says %d",
                            bytes.length - start, length),
                    null);
        }
        String crc = String.format(Locale.ROOT, "%08x", crc32(bytes, start, bytes.length - start));
        if (!crc.equals(requireText(header, "crc32"))) {
            throw new UnreadableException("its checksum does not match: the body is damaged", null);
        }
        JsonNode body = parse(bytes, start, bytes.length - start, "body");
        try {
            return readBody(body);
        } catch (RuntimeException e) {
            throw new UnreadableException("it holds an impossible value: " + e.getMessage(), e);
        }
    }

    private static PartitionStatistics readBody(JsonNode body) throws UnreadableException {
        long rowCount = requireLong(body, "rowCount");
        List<Fingerprint.FileEntry> files = new ArrayList<>();
        for (JsonNode f : requireArray(body, "files")) {
            files.add(
                    new Fingerprint.FileEntry(
                            requireText(f, "name"),
                            requireLong(f, "size"),
                            requireLong(f, "modificationTime")));
        }
        List<ColumnStatistics> columns = new ArrayList<>();
        for (JsonNode c : requireArray(body, "columns")) {
            String name = requireText(c, "name");
            DataType type = DataTypes.parse(requireText(c, "type"));
            if (!ColumnValues.supports(type)) {
                throw new IllegalArgumentException(
                        "column '" + name + "' has type " + type.typeText());
            }
            HllSketch sketch =
                    HllSketch.heapify(
                            Memory.wrap(Base64.getDecoder().decode(requireText(c, "hll"))));
            columns.add(
                    new ColumnStatistics(
                            name,
                            type,
                            sketch,
                            requireLong(c, "nullCount"),
                            optionalValue(c, "min", type),
                            optionalValue(c, "max", type),
                            requireLong(c, "totalWidth"),
                            requireLong(c, "maxWidth")));
        }
        return new PartitionStatistics(rowCount, Fingerprint.of(files), columns);
    }

    private static Object optionalValue(JsonNode node, String field, DataType type)
            throws UnreadableException {
        JsonNode v = node.get(field);
        if (v == null) {
            throw missing(field);
        }
        if (v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new UnreadableException("its field '" + field + "' is not text", null);
        }
        return ColumnValues.fromText(type, v.textValue());
    }

    private static JsonNode parse(byte[] bytes, int offset, int length, String part)
            throws UnreadableException {
        try {
            JsonNode node = JSON.readTree(bytes, offset, length);
            if (node == null || !node.isObject()) {
                throw new UnreadableException("its " + part + " is not a JSON object", null);
            }
            return node;
        } catch (IOException e) {
            throw new UnreadableException("its " + part + " is not JSON: " + e.getMessage(), e);
        }
    }

    private static long requireLong(JsonNode node, String field) throws UnreadableException {
        JsonNode v = node.get(field);
        if (v == null) {
            throw missing(field);
        }
        if (!v.canConvertToLong() || !v.isIntegralNumber()) {
            throw new UnreadableException("its field '" + field + "' is not an integer", null);
        }
        return v.longValue();
    }

    private static String requireText(JsonNode node, String field) throws UnreadableException {
        JsonNode v = node.get(field);
        if (v == null) {
            throw missing(field);
        }
        if (!v.isTextual()) {
            throw new UnreadableException("its field '" + field + "' is not text", null);
        }
        return v.textValue();
    }

    private static JsonNode requireArray(JsonNode node, String field) throws UnreadableException {
        JsonNode v = node.get(field);
        if (v == null) {
            throw missing(field);
        }
        if (!v.isArray()) {
            throw new UnreadableException("its field '" + field + "' is not an array", null);
        }
        return v;
    }

    private static UnreadableException missing(String field) {
        return new UnreadableException("the field '" + field + "' is missing", null);
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static long crc32(byte[] bytes, int offset, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, offset, length);
        return crc.getValue();
    }
}
