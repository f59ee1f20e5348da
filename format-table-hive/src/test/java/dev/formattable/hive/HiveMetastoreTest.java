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
package dev.formattable.hive;

import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreTable;
import dev.formattable.core.metastore.Metastores;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.hive.testutils.HiveMetastoreExtension;

import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.TableType;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Databases and tables in a real Hive Metastore, as we write them and as other engines do. */
class HiveMetastoreTest {

    @RegisterExtension static final HiveMetastoreExtension HMS = new HiveMetastoreExtension();

    @TempDir Path warehouse;

    private Metastore metastore;
    private String db;
    private static int databases;

    @BeforeEach
    void open() throws Exception {
        metastore =
                new HiveMetastoreFactory()
                        .open(
                                Map.of(
                                        "uri",
                                        HiveMetastoreExtension.uri(),
                                        "warehouse",
                                        warehouse.toUri().toString()),
                                new LocalFileIO());
        db = "db" + (++databases);
        assertThat(metastore.createDatabase(db, Map.of("owner", "ann"), "a test")).isTrue();
    }

    @AfterEach
    void close() throws Exception {
        metastore.close();
    }

    private IMetaStoreClient raw() {
        return HMS.client();
    }

    private static TableSchema schema(String format, List<String> partitionKeys) {
        List<DataField> fields =
                List.of(
                        new DataField(0, "id", DataTypes.BIGINT().notNull(), "the key"),
                        new DataField(1, "name", DataTypes.STRING()),
                        new DataField(2, "price", DataTypes.DECIMAL(10, 2)),
                        new DataField(3, "at", DataTypes.TIMESTAMP(3)),
                        new DataField(4, "tags", DataTypes.ARRAY(DataTypes.VARCHAR(20))),
                        new DataField(5, "dt", DataTypes.STRING()));
        Map<String, String> options = new HashMap<>();
        options.put("type", "format-table");
        options.put("file.format", format);
        return new TableSchema(fields, partitionKeys, List.of(), options, "orders");
    }

    @Test
    void databasesAreTheMetastores() throws Exception {
        assertThat(metastore.databases()).contains("default", db);
        assertThat(metastore.database(db).orElseThrow().properties()).containsEntry("owner", "ann");
        assertThat(metastore.database(db).orElseThrow().comment()).isEqualTo("a test");
        assertThat(raw().getDatabase(db).getLocationUri()).endsWith("/" + db + ".db");
        assertThat(metastore.createDatabase(db, Map.of(), null)).isFalse();

        metastore.alterDatabase(db, Map.of("owner", "bob"), "changed");
        assertThat(raw().getDatabase(db).getParameters()).containsEntry("owner", "bob");
        metastore.dropDatabase(db);
        assertThat(metastore.database(db)).isEmpty();
    }

    @Test
    void aTableWeCreateIsAnExternalHiveTableOtherEnginesRead() throws Exception {
        TableSchema schema = schema("parquet", List.of("dt"));
        assertThat(metastore.createTable(db, "orders", schema)).isTrue();
        assertThat(metastore.createTable(db, "orders", schema)).isFalse();

        Table t = raw().getTable(db, "orders");
        assertThat(t.getTableType()).isEqualTo(TableType.EXTERNAL_TABLE.name());
        assertThat(t.getParameters())
                .containsEntry("EXTERNAL", "TRUE")
                .containsEntry("external.table.purge", "TRUE")
                .containsEntry("type", "format-table")
                .containsEntry("file.format", "parquet");
        assertThat(t.getSd().getSerdeInfo().getSerializationLib())
                .isEqualTo("org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe");
        assertThat(t.getSd().getInputFormat())
                .isEqualTo("org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat");
        assertThat(t.getSd().getCols())
                .extracting(FieldSchema::getName, FieldSchema::getType)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("id", "bigint"),
                        org.assertj.core.groups.Tuple.tuple("name", "string"),
                        org.assertj.core.groups.Tuple.tuple("price", "decimal(10,2)"),
                        org.assertj.core.groups.Tuple.tuple("at", "timestamp"),
                        org.assertj.core.groups.Tuple.tuple("tags", "array<varchar(20)>"));
        assertThat(t.getPartitionKeys()).extracting(FieldSchema::getName).containsExactly("dt");
        assertThat(t.getSd().getLocation()).endsWith("/" + db + ".db/orders");

