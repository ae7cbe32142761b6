package dev.ispd.client;

import org.junit.jupiter.api.Tag;

/** Authentication through JNA direct mapping. */
@Tag("jna")
class JnaAuthenticatedDriveTest extends AuthenticatedDriveContractTest {
    @Override
    Binding binding() {
        return Binding.JNA;
    }
}
