package dev.ispd.client;

/** Authentication through the JNI glue (under -Xcheck:jni). */
class JniAuthenticatedDriveTest extends AuthenticatedDriveContractTest {
    @Override
    Binding binding() {
        return Binding.JNI;
    }
}
