package dev.ispd.hadoop.fs.contract;

import dev.ispd.hadoop.fs.OsdDrives;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractEtagTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Hadoop's Etag contract tests on osd:// over three real drives with 64 KiB chunks. */
class OsdContractEtagTest extends AbstractContractEtagTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(3, 64 * 1024);

    @Override
    protected AbstractFSContract createContract(Configuration conf) {
        return new OsdContract(conf, DRIVES);
    }
}
