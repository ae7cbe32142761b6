package dev.ispd.hadoop.fs.contract;

/** The VectoredRead contract tests reading into array buffers. */
class OsdContractVectoredReadArrayTest extends OsdContractVectoredReadTest {
    OsdContractVectoredReadArrayTest() {
        super("array");
    }
}
