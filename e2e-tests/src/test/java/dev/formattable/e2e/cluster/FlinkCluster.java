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
