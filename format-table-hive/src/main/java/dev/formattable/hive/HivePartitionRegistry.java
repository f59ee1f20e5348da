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

import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.BasicStatistics;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.metastore.RegisteredPartition;

import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.Warehouse;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Hive table's partitions, registered by the commits that publish into them. Where the catalog
 * made it (planning), it calls through the catalog's open clients. It travels with the table to the
 * tasks that commit and connects from there, once per call: a commit is rare next to the rows it
 * publishes, and nothing is left open between commits.
 */
final class HivePartitionRegistry implements PartitionRegistry {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(HivePartitionRegistry.class);
    private static final short ALL = -1;

    private final HashMap<String, String> options;
    private final String database;
    private final String table;
    // Set once the metastore refuses a filter (it filters string keys only, unless configured
    // otherwise), so that later plans ask for every partition straight away.
    private transient volatile boolean filterRefused;
    // The catalog's clients, in the process that made this registry (planning); null elsewhere.
    private final transient HiveClientPool catalogClients;
    private transient volatile HiveConf conf;

    HivePartitionRegistry(
            Map<String, String> options,
            String database,
            String table,
            HiveClientPool catalogClients) {
        this.options = new HashMap<>(options);
        this.database = database;
        this.table = table;
        this.catalogClients = catalogClients;
    }

    /**
     * Runs a call on the catalog's clients where this registry was made, while the catalog is open;
     * otherwise (in the tasks it travels to) on a connection of its own for this call.
     */
    private <T> T run(HiveClientPool.Call<T> call, String what) throws IOException {
        HiveClientPool shared = catalogClients;
        if (shared != null && shared.isOpen()) {
            return shared.run(call, what);
        }
        try (HiveClientPool own = new HiveClientPool(conf(), 1)) {
            return own.run(call, what);
        }
    }

    private HiveConf conf() {
        HiveConf made = conf;
        if (made == null) {
            made = HiveMetastoreFactory.hiveConf(options);
            conf = made;
        }
        return made;
    }

    @Override
    public void register(Map<Map<String, String>, Path> partitions) throws IOException {
        run(
                c -> {
                    Table t = c.getTable(database, table);
                    int now = (int) (System.currentTimeMillis() / 1000);
                    List<Partition> added = new ArrayList<>();
                    partitions.forEach(
                            (spec, location) -> {
                                StorageDescriptor sd = t.getSd().deepCopy();
                                sd.setLocation(location.toString());
                                added.add(
                                        new Partition(
                                                new ArrayList<>(spec.values()),
                                                database,
                                                table,
                                                now,
                                                now,
                                                sd,
                                                new HashMap<>()));
                            });
                    // Those registered already stay as they are: a replay adds nothing twice.
                    c.add_partitions(added, true, false);
                    return null;
                },
                "register " + partitions.size() + " partitions of " + database + "." + table);
    }

    @Override
    public List<RegisteredPartition> list(List<Map<String, String>> anyOf) throws IOException {
        Optional<String> filter = HivePartitionFilter.of(anyOf);
        List<Partition> partitions =
                run(
                        c -> {
                            if (filter.isPresent() && !filterRefused) {
                                try {
                                    return c.listPartitionsByFilter(
                                            database, table, filter.get(), ALL);
                                } catch (MetaException e) {
                                    // The caller filters again.
                                    filterRefused = true;
                                    LOG.debug(
                                            "The metastore refused filter {} on {}.{}: {}",
                                            filter.get(),
                                            database,
                                            table,
                                            e.getMessage());
                                }
                            }
                            return c.listPartitions(database, table, ALL);
                        },
                        "list the partitions of " + database + "." + table);
        return toRegistered(partitions);
    }

