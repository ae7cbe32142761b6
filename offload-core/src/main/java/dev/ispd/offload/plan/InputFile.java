package dev.ispd.offload.plan;

/** One input file of a job: its name on the engine's file system, and its length in bytes. */
public record InputFile(String path, long length) {
}