        MetastoreTable back = metastore.table(db, "orders").orElseThrow();
        assertThat(back.refusal()).isEmpty();
        assertThat(back.schema().fields()).isEqualTo(schema.fields());
        assertThat(back.schema().partitionKeys()).containsExactly("dt");
        assertThat(back.schema().options()).containsEntry("file.format", "parquet");
        assertThat(back.schema().comment()).isEqualTo("orders");
        assertThat(metastore.tables(db)).containsExactly("orders");
    }

    @Test
    void csvKeepsItsDelimiterAndNullTextInTheSerDe() throws Exception {
        TableSchema csv = schema("csv", List.of());
        Map<String, String> options = new HashMap<>(csv.options());
        options.put("csv.field-delimiter", ";");
        options.put("csv.null-literal", "NULL");
        metastore.createTable(
                db, "c", new TableSchema(csv.fields(), List.of(), List.of(), options, null));

        SerDeInfo serde = raw().getTable(db, "c").getSd().getSerdeInfo();
        assertThat(serde.getSerializationLib())
                .isEqualTo("org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe");
        assertThat(serde.getParameters())
                .containsEntry("field.delim", ";")
                .containsEntry("serialization.null.format", "NULL");
        assertThat(metastore.table(db, "c").orElseThrow().schema().options())
                .containsEntry("csv.field-delimiter", ";");
    }

    private Table hiveTable(String name, String serde, Map<String, String> serdeParams) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(
                new ArrayList<>(
                        List.of(
                                new FieldSchema("id", "int", null),
                                new FieldSchema("name", "varchar(10)", "who"))));
        sd.setLocation(warehouse.resolve(name).toUri().toString());
        sd.setInputFormat("org.apache.hadoop.mapred.TextInputFormat");
        sd.setOutputFormat("org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat");
        sd.setSerdeInfo(new SerDeInfo(null, serde, new HashMap<>(serdeParams)));
        sd.setParameters(new HashMap<>());
        Table t = new Table();
        t.setDbName(db);
        t.setTableName(name);
        t.setTableType(TableType.EXTERNAL_TABLE.name());
        t.setParameters(new HashMap<>(Map.of("EXTERNAL", "TRUE")));
        t.setPartitionKeys(new ArrayList<>(List.of(new FieldSchema("dt", "date", null))));
        t.setSd(sd);
        return t;
    }

    @Test
    void tablesHiveAndSparkCreateAreServedWithTheirFormat() throws Exception {
        raw().createTable(
                        hiveTable(
                                "pipes",
                                "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe",
                                Map.of("field.delim", "|")));
        raw().createTable(
                        hiveTable(
                                "quoted",
                                "org.apache.hadoop.hive.serde2.OpenCSVSerde",
                                Map.of("separatorChar", "\t")));
        // As Hive and Spark write STORED AS TEXTFILE: no field.delim, and a number that
        // LazySimpleSerDe reads as the byte code of Ctrl-A.
        raw().createTable(
                        hiveTable(
                                "textfile",
                                "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe",
                                Map.of("serialization.format", "1")));
        raw().createTable(
                        hiveTable(
                                "tabs",
                                "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe",
                                Map.of("field.delim", "9", "escape.delim", "92")));
        raw().createTable(hiveTable("events", "org.apache.hive.hcatalog.data.JsonSerDe", Map.of()));
        raw().createTable(
                        hiveTable(
                                "columnar", "org.apache.hadoop.hive.ql.io.orc.OrcSerde", Map.of()));

        TableSchema pipes = metastore.table(db, "pipes").orElseThrow().schema();
        assertThat(pipes.options())
                .containsEntry("file.format", "csv")
                .containsEntry("csv.field-delimiter", "|")
                .containsEntry("csv.null-literal", "\\N")
                .containsEntry("type", "format-table");
        assertThat(pipes.fields())
                .extracting(f -> f.name() + " " + f.type())
                .containsExactly("id INT", "name VARCHAR(10)", "dt DATE");
        assertThat(pipes.fields().get(1).description()).isEqualTo("who");
        assertThat(pipes.partitionKeys()).containsExactly("dt");

        // LazySimpleSerDe quotes nothing and escapes only with escape.delim.
        assertThat(metastore.table(db, "textfile").orElseThrow().schema().options())
                .containsEntry("csv.field-delimiter", "\u0001")
                .containsEntry("csv.quote-character", "")
                .containsEntry("csv.escape-character", "");
        assertThat(metastore.table(db, "tabs").orElseThrow().schema().options())
                .containsEntry("csv.field-delimiter", "\t")
                .containsEntry("csv.escape-character", "\\");
        assertThat(metastore.table(db, "quoted").orElseThrow().schema().options())
                .containsEntry("file.format", "csv")
                .containsEntry("csv.field-delimiter", "\t");
        assertThat(metastore.table(db, "events").orElseThrow().schema().options())
                .containsEntry("file.format", "json");
        assertThat(metastore.table(db, "columnar").orElseThrow().schema().options())
                .containsEntry("file.format", "orc");
    }

    @Test
    void whatWeCannotServeIsListedAndRefusedByName() throws Exception {
        Table view = hiveTable("v", "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", Map.of());
        view.setTableType(TableType.VIRTUAL_VIEW.name());
        view.setViewOriginalText("SELECT 1");
        view.setViewExpandedText("SELECT 1");
        raw().createTable(view);
        // Hive's server takes a transactional table only with its execution engine's ORC
        // classes on its class path, which this metastore lacks: judged without it.
        Table acid = hiveTable("acid", "org.apache.hadoop.hive.ql.io.orc.OrcSerde", Map.of());
        acid.getParameters().put("transactional", "true");
        assertThat(HiveTables.fromHive(acid).refusal().orElseThrow()).contains("transactional");
        raw().createTable(
                        hiveTable(
                                "avro", "org.apache.hadoop.hive.serde2.avro.AvroSerDe", Map.of()));
        Table bucketed =
                hiveTable("bucketed", "org.apache.hadoop.hive.ql.io.orc.OrcSerde", Map.of());
        bucketed.getSd().setNumBuckets(4);
        bucketed.getSd().setBucketCols(new ArrayList<>(List.of("id")));
        raw().createTable(bucketed);
        Table union = hiveTable("u", "org.apache.hadoop.hive.ql.io.orc.OrcSerde", Map.of());
        union.getSd().getCols().add(new FieldSchema("either", "uniontype<int,string>", null));
        raw().createTable(union);

        assertThat(metastore.tables(db)).contains("v", "avro", "bucketed", "u");
        assertRefused("v", "it is a view");
        assertRefused("avro", "org.apache.hadoop.hive.serde2.avro.AvroSerDe");
        assertRefused("bucketed", "bucketed by [id]");
        assertRefused("u", "'either'");
        assertRefused("u", "uniontype<int,string>");
    }

    private void assertRefused(String table, String reason) throws Exception {
        MetastoreTable t = metastore.table(db, table).orElseThrow();
        assertThat(t.refusal().orElseThrow()).contains(reason);
        assertThatThrownBy(t::schema)
                .hasMessageContaining(db + "." + table)
                .hasMessageContaining(reason);
    }

    @Test
    void droppingOurTableRemovesItsFilesAndAnotherExternalTableKeepsThem() throws Exception {
        metastore.createTable(db, "ours", schema("orc", List.of()));
        Path ours = Path.of(java.net.URI.create(raw().getTable(db, "ours").getSd().getLocation()));
        Files.createDirectories(ours);
        Files.writeString(ours.resolve("data-1.orc"), "x");
        Table theirs = hiveTable("theirs", "org.apache.hadoop.hive.ql.io.orc.OrcSerde", Map.of());
        raw().createTable(theirs);
        Path theirFiles = Files.createDirectories(warehouse.resolve("theirs"));
        Files.writeString(theirFiles.resolve("part-0"), "x");

        metastore.dropTable(db, "ours");
        metastore.dropTable(db, "theirs");

        assertThat(metastore.table(db, "ours")).isEmpty();
        assertThat(ours).doesNotExist();
        assertThat(theirFiles.resolve("part-0")).exists();
    }

    @Test
    void droppingADatabaseRemovesTheFilesOfOurTablesInIt() throws Exception {
        metastore.createTable(db, "ours", schema("parquet", List.of("dt")));
        Path ours = Path.of(java.net.URI.create(raw().getTable(db, "ours").getSd().getLocation()));
        Files.createDirectories(ours.resolve("dt=a"));
        Files.writeString(ours.resolve("dt=a").resolve("data-1.parquet"), "x");

        metastore.dropDatabase(db);

        assertThat(metastore.databases()).doesNotContain(db);
        assertThat(ours).doesNotExist();
        metastore.dropDatabase(db);
    }

    @Test
    void anAlterKeepsWhatOtherEnginesSetOnTheTable() throws Exception {
        metastore.createTable(db, "t", schema("parquet", List.of("dt")));
        Table t = raw().getTable(db, "t");
        t.getParameters().put("spark.sql.sources.provider", "parquet");
        raw().alter_table(db, "t", t);

        metastore.alterTable(
                db,
                "t",
                s -> {
                    List<DataField> fields = new ArrayList<>(s.fields());
                    fields.add(new DataField(6, "note", DataTypes.STRING()));
                    return new TableSchema(
                            fields, s.partitionKeys(), List.of(), s.options(), s.comment());
                });

        Table altered = raw().getTable(db, "t");
        assertThat(altered.getSd().getCols()).extracting(FieldSchema::getName).contains("note");
        assertThat(altered.getParameters()).containsEntry("spark.sql.sources.provider", "parquet");
    }

    @Test
    void theFactoryIsFoundByNameAndRefusesBadOptionsByName() {
        assertThat(Metastores.factory("hive", getClass().getClassLoader()))
                .isInstanceOf(HiveMetastoreFactory.class);
        assertThatThrownBy(() -> HiveMetastoreFactory.poolSize(Map.of("client-pool-size", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'client-pool-size'='0' must be between 1 and 64");
        assertThatThrownBy(() -> HiveMetastoreFactory.poolSize(Map.of("client-pool-size", "many")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'client-pool-size'='many'");
        assertThat(HiveMetastoreFactory.poolSize(Map.of())).isEqualTo(2);
        assertThat(HiveMetastoreFactory.CLIENT_POOL_SIZE.range()).isPresent();
        assertThatThrownBy(
                        () ->
                                new HiveMetastoreFactory()
                                        .open(Map.of("warehouse", "/tmp/w"), new LocalFileIO()))
                .hasMessageContaining("'uri'");
        assertThatThrownBy(
                        () ->
                                new HiveMetastoreFactory()
                                        .open(
                                                Map.of(
                                                        "uri", "thrift://x:1",
                                                        "warehouse", "/tmp/w",
                                                        "hive-conf-dir", "/no/such/dir"),
                                                new LocalFileIO()))
                .hasMessageContaining("'/no/such/dir'")
                .hasMessageContaining("'hive-conf-dir'");
    }
}
