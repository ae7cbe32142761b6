package dev.ispd.sim.auth;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.FrameHeader;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The authenticated frames of docs/protocol/vectors.md ("Authenticated frames"), in
 * {@code vectors/auth/}: a STAT_OBJECT request tagged by identity 1 and the drive's tagged answer,
 * under the key 0x10 0x11 ... 0x2f ({@link AuthFixture#key}(1)) and sequence 0x12345678.
 */
public final class AuthVectors {
    public static final long IDENTITY = 1;
    public static final long SEQUENCE = 0x1234_5678L;
    public static final String FOLDER = "auth";

    /** One vector: its file name in {@link #FOLDER} and its frame. */
    public record Vector(String file, ByteBuffer frame) {
    }

    private AuthVectors() {
    }

    public static List<Vector> all() {
        PayloadWriter request = new PayloadWriter(64);
        new Requests.StatObject(42).encode(request);
        PayloadWriter answer = new PayloadWriter(64);
        new Responses.ObjectStat(42, 8192, ObjectKind.DATA).encode(answer);
        return List.of(
                new Vector("01_stat_object_request.bin",
                        frame(FrameHeader.request(Opcode.STAT_OBJECT.code(), 1, request.size()), request.payload())),
                new Vector("02_stat_object_response.bin", frame(FrameHeader.response(Opcode.STAT_OBJECT.code(), 1,
                        answer.size(), Status.OK), answer.payload())));
    }

    private static ByteBuffer frame(FrameHeader unsigned, ByteBuffer payload) {
        FrameHeader h = FrameTag.keyed(AuthFixture.key(IDENTITY)).sign(unsigned, IDENTITY, SEQUENCE, payload);
        ByteBuffer frame = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + payload.remaining());
        h.encode(frame);
        return frame.put(payload.duplicate()).flip();
    }
}
