package dev.ispd.examples.reproduce;

/** One of the paper's claims beside the figure: what the paper says, what the model gives, and whether it holds. */
public record Claim(String id, String paper, String ours, boolean holds) {
}
