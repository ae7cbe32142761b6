package dev.ispd.examples.reproduce;

import dev.ispd.profile.Parameter;

/** A profile number no paper gives, that a figure depends on: profile, key, value and why that value. */
public record Assumption(String profile, String key, String value, String why) {
    static Assumption of(String profile, Parameter p) {
        return new Assumption(profile, p.key(), p.value(), p.assumption());
    }
}
