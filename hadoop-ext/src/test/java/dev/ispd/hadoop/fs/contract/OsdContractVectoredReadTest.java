package dev.ispd.hadoop.fs.contract;

import dev.ispd.hadoop.fs.OsdDrives;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractVectoredReadTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hadoop's VectoredRead contract tests on osd:// over three real drives with 64 KiB chunks, into
 * one type of buffer: a subclass per type ({@link OsdContractVectoredReadArrayTest},
 * {@link OsdContractVectoredReadDirectTest}), since Hadoop parameterizes the class with JUnit
 * 5.13's ParameterizedClass, newer than this build's JUnit.
 */
abstract class OsdContractVectoredReadTest extends AbstractContractVectoredReadTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(3, 64 * 1024);

    OsdContractVectoredReadTest(String bufferType) {
        super(bufferType);
    }

    @Override
    protected AbstractFSContract createContract(Configuration conf) {
        return new OsdContract(conf, DRIVES);
    }
}
