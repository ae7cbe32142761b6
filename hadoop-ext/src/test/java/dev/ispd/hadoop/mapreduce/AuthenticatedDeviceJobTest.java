package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.DriveException;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.protocol.Status;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.auth.AuthFixture;
import dev.ispd.sim.testing.WorldCupSamples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DeviceJob against drives that authenticate every request: the identity comes from the
 * configuration and its key from a Hadoop credential store, never plain configuration; without
 * them a client is only what its local user maps to, and is refused what that identity may not do.
 */
class AuthenticatedDeviceJobTest {
    @TempDir
    static Path work;

    @RegisterExtension
    static final OsdDrives OSD = new OsdDrives(2, 256 * 1024).withAuth(config());

    private static AuthConfig config() {
        try {
            return AuthConfig.load(AuthFixture.write(Files.createTempDirectory("ispd-auth-")));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Configuration authenticated;

    @BeforeAll
    static void credentials() throws IOException {
        authenticated = OSD.conf();
        authenticated.set("fs.osd.impl.disable.cache", "true");
        authenticated.set(IspdKeys.AUTH_IDENTITY.name(), Long.toString(AuthFixture.HADOOP));
        authenticated.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH,
                "jceks://file" + work.resolve("creds.jceks").toAbsolutePath());
        CredentialProvider store = CredentialProviderFactory.getProviders(authenticated).get(0);
        store.createCredentialEntry(IspdKeys.AUTH_KEY.name(),
                HexFormat.of().formatHex(AuthFixture.key(AuthFixture.HADOOP)).toCharArray());
        store.flush();
    }

    @Test
    void aDeviceJobRunsInsideDrivesThatAuthenticate() throws Exception {
        byte[] data = WorldCupSamples.generate(2010, 20_000, 20);
        org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path(OSD.uri().resolve("/auth/day1"));
        try (FileSystem fs = FileSystem.get(OSD.uri(), authenticated)) {
            JobRunner.write(fs, input, data);
        }
        assertEquals(null, authenticated.getRaw(IspdKeys.AUTH_KEY.name()), "the key is not in plain configuration");
        JobRunner runner = new JobRunner(authenticated, work);
        DeviceJob job = runner.countingJob(runner.conf("device-only", 20), "q1-auth", Q1DeviceMapper.class,
                Q1Format.class, input);
        assertEquals(WorldCupSamples.asOutput(WorldCupSamples.q1(data, 20)), JobRunner.runForOutput(job));
        assertTrue(job.counter(IspdCounter.SPLITS_ON_DEVICE) > 0);
        assertEquals(0, job.counter(IspdCounter.FALLBACKS));
    }

    @Test
    void aClientWithoutCredentialsIsOnlyItsLocalUsersIdentity() throws IOException {
        Configuration anonymous = OSD.conf(); // on these Unix sockets the test's user is identity 5, read-only
        anonymous.set("fs.osd.impl.disable.cache", "true");
        try (FileSystem fs = FileSystem.get(OSD.uri(), anonymous)) {
            fs.listStatus(new org.apache.hadoop.fs.Path(OSD.uri().resolve("/")));
            IOException e = assertThrows(IOException.class,
                    () -> fs.create(new org.apache.hadoop.fs.Path(OSD.uri().resolve("/auth/anonymous"))).close());
            Throwable cause = e;
            while (!(cause instanceof DriveException) && cause.getCause() != null) {
                cause = cause.getCause();
            }
            assertTrue(cause instanceof DriveException d && d.status() == Status.FORBIDDEN, e::toString);
        }
    }
}
