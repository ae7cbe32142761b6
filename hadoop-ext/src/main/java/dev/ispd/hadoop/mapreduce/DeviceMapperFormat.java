package dev.ispd.hadoop.mapreduce;

import dev.ispd.offload.execute.ResultOrigin;
import java.io.IOException;
import org.apache.hadoop.io.Writable;

/**
 * Turns the result bytes of one tasklet execution (a whole split, or part of one) into the
 * key/values the combiner and reducer see: the map output of a DeviceJob. A split's results on
 * the drive and on the host are byte-identical, so a format never knows where the split ran.
 * Implementations need a public no-argument constructor and may allocate per key/value (results
 * are small, combined and locally reduced by the tasklet).
 */
public interface DeviceMapperFormat<K extends Writable, V extends Writable> {

    /** The map output key class. */
    Class<K> keyClass();

    /** The map output value class. */
    Class<V> valueClass();

    /**
     * Decodes one result and hands its key/values to {@code out} in order.
     *
     * @throws IOException the result does not decode (the message names the split's file)
     */
    void convert(byte[] result, ResultOrigin origin, KeyValueSink<K, V> out) throws IOException;
}
