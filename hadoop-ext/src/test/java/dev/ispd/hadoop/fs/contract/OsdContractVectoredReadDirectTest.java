package dev.ispd.hadoop.fs.contract;

import dev.ispd.hadoop.fs.OsdDrives;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractVectoredReadTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hadoop's VectoredRead contract tests on osd:// into direct buffers, over three real drives with
 * 64 KiB chunks (one class per buffer type: Hadoop parameterizes the class with JUnit 5.13's
 * ParameterizedClass, newer than this build's JUnit).
 */
class OsdContractVectoredReadDirectTest extends AbstractContractVectoredReadTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(3, 64 * 1024);

    OsdContractVectoredReadDirectTest() {
        super("direct");
    }

    @Override
    protected AbstractFSContract createContract(Configuration conf) {
        return new OsdContract(conf, DRIVES);
    }
}
