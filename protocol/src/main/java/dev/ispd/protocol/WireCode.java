package dev.ispd.protocol;

/**
 * A constant of the protocol with its number on the wire: an {@link Opcode}, a {@link Status},
 * an {@link ObjectKind}, a {@link TaskletForm} or an {@link ExecutionState}. The numbers are
 * those of {@code ispd.h}, the normative list (docs/protocol.md).
 */
public interface WireCode {
    /** The number that stands for this constant on the wire and in {@code ispd.h}. */
    int code();

    /** The constant among {@code values} whose code is {@code code}, or null if none is. */
    static <E extends WireCode> E find(E[] values, int code) {
        for (E e : values) {
            if (e.code() == code) {
                return e;
            }
        }
        return null;
    }
}
