package dev.ispd.sim.load;

import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.DriveServer;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Connects the way a well-behaved client should: a first request (DEVICE_INFO) tells whether the
 * drive took the connection; a BUSY whose message carries a retry hint ("retry after N ms") is
 * honoured by waiting that long and connecting again.
 */
final class PatientClient {
    private static final Pattern HINT = Pattern.compile(Pattern.quote(DriveServer.RETRY_HINT_PREFIX) + "(\\d+) ms");

    private PatientClient() {
    }

    /** A connection the drive serves, and how many BUSY answers it took to get it. */
    record Admitted(TestClient client, int busyAnswers) { }

    static Admitted connect(String address, int maxAttempts) throws IOException, InterruptedException {
        for (int attempt = 0; attempt < maxAttempts; attempt++) {
            TestClient c = TestClient.connect(address);
            TestClient.Reply r = c.call(new Requests.DeviceInfo());
            if (r.status() == Status.OK) {
                return new Admitted(c, attempt);
            }
            c.close();
            Matcher m = HINT.matcher(r.status() == Status.BUSY ? r.message() : "");
            if (!m.find()) {
                throw new IOException("the drive refused the connection: " + r.status() + " " + r.message());
            }
            Thread.sleep(Long.parseLong(m.group(1)));
        }
        throw new IOException("the drive was BUSY " + maxAttempts + " times in a row");
    }
}
