package dev.ispd.spark.write;

import org.apache.spark.sql.connector.write.WriterCommitMessage;

/** What a committed task tells the driver: its part file in the staging directory and how many records it holds. */
record CommittedPart(String file, long records) implements WriterCommitMessage {
}
