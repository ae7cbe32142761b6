package dev.ispd.tasklet;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Tasklet factories by name: the built-ins, found through
 * META-INF/services/dev.ispd.tasklet.TaskletFactory, and any loaded user modules added to them.
 */
public final class TaskletRegistry {
    private final Map<String, TaskletFactory> byName;

    private TaskletRegistry(Map<String, TaskletFactory> byName) {
        this.byName = Collections.unmodifiableMap(byName);
    }

    /** Every factory on the class path of this class's loader. */
    public static TaskletRegistry builtins() {
        Map<String, TaskletFactory> m = new TreeMap<>();
        for (TaskletFactory f : ServiceLoader.load(TaskletFactory.class, TaskletRegistry.class.getClassLoader())) {
            TaskletFactory previous = m.put(f.name(), f);
            if (previous != null) {
                throw new IllegalStateException("two tasklets named '" + f.name() + "': "
                        + previous.getClass().getName() + " and " + f.getClass().getName());
            }
        }
        return new TaskletRegistry(m);
    }

    /** These factories and {@code factory}, whose name must be new. */
    public TaskletRegistry with(TaskletFactory factory) {
        Map<String, TaskletFactory> m = new TreeMap<>(byName);
        if (m.putIfAbsent(factory.name(), factory) != null) {
            throw new IllegalArgumentException("a tasklet named '" + factory.name() + "' is already registered");
        }
        return new TaskletRegistry(m);
    }

    public Optional<TaskletFactory> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Names in sorted order. */
    public Iterable<String> names() {
        return byName.keySet();
    }
}
