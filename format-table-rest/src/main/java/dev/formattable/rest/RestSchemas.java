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
package dev.formattable.rest;

import dev.formattable.core.schema.SchemaJson;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;

import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.utils.JsonSerdeUtil;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Carries schemas between our form and Paimon's through the JSON both read and write (that of
 * Paimon's schema files), and turns an alteration into the changes Paimon's REST API applies.
 */
final class RestSchemas {

    private RestSchemas() {}

    /** A schema the catalog served, in our form. */
    static TableSchema toCore(Schema schema) {
        return SchemaJson.fromJson(JsonSerdeUtil.toJson(schema));
    }

    /** A schema of ours, as the catalog takes it. */
    static Schema toPaimon(TableSchema schema) {
        return JsonSerdeUtil.fromJson(SchemaJson.toJson(schema, 0, 0), Schema.class);
    }

    /**
     * What turns {@code before} into {@code after}: columns added at the end, column and table
     * comments, options set and removed. The connector refuses any other alteration before it gets
     * here (its files hold the columns by name and position).
     *
     * @throws IllegalArgumentException naming a change the catalog would be asked for that a format
     *     table's files cannot follow
     */
    static List<SchemaChange> changes(String table, TableSchema before, TableSchema after) {
        if (!after.partitionKeys().equals(before.partitionKeys())) {
            throw new IllegalArgumentException(
                    String.format(
                            "Cannot change the partition keys of %s from %s to %s",
                            table, before.partitionKeys(), after.partitionKeys()));
        }
        List<SchemaChange> changes = new ArrayList<>();
        List<DataField> old = before.fields();
        List<DataField> now = after.fields();
        for (int i = 0; i < old.size(); i++) {
            DataField was = old.get(i);
            DataField is = i < now.size() ? now.get(i) : null;
            if (is == null || !is.name().equals(was.name()) || !is.type().equals(was.type())) {
                throw new IllegalArgumentException(
                        String.format(
                                "Cannot change column '%s' of %s to %s: only columns added at the"
                                        + " end, comments and options can change",
                                was.name(), table, is == null ? "nothing" : is));
            }
            if (!Objects.equals(is.description(), was.description())) {
                changes.add(SchemaChange.updateColumnComment(was.name(), is.description()));
            }
        }
        if (now.size() > old.size()) {
            // The types of the added columns, as Paimon's own parser reads ours.
            List<org.apache.paimon.types.DataField> typed = toPaimon(after).fields();
            for (int i = old.size(); i < now.size(); i++) {
                DataField added = now.get(i);
                changes.add(
                        SchemaChange.addColumn(
                                added.name(), typed.get(i).type(), added.description()));
            }
        }
        Map<String, String> was = before.options();
        after.options()
                .forEach(
                        (k, v) -> {
                            if (!v.equals(was.get(k))) {
                                changes.add(SchemaChange.setOption(k, v));
                            }
                        });
        was.keySet().stream()
                .filter(k -> !after.options().containsKey(k))
                .forEach(k -> changes.add(SchemaChange.removeOption(k)));
        if (!Objects.equals(before.comment(), after.comment())) {
            changes.add(SchemaChange.updateComment(after.comment()));
        }
        return changes;
    }
}
