package dev.ispd.offload.settings;

/** One configuration key of ispd: its name, default (as text) and what it does. */
public record ConfigKey(String name, String defaultValue, String description) {
}
