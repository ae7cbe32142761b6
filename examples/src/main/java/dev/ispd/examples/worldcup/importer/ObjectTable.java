package dev.ispd.examples.worldcup.importer;

import java.util.Arrays;

/** objectIDs for URLs in order of first appearance, and each object's file type, decided once by {@link FileTypes}. */
final class ObjectTable {
    private final IdTable ids = new IdTable();
    private byte[] types = new byte[1024];

    /** The objectID of {@code url}, the next free one if it is new. */
    int idOf(String url) {
        int known = ids.size();
        int id = ids.idOf(url);
        if (id == known) {
            if (id == types.length) {
                types = Arrays.copyOf(types, 2 * id);
            }
            types[id] = (byte) FileTypes.typeOf(url);
        }
        return id;
    }

    int type(int objectId) {
        return types[objectId];
    }

    int size() {
        return ids.size();
    }
}
