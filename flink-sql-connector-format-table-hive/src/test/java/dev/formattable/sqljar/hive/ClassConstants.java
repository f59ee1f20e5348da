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
package dev.formattable.sqljar.hive;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The constant pools of a jar's class files: every class, member and descriptor name a class refers
 * to, and its string literals. These are what the shade plugin rewrites.
 */
final class ClassConstants {

    /** One class file's constants. */
    static final class Pool {
        /** Every CONSTANT_Utf8: names, descriptors, signatures and the text of literals. */
        final List<String> utf8 = new ArrayList<>();

        /** The string literals (CONSTANT_String), such as {@code "org.apache.thrift.TBase"}. */
        final List<String> literals = new ArrayList<>();
    }

    private ClassConstants() {}

    /** The pools of the jar's class files whose entry name starts with {@code prefix}. */
    static Map<String, Pool> of(Path jar, String prefix) {
        Map<String, Pool> pools = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry entry : zip.stream().toList()) {
                String name = entry.getName();
                if (name.endsWith(".class") && name.startsWith(prefix)) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        pools.put(name, read(in.readAllBytes(), name));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
        return pools;
    }

    private static Pool read(byte[] bytes, String name) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException(name + " is not a class file");
        }
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        List<Integer> stringIndexes = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1: // Utf8: u2 length and modified UTF-8, as readUTF reads it
                    utf8[i] = in.readUTF();
                    break;
                case 8: // String
                    stringIndexes.add(in.readUnsignedShort());
                    break;
                case 7: // Class
                case 16: // MethodType
                case 19: // Module
                case 20: // Package
                    in.skipBytes(2);
                    break;
                case 15: // MethodHandle
                    in.skipBytes(3);
                    break;
                case 3: // Integer
                case 4: // Float
                case 9: // Fieldref
                case 10: // Methodref
                case 11: // InterfaceMethodref
                case 12: // NameAndType
                case 17: // Dynamic
                case 18: // InvokeDynamic
                    in.skipBytes(4);
                    break;
                case 5: // Long
                case 6: // Double: eight bytes, and two slots
                    in.skipBytes(8);
                    i++;
                    break;
                default:
                    throw new IOException("unknown constant tag " + tag + " in " + name);
            }
        }
        Pool pool = new Pool();
        for (String s : utf8) {
            if (s != null) {
                pool.utf8.add(s);
            }
        }
        for (int index : stringIndexes) {
            pool.literals.add(utf8[index]);
        }
        return pool;
    }
}
