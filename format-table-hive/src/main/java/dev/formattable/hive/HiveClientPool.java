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

import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.thrift.TException;
import org.apache.thrift.transport.TTransportException;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Semaphore;

/**
 * At most {@code size} metastore clients, opened when first needed and reused. A client whose
 * connection broke is closed and the call tried once more on a new one, as the metastore may have
 * restarted.
 */
final class HiveClientPool implements Closeable {

    /** A call on a client. */
    @FunctionalInterface
    interface Call<T> {
        T run(IMetaStoreClient client) throws TException;
    }

    private final HiveConf conf;
    private final Semaphore permits;
    private final Deque<IMetaStoreClient> idle = new ArrayDeque<>();
    private boolean closed;

    HiveClientPool(HiveConf conf, int size) {
        this.conf = conf;
        this.permits = new Semaphore(size);
    }

    /**
     * Runs {@code call} on a client.
     *
     * @param what what the call does, for the error: "create table db.t"
     */
    <T> T run(Call<T> call, String what) throws IOException {
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(
                    "Interrupted waiting for a metastore client to " + what);
        }
        try {
            for (int attempt = 1; ; attempt++) {
                IMetaStoreClient client = take(what);
                boolean healthy = true;
                try {
                    return call.run(client);
                } catch (TTransportException e) {
                    healthy = false;
                    if (attempt == 2) {
                        throw failed(what, e);
                    }
                } catch (TException e) {
                    throw failed(what, e);
                } finally {
                    give(client, healthy);
                }
            }
        } finally {
            permits.release();
        }
    }

    private IOException failed(String what, TException e) {
        return new IOException(
                String.format(
                        "Cannot %s in the Hive Metastore at %s: %s",
                        what, conf.getVar(HiveConf.ConfVars.METASTOREURIS), e.getMessage()),
                e);
    }

    private IMetaStoreClient take(String what) throws IOException {
        synchronized (idle) {
            if (closed) {
                throw new IOException("The metastore catalog is closed; cannot " + what);
            }
            IMetaStoreClient client = idle.poll();
            if (client != null) {
                return client;
            }
        }
        try {
            return new HiveMetaStoreClient(conf);
        } catch (MetaException e) {
            throw failed(what, e);
        }
    }

    private void give(IMetaStoreClient client, boolean healthy) {
        synchronized (idle) {
            if (healthy && !closed) {
                idle.push(client);
                return;
            }
        }
        client.close();
    }

    /** Whether calls may still be run. */
    boolean isOpen() {
        synchronized (idle) {
            return !closed;
        }
    }

    @Override
    public void close() {
        synchronized (idle) {
            closed = true;
            idle.forEach(IMetaStoreClient::close);
            idle.clear();
        }
    }
}
