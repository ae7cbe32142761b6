package dev.ispd.sim.hostif;

/** What the server dispatches decoded requests to: the drive's controller. */
public interface RequestHandler {

    /** Called when a connection opens; its requests go to the returned session, in order. */
    Session openSession();

    /** The state of one connection (its virtual clock, for instance). */
    interface Session {
        /**
         * Handles one request, writing the response payload into {@code out} (cleared). Failures
         * throw with the status and message to answer; {@code out} is then discarded.
         */
        void handle(Requests.Request request, PayloadWriter out) throws StatusException;

        /** Called once when the connection has closed, for whatever reason; no request follows. */
        default void close() {
        }
    }
}
