package dev.ispd.hadoop.worldcup;

import dev.ispd.hadoop.mapreduce.DeviceMapperFormat;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/** A format whose key/values are (name, count) pairs that the reducer sums: Q1's and Q2's. */
abstract class CountFormat implements DeviceMapperFormat<Text, LongWritable> {
    @Override
    public Class<Text> keyClass() {
        return Text.class;
    }

    @Override
    public Class<LongWritable> valueClass() {
        return LongWritable.class;
    }
}
