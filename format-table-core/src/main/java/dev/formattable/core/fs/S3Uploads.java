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
package dev.formattable.core.fs;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Lists and aborts the multipart uploads under a key prefix through Hadoop's {@code S3AFileSystem}
 * ({@code listMultipartUploads}, {@code abortMultipartUpload}), which Hadoop's generic multipart
 * API lacks. Called by name, because the file system may come from hadoop-aws 3.4 (AWS SDK v2) on
 * the class path or from Flink's S3 plugin (hadoop-aws 3.3, SDK v1, in the plugin's class loader),
 * and the core depends on neither.
 */
public final class S3Uploads {

    /** One upload not completed: its object key, id and start. */
    public static final class Upload {
        public final String key;
        public final String uploadId;
        public final Instant initiated;

        Upload(String key, String uploadId, Instant initiated) {
            this.key = key;
            this.uploadId = uploadId;
            this.initiated = initiated;
        }
    }

    private S3Uploads() {}

    /** Whether {@code hadoopFs} is an S3A file system whose uploads can be listed. */
    public static boolean supports(Object hadoopFs) {
        return hadoopFs != null && method(hadoopFs, "listMultipartUploads", String.class) != null;
    }

    /** The object key of a path: its path without the leading slash. */
    public static String key(Path path) {
        String p = path.path();
        return p.startsWith("/") ? p.substring(1) : p;
    }

    /**
     * The directory prefix of a key, which listings take: S3A appends a '/' to the prefix it is
     * given, so a file's own key would list nothing.
     */
    private static String directoryOf(String key) {
        int slash = key.lastIndexOf('/');
        return slash < 0 ? "" : key.substring(0, slash + 1);
    }

    /** The uploads whose keys begin with {@code prefix}, a directory's key ending in '/'. */
    public static List<Upload> list(Object hadoopFs, String prefix) throws IOException {
        Object listed = invoke(hadoopFs, "listMultipartUploads", String.class, prefix);
        List<Upload> uploads = new ArrayList<>();
        for (Object u : (List<?>) listed) {
            String key = (String) property(u, "key", "getKey");
            String id = (String) property(u, "uploadId", "getUploadId");
            Object initiated = property(u, "initiated", "getInitiated");
            Instant at =
                    initiated instanceof Date
                            ? ((Date) initiated).toInstant()
                            : (Instant) initiated;
            uploads.add(new Upload(key, id, at == null ? Instant.EPOCH : at));
        }
        return uploads;
    }

    /**
     * Aborts one upload: with S3A's own {@code abortMultipartUpload} where it is public (hadoop-aws
     * 3.4), else through the file system's Hadoop multipart uploader, whose upload handle is the
     * upload id's bytes (hadoop-aws 3.3, as Flink's S3 plugin bundles it).
     */
    public static void abort(Object hadoopFs, String key, String uploadId) throws IOException {
        Method m = method(hadoopFs, "abortMultipartUpload", String.class, String.class);
        if (m != null) {
            call(m, hadoopFs, key, uploadId);
            return;
        }
        ClassLoader loader = hadoopFs.getClass().getClassLoader();
        try {
            Class<?> pathClass = loader.loadClass("org.apache.hadoop.fs.Path");
            Class<?> handleClass = loader.loadClass("org.apache.hadoop.fs.UploadHandle");
            URI root = (URI) call(hadoopFs.getClass().getMethod("getUri"), hadoopFs);
            Object file = pathClass.getConstructor(URI.class).newInstance(root.resolve("/" + key));
            Object parent = call(pathClass.getMethod("getParent"), file);
            Object builder =
                    call(
                            hadoopFs.getClass().getMethod("createMultipartUploader", pathClass),
                            hadoopFs,
                            parent);
            Object uploader =
                    call(
                            loader.loadClass("org.apache.hadoop.fs.FSBuilder").getMethod("build"),
                            builder);
            Object handle =
                    call(
                            loader.loadClass("org.apache.hadoop.fs.BBUploadHandle")
                                    .getMethod("from", ByteBuffer.class),
                            null,
                            ByteBuffer.wrap(uploadId.getBytes(StandardCharsets.UTF_8)));
            Object future =
                    call(
                            loader.loadClass("org.apache.hadoop.fs.MultipartUploader")
                                    .getMethod("abort", handleClass, pathClass),
                            uploader,
                            handle,
                            file);
            ((CompletableFuture<?>) future).get();
        } catch (ReflectiveOperationException e) {
            throw new IOException(
                    hadoopFs.getClass().getName() + " cannot abort the upload of " + key, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted aborting the upload of " + key);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException) {
                throw (IOException) e.getCause();
            }
            throw new IOException("Aborting the upload of " + key + " failed", e.getCause());
        }
    }

