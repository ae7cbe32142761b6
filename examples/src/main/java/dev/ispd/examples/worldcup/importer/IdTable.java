package dev.ispd.examples.worldcup.importer;

import java.util.HashMap;
import java.util.Map;

/** Numbers distinct keys 0, 1, 2, ... in order of first appearance, so the same input always gets the same ids. */
final class IdTable {
    private final Map<String, Integer> ids = new HashMap<>();

    /** The id of {@code key}, the next free one if it is new. */
    int idOf(String key) {
        Integer id = ids.get(key);
        if (id == null) {
            id = ids.size();
            ids.put(key, id);
        }
        return id;
    }

    int size() {
        return ids.size();
    }
}
