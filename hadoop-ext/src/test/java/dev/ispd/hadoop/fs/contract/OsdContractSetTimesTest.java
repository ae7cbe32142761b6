package dev.ispd.hadoop.fs.contract;

import dev.ispd.hadoop.fs.OsdDrives;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractSetTimesTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Hadoop's SetTimes contract tests on osd:// over three real drives with 64 KiB chunks. */
class OsdContractSetTimesTest extends AbstractContractSetTimesTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(3, 64 * 1024);

    @Override
    protected AbstractFSContract createContract(Configuration conf) {
        return new OsdContract(conf, DRIVES);
    }
}
