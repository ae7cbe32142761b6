package dev.ispd.hadoop.fs.contract;

import dev.ispd.hadoop.fs.OsdDrives;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractBulkDeleteTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Hadoop's BulkDelete contract tests on osd:// over three real drives with 64 KiB chunks. */
class OsdContractBulkDeleteTest extends AbstractContractBulkDeleteTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(3, 64 * 1024);

    @Override
    protected AbstractFSContract createContract(Configuration conf) {
        return new OsdContract(conf, DRIVES);
    }
}
