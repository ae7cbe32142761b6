package dev.ispd.hadoop.mapreduce;

/** Receives the key/values a {@link DeviceMapperFormat} makes of one tasklet result, in order. */
@FunctionalInterface
public interface KeyValueSink<K, V> {
    void add(K key, V value);
}
