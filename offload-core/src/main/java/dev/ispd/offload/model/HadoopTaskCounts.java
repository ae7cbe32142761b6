package dev.ispd.offload.model;

/**
 * What a stock Hadoop job did, as its own task counters say (summed over its tasks), without
 * depending on Hadoop: the inputs of {@link HadoopPathModel}.
 *
 * @param inputBytes            bytes the record readers read from the file system (they cross the drive's link)
 * @param mapInputRecords       MAP_INPUT_RECORDS
 * @param mapOutputRecords      MAP_OUTPUT_RECORDS
 * @param mapOutputBytes        MAP_OUTPUT_BYTES
 * @param mergeRecords          COMBINE_INPUT_RECORDS + REDUCE_INPUT_RECORDS
 * @param spilledRecords        SPILLED_RECORDS
 * @param localFileBytes        bytes of intermediate files written and read back (e.g. twice MAP_OUTPUT_MATERIALIZED_BYTES)
 */
public record HadoopTaskCounts(long inputBytes, long mapInputRecords, long mapOutputRecords, long mapOutputBytes,
                               long mergeRecords, long spilledRecords, long localFileBytes) {
    public HadoopTaskCounts {
        if (inputBytes < 0 || mapInputRecords < 0 || mapOutputRecords < 0 || mapOutputBytes < 0 || mergeRecords < 0
                || spilledRecords < 0 || localFileBytes < 0) {
            throw new IllegalArgumentException("Hadoop task counts must be non-negative: inputBytes=" + inputBytes
                    + ", mapInputRecords=" + mapInputRecords + ", mapOutputRecords=" + mapOutputRecords
                    + ", mapOutputBytes=" + mapOutputBytes + ", mergeRecords=" + mergeRecords
                    + ", spilledRecords=" + spilledRecords + ", localFileBytes=" + localFileBytes);
        }
    }
}
