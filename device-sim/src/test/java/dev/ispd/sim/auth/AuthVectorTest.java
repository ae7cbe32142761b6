package dev.ispd.sim.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.sim.hostif.FrameHeader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The checked-in authenticated vectors are what the drive's HMAC computes, and their tags verify
 * under the vectors' key and no longer verify once a byte changes.
 */
class AuthVectorTest {
    private static final Path DIR = Path.of("..", "docs", "protocol", "vectors", AuthVectors.FOLDER);

    @Test
    void theFilesAreTheComputedFramesAndTheirTagsVerify() throws IOException {
        for (AuthVectors.Vector v : AuthVectors.all()) {
            byte[] file = Files.readAllBytes(DIR.resolve(v.file()));
            byte[] computed = new byte[v.frame().remaining()];
            v.frame().duplicate().get(computed);
            assertArrayEquals(computed, file, v.file() + " differs from the frame the Java encoder tags");

            ByteBuffer frame = ByteBuffer.wrap(file);
            FrameHeader h = FrameHeader.decode(frame);
            assertTrue(h.isAuthenticated(), v.file());
            assertEquals(AuthVectors.IDENTITY, h.identity());
            assertEquals(AuthVectors.SEQUENCE, h.sequence());
            byte[] key = AuthFixture.key(AuthVectors.IDENTITY);
            assertTrue(FrameTag.keyed(key).verifies(h, frame.slice()), v.file());
            file[FrameFormat.HEADER_SIZE] ^= 1;
            assertFalse(FrameTag.keyed(key).verifies(h, ByteBuffer.wrap(file, FrameFormat.HEADER_SIZE,
                    file.length - FrameFormat.HEADER_SIZE).slice()), v.file() + " with a payload bit flipped");
        }
    }
}
