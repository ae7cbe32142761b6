package dev.ispd.offload.storage;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * A call made to several drives at once, so that the caller waits for the slowest drive rather
 * than for each drive's connection and answer in turn: what planning and starting a scan ask of
 * every drive it uses. The calls run on shared daemon threads (idle ones end after a minute); a
 * single drive's call runs on the caller's thread.
 */
public final class AtOnce {
    private static final ExecutorService CALLS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ispd-drive-calls");
        t.setDaemon(true);
        return t;
    });

    private AtOnce() {
    }

    /**
     * {@code call} of each of {@code drives}, made at once; the answers in the order of
     * {@code drives}. The calls handle their own drives' failures: an unchecked exception of one
     * is thrown here once every call has ended.
     */
    public static <T> List<T> each(List<Integer> drives, IntFunction<T> call) {
        if (drives.size() == 1) {
            return List.of(call.apply(drives.get(0)));
        }
        List<CompletableFuture<T>> calls = drives.stream()
                .map(d -> CompletableFuture.supplyAsync(() -> call.apply(d), CALLS)).toList();
        try {
            CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
            return calls.stream().map(CompletableFuture::join).toList();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw (Error) e.getCause(); // a call throws nothing checked
        }
    }

    /** {@code call} of drives 0 to {@code n - 1}, made at once; the answers in drive order. */
    public static <T> List<T> each(int n, IntFunction<T> call) {
        return each(IntStream.range(0, n).boxed().toList(), call);
    }
}
