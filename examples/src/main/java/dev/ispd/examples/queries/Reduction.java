package dev.ispd.examples.queries;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;

/**
 * The reduce side of a query, the same in all three variants so they differ only in their map
 * side: the class that serves as combiner and reducer, and the pair it reads and writes.
 */
record Reduction(Class<? extends Reducer> reducer, Class<?> keyClass, Class<?> valueClass) {
    static Reduction of(Query query) {
        return switch (query) {
            case Q1, Q2 -> new Reduction(LongSumReducer.class, Text.class, LongWritable.class);
            case FILTER -> new Reduction(DistinctPageReducer.class, LongWritable.class, Text.class);
        };
    }
}
