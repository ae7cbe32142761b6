package dev.ispd.spark.rdd;

import java.io.Serializable;

/**
 * Turns one tasklet result into what the RDD's elements hold, on the executors: for the
 * built-ins their own decoders ({@code Q1Result::decode}, {@code Q2Result::decode}, ...),
 * {@code bytes -> bytes} to keep the raw result.
 */
@FunctionalInterface
public interface ResultDecoder<T> extends Serializable {
    T decode(byte[] result);
}
