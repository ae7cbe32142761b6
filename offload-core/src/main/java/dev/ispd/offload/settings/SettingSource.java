package dev.ispd.offload.settings;

/**
 * One layer of settings an engine offers: a job's options, a cluster's or session's
 * configuration. Answers a key's value as text, or null when this layer does not set it.
 */
@FunctionalInterface
public interface SettingSource {
    String get(String key);
}
