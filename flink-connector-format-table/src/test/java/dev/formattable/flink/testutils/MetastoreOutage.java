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

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay in front of a metastore that can go down: while it is, each connection is accepted
 * and closed at once, as a metastore that is restarting would do. Clients point at {@link #uri()};
 * the metastore behind it keeps running for everyone else.
 */
public final class MetastoreOutage implements AutoCloseable {

    private final String targetHost;
    private final int targetPort;
    private final ServerSocket server;
    private final AtomicInteger toRefuse = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final AtomicInteger relayed = new AtomicInteger();
    private final List<Socket> open = new ArrayList<>();
    private volatile boolean closed;

    /** Relays to the metastore at {@code thrift://host:port}. */
    public MetastoreOutage(String metastoreUri) throws IOException {
        URI target = URI.create(metastoreUri);
        this.targetHost = target.getHost();
        this.targetPort = target.getPort();
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "metastore-outage-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public String uri() {
        return "thrift://localhost:" + server.getLocalPort();
    }

    /** Every connection from now on is refused, until {@link #up()}. */
    public void down() {
        toRefuse.set(Integer.MAX_VALUE);
    }

    /** Connections are relayed again. */
    public void up() {
        toRefuse.set(0);
    }

    /** How many connections were refused so far. */
    public int refused() {
        return refused.get();
    }

    /** How many connections were relayed to the metastore so far. */
    public int relayed() {
        return relayed.get();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = server.accept();
                if (toRefuse.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    refused.incrementAndGet();
                    client.close();
                    continue;
                }
                Socket upstream = new Socket(targetHost, targetPort);
                relayed.incrementAndGet();
                synchronized (open) {
                    open.add(client);
                    open.add(upstream);
                }
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                // Closed, or one connection failed: the client sees it as a metastore would.
            }
        }
    }

    private static void pump(Socket from, Socket to) {
        Thread t =
                new Thread(
                        () -> {
                            byte[] buffer = new byte[8192];
                            try (InputStream in = from.getInputStream();
                                    OutputStream out = to.getOutputStream()) {
                                int n;
                                while ((n = in.read(buffer)) >= 0) {
                                    out.write(buffer, 0, n);
                                    out.flush();
                                }
                            } catch (IOException e) {
                                // The other side closed.
                            } finally {
                                closeQuietly(from);
                                closeQuietly(to);
                            }
                        },
                        "metastore-outage-relay");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // Nothing more to do for a test relay.
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        synchronized (open) {
            open.forEach(MetastoreOutage::closeQuietly);
        }
    }
}
