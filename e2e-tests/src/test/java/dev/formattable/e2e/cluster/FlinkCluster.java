package dev.formattable.e2e.cluster;

/** A Flink cluster that tests submit SQL to and take TaskManagers away from. */
interface FlinkCluster {

    /** The SQL Gateway's REST API. */
    RestClient gateway();

    /** The JobManager's REST API. */
    RestClient jobManager();

    /** Kills the TaskManager (SIGKILL) and waits until the JobManager has dropped it. */
    void killTaskManager() throws Exception;

    /** Starts a new TaskManager and waits until it has registered. */
    void startTaskManager() throws Exception;

    /** Where to look when something fails. */
    String logs();
}
