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

import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreDatabase;
import dev.formattable.core.metastore.MetastoreTable;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.rest.testutils.RestCatalogExtension;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FormatTable;
import org.apache.paimon.table.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The REST metastore against Paimon's own REST server, checked through Paimon's own catalog. */
class RestMetastoreTest {

    @RegisterExtension static final RestCatalogExtension REST = new RestCatalogExtension();

    private static int databases;

    private Metastore metastore;
    private Catalog paimon;
    private String db;

    @BeforeEach
    void open() throws Exception {
        metastore = new RestMetastoreFactory().open(REST.catalogOptions(), new LocalFileIO());
        paimon = REST.paimonCatalog();
        db = "rest_db" + (++databases);
        assertThat(metastore.createDatabase(db, Map.of("owner", "ann"), "a test")).isTrue();
    }

    @AfterEach
    void close() throws Exception {
        metastore.close();
        paimon.close();
    }

    private static TableSchema csvSchema() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("type", "format-table");
        options.put("file.format", "csv");
        return new TableSchema(
                List.of(
                        new DataField(0, "id", DataTypes.parse("BIGINT"), "the id"),
                        new DataField(1, "name", DataTypes.parse("STRING"), null),
                        new DataField(2, "dt", DataTypes.parse("STRING"), null)),
                List.of("dt"),
                List.of(),
                options,
                "events");
    }

    @Test
    void databasesKeepPropertiesAndComment() throws Exception {
        assertThat(metastore.databases()).contains(db);
        MetastoreDatabase read = metastore.database(db).orElseThrow();
        assertThat(read.properties()).containsEntry("owner", "ann");
        assertThat(read.comment()).isEqualTo("a test");
        assertThat(metastore.createDatabase(db, Map.of(), null)).isFalse();

        metastore.alterDatabase(db, Map.of("team", "b"), "changed");
        MetastoreDatabase altered = metastore.database(db).orElseThrow();
        assertThat(altered.properties()).containsEntry("team", "b").doesNotContainKey("owner");
        assertThat(altered.comment()).isEqualTo("changed");
        assertThat(paimon.getDatabase(db).options()).containsEntry("team", "b");

        metastore.dropDatabase(db);
        assertThat(metastore.database(db)).isEmpty();
        assertThat(metastore.databases()).doesNotContain(db);
    }

    @Test
    void tableWeCreateIsAFormatTableForPaimon() throws Exception {
        assertThat(metastore.createTable(db, "events", csvSchema())).isTrue();
        assertThat(metastore.createTable(db, "events", csvSchema())).isFalse();

        Table table = paimon.getTable(Identifier.create(db, "events"));
        assertThat(table).isInstanceOf(FormatTable.class);
        FormatTable format = (FormatTable) table;
        assertThat(format.format()).isEqualTo(FormatTable.Format.CSV);
        assertThat(format.partitionKeys()).containsExactly("dt");
        assertThat(format.rowType().getFieldNames()).containsExactly("id", "name", "dt");
        assertThat(format.rowType().getFields().get(0).description()).isEqualTo("the id");
        assertThat(format.comment()).contains("events");

        MetastoreTable served = metastore.table(db, "events").orElseThrow();
        assertThat(served.refusal()).isEmpty();
        assertThat(served.location().toString()).isEqualTo(format.location());
        assertThat(served.schema().fieldNames()).containsExactly("id", "name", "dt");
        assertThat(served.schema().partitionKeys()).containsExactly("dt");
        assertThat(served.schema().options()).containsEntry("file.format", "csv");
        assertThat(metastore.tables(db)).containsExactly("events");
    }

    @Test
    void formatTablePaimonCreatedIsServedWithItsLocationAndSchema() throws Exception {
        paimon.createTable(
                Identifier.create(db, "orders"),
                Schema.newBuilder()
                        .column("id", org.apache.paimon.types.DataTypes.INT())
                        .column("amount", org.apache.paimon.types.DataTypes.DECIMAL(10, 2))
                        .column("day", org.apache.paimon.types.DataTypes.DATE())
                        .partitionKeys("day")
                        .option("type", "format-table")
                        .option("file.format", "parquet")
                        .build(),
                false);
        FormatTable format = (FormatTable) paimon.getTable(Identifier.create(db, "orders"));

        MetastoreTable served = metastore.table(db, "orders").orElseThrow();
        assertThat(served.location().toString()).isEqualTo(format.location());
        assertThat(served.schema().fieldNames()).containsExactly("id", "amount", "day");
        assertThat(served.schema().field("amount").type().toString()).isEqualTo("DECIMAL(10, 2)");
        assertThat(served.schema().partitionKeys()).containsExactly("day");
        assertThat(metastore.table(db, "missing")).isEmpty();
    }

    @Test
    void paimonTablesOfOtherTypesAreListedAndRefusedByName() throws Exception {
        paimon.createTable(
                Identifier.create(db, "pk"),
                Schema.newBuilder()
                        .column("id", org.apache.paimon.types.DataTypes.INT().notNull())
                        .column("v", org.apache.paimon.types.DataTypes.STRING())
                        .primaryKey("id")
                        .build(),
                false);
        paimon.createTable(
                Identifier.create(db, "append"),
                Schema.newBuilder().column("v", org.apache.paimon.types.DataTypes.STRING()).build(),
                false);

        assertThat(metastore.tables(db)).containsExactly("append", "pk");
        assertThat(metastore.table(db, "pk").orElseThrow().refusal())
                .hasValueSatisfying(r -> assertThat(r).contains("a primary-key table"));
        assertThat(metastore.table(db, "append").orElseThrow().refusal())
                .hasValueSatisfying(r -> assertThat(r).contains("an append table"));
    }

    @Test
    void aTableWhosePartitionsTheCatalogOwnsIsRefusedByName() throws Exception {
        paimon.createTable(
                Identifier.create(db, "owned"),
                Schema.newBuilder()
                        .column("id", org.apache.paimon.types.DataTypes.INT())
                        .column("dt", org.apache.paimon.types.DataTypes.STRING())
                        .partitionKeys("dt")
                        .option("type", "format-table")
                        .option("file.format", "csv")
                        .option("metastore.partitioned-table", "true")
                        .build(),
                false);
        assertThat(metastore.tables(db)).contains("owned");
        assertThat(metastore.table(db, "owned").orElseThrow().refusal())
                .hasValueSatisfying(
                        r -> assertThat(r).contains("'metastore.partitioned-table'='true'"));
    }

    @Test
    void alterationsReachTheCatalog() throws Exception {
        metastore.createTable(db, "events", csvSchema());
        metastore.alterTable(
                db,
                "events",
                s -> {
                    List<DataField> fields = new java.util.ArrayList<>(s.fields());
                    fields.add(new DataField(3, "note", DataTypes.parse("STRING"), "added"));
                    Map<String, String> options = new HashMap<>(s.options());
                    options.put("csv.field-delimiter", ";");
                    return new TableSchema(
                            fields, s.partitionKeys(), s.primaryKeys(), options, "renamed");
                });

        FormatTable format = (FormatTable) paimon.getTable(Identifier.create(db, "events"));
        assertThat(format.rowType().getFieldNames()).containsExactly("id", "name", "dt", "note");
        assertThat(format.options()).containsEntry("csv.field-delimiter", ";");
        assertThat(format.comment()).contains("renamed");
        TableSchema served = metastore.table(db, "events").orElseThrow().schema();
        assertThat(served.field("note").description()).isEqualTo("added");

        metastore.alterTable(
                db,
                "events",
                s -> {
                    Map<String, String> options = new HashMap<>(s.options());
                    options.remove("csv.field-delimiter");
                    return new TableSchema(
                            s.fields(), s.partitionKeys(), s.primaryKeys(), options, s.comment());
                });
        assertThat(paimon.getTable(Identifier.create(db, "events")).options())
                .doesNotContainKey("csv.field-delimiter");

        assertThatThrownBy(
                        () ->
                                metastore.alterTable(
                                        db,
                                        "events",
                                        s ->
                                                new TableSchema(
                                                        s.fields(),
                                                        List.of(),
                                                        s.primaryKeys(),
                                                        s.options(),
                                                        s.comment())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("partition keys");
    }

    @Test
    void droppedTableIsGoneFromTheCatalog() throws Exception {
        metastore.createTable(db, "events", csvSchema());
        assertThat(metastore.dropTable(db, "events")).isTrue();
        assertThat(metastore.dropTable(db, "events")).isFalse();
        assertThat(metastore.table(db, "events")).isEmpty();
        assertThat(paimon.listTables(db)).isEmpty();
    }

    @Test
    void badOptionsAreNamed() {
        Map<String, String> noUri = new HashMap<>(REST.catalogOptions());
        noUri.remove("uri");
        assertThatThrownBy(() -> new RestMetastoreFactory().open(noUri, new LocalFileIO()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'uri'");

        Map<String, String> wrongToken = new HashMap<>(REST.catalogOptions());
        wrongToken.put("token", "not-the-token");
        assertThatThrownBy(() -> new RestMetastoreFactory().open(wrongToken, new LocalFileIO()))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageContaining(RestCatalogExtension.WAREHOUSE)
                .hasMessageContaining(REST.uri());
    }
}
