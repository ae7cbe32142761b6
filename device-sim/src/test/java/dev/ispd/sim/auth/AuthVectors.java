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
 * under the key 0x10 0x11 ... 0x2f ({@link AuthFixture#key}(1)) and sequence 0x12345678, and the
 * same two with {@link #RESERVED} in header bytes 22-23, which the tag covers as sent.
 */
public final class AuthVectors {
    public static final long IDENTITY = 1;
    public static final long SEQUENCE = 0x1234_5678L;
    public static final String FOLDER = "auth";
    /** The reserved header field (bytes 22-23) of vectors 03 and 04. */
    public static final int RESERVED = 0xBEEF;

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
                        answer.size(), Status.OK), answer.payload())),
                new Vector("03_reserved_request.bin", frame(reserved(FrameHeader.request(Opcode.STAT_OBJECT.code(), 3,
                        request.size())), request.payload())),
                new Vector("04_reserved_response.bin", frame(reserved(FrameHeader.response(Opcode.STAT_OBJECT.code(), 3,
                        answer.size(), Status.OK)), answer.payload())));
    }

    private static FrameHeader reserved(FrameHeader h) {
        return new FrameHeader(h.magic(), h.version(), h.opcode(), h.flags(), h.requestId(), h.payloadLen(), h.status(),
                RESERVED, h.identity(), h.sequence(), h.authTag());
    }

    private static ByteBuffer frame(FrameHeader unsigned, ByteBuffer payload) {
        FrameHeader h = FrameTag.keyed(AuthFixture.key(IDENTITY)).sign(unsigned, IDENTITY, SEQUENCE, payload);
        ByteBuffer frame = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + payload.remaining());
        h.encode(frame);
        return frame.put(payload.duplicate()).flip();
    }
}
