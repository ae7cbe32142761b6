package dev.ispd.client;

import java.util.List;

/**
 * One LIST_OBJECTS answer: entries ordered by id.
 *
 * @param more true if objects with larger ids remain (ask again after the last id)
 */
public record ObjectPage(List<ObjectStat> objects, boolean more) {
    public ObjectPage {
        objects = List.copyOf(objects);
    }

    /** The id to continue after; 0 for an empty page. */
    public long lastId() {
        return objects.isEmpty() ? 0 : objects.get(objects.size() - 1).id();
    }
}
