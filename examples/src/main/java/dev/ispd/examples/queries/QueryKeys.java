package dev.ispd.examples.queries;

import dev.ispd.offload.settings.ConfigKey;
import java.util.List;

/**
 * The keys {@link QueryJobs} writes into a query job's configuration for its tasks: what the
 * host variants need to know of the drives (probed once by the job driver) and the filter's
 * predicate. Users do not set them; docs/queries.md lists them.
 */
final class QueryKeys {
    private QueryKeys() {
    }

    static final ConfigKey PAGE_SIZE = new ConfigKey("ispd.queries.page.size", "",
            "The drives' flash page size: the host filter names pages as the device filter does.");
    static final ConfigKey CHUNK_SIZE = new ConfigKey("ispd.queries.chunk.size", "",
            "The input file's osd:// chunk size: every chunk but the last is this long.");
    static final ConfigKey LINK_BANDWIDTH = new ConfigKey("ispd.queries.link.bandwidth", "",
            "The drives' host link bandwidth in bytes per second: prices what the host-optimized mappers read.");
    static final ConfigKey LINK_LATENCY = new ConfigKey("ispd.queries.link.latency.ns", "",
            "The drives' host link command latency in nanoseconds.");
    static final ConfigKey FILTER_PREDICATE = new ConfigKey("ispd.queries.filter.predicate", "",
            "The filter's whole predicate, 'field op value mode' (PageFilter).");

    /** Every key, in the order of docs/queries.md's list. */
    static final List<ConfigKey> ALL = List.of(PAGE_SIZE, CHUNK_SIZE, LINK_BANDWIDTH, LINK_LATENCY, FILTER_PREDICATE);
}
