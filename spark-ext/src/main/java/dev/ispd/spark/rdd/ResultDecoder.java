package dev.ispd.spark.rdd;

import java.io.Serializable;

/**
 * Turns one tasklet result into what the RDD's elements hold, on the executors: for the
 * built-ins their own decoders ({@code Q1Result::decode}, {@code Q2Result::decode}, ...), or
 * {@link #raw()}. A decoder travels to the executors with the RDD, so the class it is written in
 * must be on their class path (the application's jar is).
 */
@FunctionalInterface
public interface ResultDecoder<T> extends Serializable {
    T decode(byte[] result);

    /** The result bytes as they are, for decoding later (on the driver, say). */
    static ResultDecoder<byte[]> raw() {
        return bytes -> bytes;
    }
}
