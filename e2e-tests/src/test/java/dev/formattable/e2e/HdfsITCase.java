package dev.formattable.e2e;

import dev.formattable.e2e.servers.HdfsExtension;
import dev.formattable.e2e.servers.StorageView;
import dev.formattable.e2e.testutils.FlinkFileSystems;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;

/**
 * The SQL scenarios on a real HDFS, through Flink's Hadoop file system ({@code hdfs://}, served by
 * flink-hadoop-fs with the Hadoop client on the class path). HDFS renames are atomic, so each
 * published file appears whole.
 */
class HdfsITCase extends TableScenarios {

    @RegisterExtension static final HdfsExtension HDFS = new HdfsExtension();

    @BeforeAll
    static void fileSystems() {
        // hdfs:// needs no setting: the URI names the NameNode.
        FlinkFileSystems.initializeWithoutPlugins(Map.of());
    }

    @AfterAll
    static void resetFileSystems() {
        FlinkFileSystems.reset();
    }

    @Override
    protected String tableLocation(String name) {
        return HDFS.location("/warehouse/" + name);
    }

    @Override
    protected StorageView storage() {
        return HDFS;
    }
}
