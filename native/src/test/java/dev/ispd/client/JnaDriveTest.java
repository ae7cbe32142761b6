package dev.ispd.client;

import org.junit.jupiter.api.Tag;

/** The drive contract through JNA direct mapping (in the surefire run without -Xcheck:jni, see pom.xml). */
@Tag("jna")
class JnaDriveTest extends DriveContractTest {
    @Override
    Binding binding() {
        return Binding.JNA;
    }
}
