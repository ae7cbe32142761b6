package dev.ispd.client;

/** The drive contract through the JNI glue (run under -Xcheck:jni, see pom.xml). */
class JniDriveTest extends DriveContractTest {
    @Override
    Binding binding() {
        return Binding.JNI;
    }
}
