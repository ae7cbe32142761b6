package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetSource;
import java.io.Serializable;

/**
 * What a split over Parquet runs: its row group and columns ({@code source}, sent as the
 * execution's runtime parameters), and how many row groups of its file the planner skipped by
 * their statistics, counted when the split runs (on the file's first split); whether its row group
 * straddles a chunk boundary (it then runs on the host).
 */
public record ParquetSplit(ParquetSource source, int rowGroupsSkipped, boolean straddles) implements Serializable { }
