package dev.ispd.plan;

/**
 * Which batch, as it is now ({@link ColumnBatch#generation}), what a reader or node found from a
 * batch is of: the test by which each finds a batch's values once however often it is asked.
 */
final class BatchMark {
    private ColumnBatch batch;
    private int generation;

    /** Whether the mark is of {@code batch} with the rows it holds now. */
    boolean of(ColumnBatch batch) {
        return batch == this.batch && batch.generation() == generation;
    }

    /** Marks {@code batch} with the rows it holds now. */
    void set(ColumnBatch batch) {
        this.batch = batch;
        this.generation = batch.generation();
    }

    /** Whether the mark was of other rows than {@code batch} holds now; it is of them after. */
    boolean moveTo(ColumnBatch batch) {
        if (of(batch)) {
            return false;
        }
        set(batch);
        return true;
    }
}
