package dev.ispd.sim.fuzz;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Opcode;
import dev.ispd.sim.hostif.FrameHeader;
import dev.ispd.sim.hostif.PayloadReader;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.StatusException;
import java.nio.ByteBuffer;

/**
 * The drive's frame decoding as a fuzz target: the header checks, then the payload decoder of the
 * opcode, as a connection runs them. Returns what the drive would answer (an outcome naming the
 * status and the first words of the message, so that distinct decoder paths give distinct
 * outcomes); throws only if the decoder has a bug: any exception but a StatusException, or a
 * decoded request that does not re-encode to a frame decoding to the same request.
 */
final class DecoderTarget {
    private DecoderTarget() {
    }

    static String decode(byte[] frame) {
        if (frame.length < FrameFormat.HEADER_SIZE) {
            return "short header";
        }
        FrameHeader h = FrameHeader.decode(ByteBuffer.wrap(frame));
        StatusException framing = h.checkFraming();
        if (framing != null) {
            return outcome(framing);
        }
        Opcode op = Opcode.ofCode(h.opcode());
        if (op == null) {
            return "unknown opcode";
        }
        int available = frame.length - FrameFormat.HEADER_SIZE;
        if (h.payloadLen() > available) {
            return "short payload";
        }
        ByteBuffer payload = ByteBuffer.wrap(frame, FrameFormat.HEADER_SIZE, (int) h.payloadLen()).slice();
        Requests.Request request;
        try {
            request = Requests.decode(op, new PayloadReader(payload, op + " request"));
        } catch (StatusException e) {
            return outcome(e);
        }
        checkRoundTrip(op, request);
        return "OK " + op;
    }

    private static void checkRoundTrip(Opcode op, Requests.Request request) {
        PayloadWriter w = new PayloadWriter(1024);
        request.encode(w);
        try {
            Requests.Request again = Requests.decode(op, new PayloadReader(w.payload(), op + " request"));
            if (!again.equals(request)) {
                throw new AssertionError(op + " decoded as " + request + " but re-encoded as " + again);
            }
        } catch (StatusException e) {
            throw new AssertionError(op + " decoded as " + request + " but its encoding does not decode: "
                    + e.getMessage(), e);
        }
    }

    private static String outcome(StatusException e) {
        String m = e.getMessage().replaceAll("[0-9]+", "N");
        return e.status() + " " + m.substring(0, Math.min(60, m.length()));
    }
}
