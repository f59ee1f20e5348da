package dev.formattable.core.commit;

import java.io.IOException;

/**
 * Serializes objects with a version number kept beside the bytes, so that bytes written by an older
 * version can still be read. Engines adapt it to their own interface (Flink's {@code
 * SimpleVersionedSerializer}).
 *
 * @param <T> the serialized type
 */
public interface VersionedSerializer<T> {

    int getVersion();

    byte[] serialize(T value) throws IOException;

    /**
     * Reads bytes written at {@code version}.
     *
     * @throws IOException when the version is unknown, naming it and the current version
     */
    T deserialize(int version, byte[] serialized) throws IOException;
}
