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
            for (int at : new int[] {FrameFormat.HEADER_SIZE, 22, 23}) {
                byte[] flipped = file.clone();
                flipped[at] ^= 1;
                assertFalse(verifies(key, flipped), v.file() + " with a bit of byte " + at + " flipped");
            }
        }
    }

    @Test
    void theTagCoversTheReservedHeaderBytesAsSent() throws IOException {
        byte[] file = Files.readAllBytes(DIR.resolve("03_reserved_request.bin"));
        assertEquals(AuthVectors.RESERVED, FrameHeader.decode(ByteBuffer.wrap(file)).reserved());
        assertTrue(verifies(AuthFixture.key(AuthVectors.IDENTITY), file));
    }

    private static boolean verifies(byte[] key, byte[] frame) {
        ByteBuffer b = ByteBuffer.wrap(frame);
        FrameHeader h = FrameHeader.decode(b);
        return FrameTag.keyed(key).verifies(h, b.slice());
    }
}
