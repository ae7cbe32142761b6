package dev.ispd.spark.pushdown;

/** Why a predicate, aggregate or sort order is not pushable; cheap (no stack trace), as refusals are ordinary. */
final class NotPushable extends Exception {
    NotPushable(String reason) {
        super(reason, null, false, false);
    }
}
