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

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreFactory;
import dev.formattable.core.options.ConfigOption;
import dev.formattable.core.options.Options;
import dev.formattable.core.options.Range;

import org.apache.hadoop.hive.conf.HiveConf;

import java.io.File;
import java.util.List;
import java.util.Map;

/**
 * Opens a Hive Metastore for a catalog with {@code 'metastore'='hive'}. The keys are those of
 * Paimon's Hive catalog.
 */
public final class HiveMetastoreFactory implements MetastoreFactory {

    public static final String IDENTIFIER = "hive";

    public static final ConfigOption<String> URI =
            ConfigOption.key("uri")
                    .of(
                            String.class,
                            null,
                            "The Thrift URI of the Hive Metastore, such as"
                                    + " 'thrift://host:9083'. Required unless the hive-site.xml"
                                    + " of 'hive-conf-dir' names one (hive.metastore.uris).");

    public static final ConfigOption<String> HIVE_CONF_DIR =
            ConfigOption.key("hive-conf-dir")
                    .of(
                            String.class,
                            null,
                            "A directory holding hive-site.xml, whose settings the metastore"
                                    + " client takes.");

    public static final ConfigOption<String> HADOOP_CONF_DIR =
            ConfigOption.key("hadoop-conf-dir")
                    .of(
                            String.class,
                            null,
                            "A directory holding core-site.xml and hdfs-site.xml, whose"
                                    + " settings the metastore client takes.");

    public static final ConfigOption<Integer> CLIENT_POOL_SIZE =
            ConfigOption.key("client-pool-size")
                    .range(Range.between(1, 64))
                    .of(
                            Integer.class,
                            2,
                            "How many connections to the metastore the catalog opens at most.");

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public List<ConfigOption<?>> options() {
        return List.of(URI, HIVE_CONF_DIR, HADOOP_CONF_DIR, CLIENT_POOL_SIZE);
    }

    @Override
    public Metastore open(Map<String, String> options, FileIO fileIO) {
        HiveConf conf = hiveConf(options);
        if (conf.getVar(HiveConf.ConfVars.METASTOREURIS).isEmpty()) {
            throw new IllegalArgumentException(
                    "Option 'uri' is required with 'metastore'='hive': the Thrift URI of the Hive"
                            + " Metastore (or a hive-site.xml in 'hive-conf-dir' naming"
                            + " hive.metastore.uris)");
        }
        String warehouse = options.get("warehouse");
        if (warehouse == null || warehouse.isEmpty()) {
            throw new IllegalArgumentException(
                    "Option 'warehouse' is required: where new databases keep their tables");
        }
        return new HiveMetastore(
                fileIO,
                fileIO.qualify(Path.of(warehouse)),
                new HiveClientPool(conf, poolSize(options)),
                options);
    }

    /**
     * @throws IllegalArgumentException {@code "'client-pool-size'='0' must be between 1 and 64"}
     */
    static int poolSize(Map<String, String> options) {
        Options typed = new Options(options);
        int size = typed.get(CLIENT_POOL_SIZE);
        CLIENT_POOL_SIZE
                .range()
                .orElseThrow()
                .check(
                        CLIENT_POOL_SIZE.key(),
                        typed.getRaw(CLIENT_POOL_SIZE).orElse(String.valueOf(size)),
                        size);
        return size;
    }

    static HiveConf hiveConf(Map<String, String> options) {
        HiveConf conf = new HiveConf(HiveMetastoreFactory.class);
        // Hive's classes named in the configuration (its filter hook, its client) are ours: with
        // ADD JAR, the thread's context class loader may not see this jar.
        conf.setClassLoader(HiveMetastoreFactory.class.getClassLoader());
        addResources(
                conf,
                options.get(HADOOP_CONF_DIR.key()),
                HADOOP_CONF_DIR,
                "core-site.xml",
                "hdfs-site.xml");
        addResources(conf, options.get(HIVE_CONF_DIR.key()), HIVE_CONF_DIR, "hive-site.xml");
        String uri = options.get(URI.key());
        if (uri != null && !uri.isEmpty()) {
            conf.setVar(HiveConf.ConfVars.METASTOREURIS, uri);
        }
        return conf;
    }

    private static void addResources(
            HiveConf conf, String dir, ConfigOption<String> option, String... files) {
        if (dir == null) {
            return;
        }
        File directory = new File(dir);
        if (!directory.isDirectory()) {
            throw new IllegalArgumentException(
                    String.format(
                            "Invalid value '%s' of option '%s': not a directory",
                            dir, option.key()));
        }
        for (String name : files) {
            File file = new File(directory, name);
            if (file.isFile()) {
                conf.addResource(new org.apache.hadoop.fs.Path(file.toURI()));
            }
        }
    }
}