    /** The parameters with Hive's basic statistics, marked accurate. */
    private static Map<String, String> withStatistics(
            Map<String, String> parameters, BasicStatistics s) {
        Map<String, String> result =
                parameters == null ? new HashMap<>() : new HashMap<>(parameters);
        result.put("numRows", Long.toString(s.rowCount()));
        result.put("numFiles", Integer.toString(s.fileCount()));
        result.put("totalSize", Long.toString(s.totalSize()));
        result.put("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
        return result;
    }

    /** Tells the metastore to keep the statistics given instead of listing the directory. */
    private static EnvironmentContext keepStatistics() {
        return new EnvironmentContext(new HashMap<>(Map.of("DO_NOT_UPDATE_STATS", "true")));
    }

    private static List<RegisteredPartition> toRegistered(List<Partition> partitions) {
        List<RegisteredPartition> result = new ArrayList<>(partitions.size());
        for (Partition p : partitions) {
            String location = p.getSd() == null ? null : p.getSd().getLocation();
            result.add(
                    new RegisteredPartition(
                            p.getValues(), location == null ? null : Path.of(location)));
        }
        return result;
    }

    /** By name, which the metastore looks up whatever the keys' types. */
    @Override
    public List<RegisteredPartition> get(List<Map<String, String>> specs) throws IOException {
        if (specs.isEmpty()) {
            return List.of();
        }
        List<String> names = new ArrayList<>(specs.size());
        for (Map<String, String> spec : specs) {
            List<FieldSchema> keys = new ArrayList<>();
            spec.keySet().forEach(k -> keys.add(new FieldSchema(k, "string", null)));
            try {
                names.add(Warehouse.makePartName(keys, new ArrayList<>(spec.values())));
            } catch (MetaException e) {
                throw new IllegalArgumentException(
                        "Partition " + spec + " has no name in a Hive Metastore", e);
            }
        }
        return toRegistered(
                run(
                        c -> c.getPartitionsByNames(database, table, names),
                        "look up " + names.size() + " partitions of " + database + "." + table));
    }

    /**
     * Hive's basic statistics as partition parameters (an unpartitioned table's as its own), marked
     * accurate, with the metastore told not to recompute them by listing the directory.
     */
    @Override
    public void recordStatistics(Map<Map<String, String>, BasicStatistics> statistics)
            throws IOException {
        if (statistics.isEmpty()) {
            return;
        }
        Map<List<String>, BasicStatistics> byValues = new HashMap<>();
        statistics.forEach((spec, s) -> byValues.put(new ArrayList<>(spec.values()), s));
        run(
                c -> {
                    Table t = c.getTable(database, table);
                    BasicStatistics own = byValues.remove(List.of());
                    if (own != null && t.getPartitionKeysSize() == 0) {
                        t.setParameters(withStatistics(t.getParameters(), own));
                        c.alter_table_with_environmentContext(database, table, t, keepStatistics());
                    }
                    if (byValues.isEmpty()) {
                        return null;
                    }
                    List<String> names = new ArrayList<>();
                    for (List<String> values : byValues.keySet()) {
                        names.add(Warehouse.makePartName(t.getPartitionKeys(), values));
                    }
                    List<Partition> partitions = c.getPartitionsByNames(database, table, names);
                    for (Partition p : partitions) {
                        p.setParameters(
                                withStatistics(p.getParameters(), byValues.get(p.getValues())));
                    }
                    if (!partitions.isEmpty()) {
                        c.alter_partitions(database, table, partitions, keepStatistics());
                    }
                    return null;
                },
                "record the statistics of "
                        + statistics.size()
                        + " partitions of "
                        + database
                        + "."
                        + table);
    }

    @Override
    public void unregister(List<Map<String, String>> partitions) throws IOException {
        run(
                c -> {
                    for (Map<String, String> spec : partitions) {
                        try {
                            c.dropPartition(database, table, new ArrayList<>(spec.values()), false);
                        } catch (NoSuchObjectException e) {
                            // Not registered: nothing to undo.
                        }
                    }
                    return null;
                },
                "unregister partitions of " + database + "." + table);
    }
}
