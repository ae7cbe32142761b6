package dev.ispd.hadoop.fs.contract;

/** The VectoredRead contract tests reading into direct buffers. */
class OsdContractVectoredReadDirectTest extends OsdContractVectoredReadTest {
    OsdContractVectoredReadDirectTest() {
        super("direct");
    }
}
