package dev.ispd.examples.capacity;

/**
 * One of csdplan's published results beside what the planner computes from the paper's inputs:
 * whether it holds and, when it does not, by how much and why ({@code note}).
 */
public record PublishedPoint(String id, String paper, String ours, boolean holds, String note) {
}
