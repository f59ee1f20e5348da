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
package dev.formattable.flink.testutils;

import org.apache.flink.api.common.JobID;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.runtime.client.JobStatusMessage;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One MiniCluster for every test class of a test JVM that registers this extension, where Flink's
 * {@link MiniClusterExtension} starts and stops one per class (seconds a class, over dozens of
 * classes per Flink line). The first class starts it, through a {@code MiniClusterExtension} that
 * is never stopped; after each class every job still running is cancelled and awaited, so a class
 * finds the cluster idle. It ends with the JVM.
 */
public final class SharedMiniCluster
        implements BeforeAllCallback,
                BeforeEachCallback,
                AfterEachCallback,
                AfterAllCallback,
                ParameterResolver {

    private static MiniClusterExtension shared;

    private final Supplier<MiniClusterExtension> create;

    /** Shares the cluster {@code create} makes, once per JVM. */
    public SharedMiniCluster(Supplier<MiniClusterExtension> create) {
        this.create = create;
    }

    private static synchronized MiniClusterExtension cluster() {
        if (shared == null) {
            throw new IllegalStateException("No test class has started the shared cluster");
        }
        return shared;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (SharedMiniCluster.class) {
            if (shared == null) {
                MiniClusterExtension cluster = create.get();
                cluster.beforeAll(context);
                shared = cluster;
            }
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        cluster().beforeEach(context);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        cluster().afterEach(context);
    }

    /** Cancels what a class left running, and waits until it has ended. */
    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try (RestClusterClient<StandaloneClusterId> client =
                new RestClusterClient<>(
                        cluster().getClientConfiguration(), StandaloneClusterId.getInstance())) {
            List<JobID> cancelled = new ArrayList<>();
            for (JobStatusMessage job : client.listJobs().get(1, TimeUnit.MINUTES)) {
                if (!job.getJobState().isGloballyTerminalState()) {
                    client.cancel(job.getJobId()).get(1, TimeUnit.MINUTES);
                    cancelled.add(job.getJobId());
                }
            }
            long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
            for (JobID job : cancelled) {
                while (!client.getJobStatus(job)
                        .get(1, TimeUnit.MINUTES)
                        .isGloballyTerminalState()) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException(
                                "Job " + job + " did not end when cancelled");
                    }
                    Thread.sleep(20);
                }
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return cluster().supportsParameter(parameter, context);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return cluster().resolveParameter(parameter, context);
    }
}