    /** The uploads to exactly {@code target}'s key; none where the file system has no uploads. */
    public static List<OpenUpload> to(Object hadoopFs, Path target) throws IOException {
        if (!supports(hadoopFs)) {
            return List.of();
        }
        String key = key(target);
        List<OpenUpload> open = new ArrayList<>();
        for (Upload u : list(hadoopFs, directoryOf(key))) {
            if (u.key.equals(key)) {
                open.add(new OpenUpload(target, u.uploadId, u.initiated.toEpochMilli()));
            }
        }
        return open;
    }

    private static Object invoke(Object target, String name, Class<?> type, Object arg)
            throws IOException {
        Method m = method(target, name, type);
        if (m == null) {
            throw new IOException(target.getClass().getName() + " has no " + name);
        }
        return call(m, target, arg);
    }

    private static Object property(Object bean, String name, String getter) throws IOException {
        Method m = method(bean, name);
        if (m == null) {
            m = method(bean, getter);
        }
        if (m == null) {
            throw new IOException(
                    bean.getClass().getName() + " has neither " + name + " nor " + getter);
        }
        return call(m, bean);
    }

    private static Method method(Object target, String name, Class<?>... types) {
        try {
            return target.getClass().getMethod(name, types);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Object call(Method m, Object target, Object... args) throws IOException {
        try {
            return m.invoke(target, args);
        } catch (IllegalAccessException e) {
            throw new IOException("Cannot call " + m, e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException) {
                throw (IOException) cause;
            }
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            throw new IOException(m.getName() + " failed", cause);
        }
    }

    /**
     * The uploads below a directory, as {@link OpenUpload}s on its scheme and authority; none where
     * the file system has no uploads.
     */
    public static List<OpenUpload> below(Object hadoopFs, Path prefix) throws IOException {
        if (!supports(hadoopFs)) {
            return List.of();
        }
        String keyPrefix = key(prefix);
        if (!keyPrefix.isEmpty() && !keyPrefix.endsWith("/")) {
            keyPrefix += "/";
        }
        List<OpenUpload> open = new ArrayList<>();
        for (Upload u : list(hadoopFs, keyPrefix)) {
            open.add(
                    new OpenUpload(
                            new Path(prefix.scheme(), prefix.authority(), "/" + u.key),
                            u.uploadId,
                            u.initiated.toEpochMilli()));
        }
        return open;
    }

    /** Aborts an upload {@link #below} or {@link #to} found. */
    public static void abort(Object hadoopFs, OpenUpload upload) throws IOException {
        if (!supports(hadoopFs)) {
            throw new IOException("This file system has no uploads to abort: " + upload);
        }
        abort(hadoopFs, key(upload.target()), upload.uploadId());
    }

    /** Aborts every upload to exactly {@code key}; how many there were. */
    public static int abortAllTo(Object hadoopFs, String key) throws IOException {
        int aborted = 0;
        for (Upload u : list(hadoopFs, directoryOf(key))) {
            if (u.key.equals(key)) {
                abort(hadoopFs, u.key, u.uploadId);
                aborted++;
            }
        }
        return aborted;
    }
}
