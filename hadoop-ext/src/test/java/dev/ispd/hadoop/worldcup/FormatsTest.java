package dev.ispd.hadoop.worldcup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.sim.testing.WorldCupSamples;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.execute.ResultOrigin;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/** The built-in mappers' parameters and the formats over real tasklet results. */
class FormatsTest {
    private static final int ENTRY = 32;
    private static final byte[] DATA = WorldCupSamples.generate(5, 3_000, ENTRY);
    private static final Path FILE = new Path("osd:///wc/f");
    private static final long OBJECT = 77;

    private static byte[] run(Class<? extends dev.ispd.hadoop.mapreduce.DeviceMapper> mapper, Configuration conf)
            throws Exception {
        dev.ispd.hadoop.mapreduce.DeviceMapper m = mapper.getDeclaredConstructor().newInstance();
        return new HostRunner(4096, 4).run(m.tasklet(), m.params(conf), Params.EMPTY,
                List.of(new Extent(OBJECT, 0, DATA.length)), InMemoryPageSource.of(OBJECT, DATA)).bytes();
    }

    private static Configuration conf() {
        Configuration conf = new Configuration(false);
        conf.setInt(WorldCupKeys.ENTRY_SIZE.name(), ENTRY);
        return conf;
    }

    private static ResultOrigin origin() {
        return new ResultOrigin(FILE.toString(), 4096, Map.of(OBJECT, 100_000L));
    }

    @Test
    void q1AndQ2FormatsGiveThePlainCounts() throws Exception {
        Map<String, Long> q1 = new TreeMap<>();
        new Q1Format().convert(run(Q1DeviceMapper.class, conf()), origin(),
                (Text k, LongWritable v) -> assertEquals(null, q1.put(k.toString(), v.get()), "each region once"));
        assertEquals(WorldCupSamples.q1(DATA, ENTRY), q1);

        Map<String, Long> q2 = new TreeMap<>();
        new Q2Format().convert(run(Q2DeviceMapper.class, conf()), origin(),
                (Text k, LongWritable v) -> assertEquals(null, q2.put(k.toString(), v.get()), "each pair once"));
        assertEquals(WorldCupSamples.q2(DATA, ENTRY), q2);
    }

    @Test
    void filterFormatGivesTheFileOffsetsOfMatchingPages() throws Exception {
        Configuration conf = conf();
        conf.set(WorldCupKeys.FILTER_PREDICATE.name(), "type eq 3");
        TreeSet<Long> expected = new TreeSet<>();
        for (int p = 0; p < DATA.length; p += ENTRY) {
            if ((DATA[p + WorldCup98.TYPE_OFFSET] & 0xFF) == 3) {
                expected.add(100_000L + p / 4096 * 4096);
            }
        }
        List<Long> offsets = new ArrayList<>();
        new FilterFormat().convert(run(FilterDeviceMapper.class, conf), origin(), (LongWritable k, Text v) -> {
            offsets.add(k.get());
            assertEquals(FILE.toString(), v.toString());
        });
        assertTrue(expected.size() > 5, "the data has matches on several pages");
        assertEquals(new ArrayList<>(expected), offsets);
    }

    @Test
    void badSettingsAndResultsAreNamed() {
        Configuration conf = conf();
        conf.set(WorldCupKeys.FILTER_PREDICATE.name(), "type 3");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FilterDeviceMapper().params(conf));
        assertEquals("ispd.filter.predicate: a predicate is 'field op value', e.g. 'type eq 0', got 'type 3'",
                e.getMessage());
        conf.set(WorldCupKeys.FILTER_PREDICATE.name(), "type eq 256");
        e = assertThrows(IllegalArgumentException.class, () -> new FilterDeviceMapper().params(conf));
        assertTrue(e.getMessage().contains("'256'") && e.getMessage().contains("field type"), e.getMessage());

        conf.setInt(WorldCupKeys.ENTRY_SIZE.name(), 24);
        e = assertThrows(IllegalArgumentException.class, () -> new Q1DeviceMapper().factory(conf));
        assertTrue(e.getMessage().contains("entrySize") && e.getMessage().contains("24"), e.getMessage());

        IOException io = assertThrows(IOException.class,
                () -> new Q1Format().convert(new byte[] {1, 2, 3}, origin(), (k, v) -> { }));
        assertTrue(io.getMessage().startsWith("malformed tasklet result for a split of osd:/wc/f"), io.getMessage());
        io = assertThrows(IOException.class, () -> origin().fileOffset(5, 0));
        assertTrue(io.getMessage().contains("names object 5"), io.getMessage());
    }
}
