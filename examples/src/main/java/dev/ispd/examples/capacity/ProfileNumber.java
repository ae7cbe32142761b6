package dev.ispd.examples.capacity;

import dev.ispd.profile.Parameter;

/** One profile number a plan rests on, for the report: the profile, the key, the value and its source or why. */
public record ProfileNumber(String profile, String key, String value, String source, String assumption) {
    static ProfileNumber of(String profile, Parameter p) {
        return new ProfileNumber(profile, p.key(), p.value(), p.source(), p.assumption());
    }
}
