package dev.ispd.sim.controller;

import dev.ispd.sim.model.DriveModel;
import dev.ispd.tasklet.Meter;

/**
 * The drive's one lock around its model. Connection threads and the execution worker all call
 * the model, which is a plain single-threaded simulation (see {@link DriveModel}); each call,
 * including those on an execution's model, runs under this lock, so the model's timelines see
 * one command at a time. The lock lives here, where the threads are, rather than in each model,
 * so every model (the profile-built one and the tests' hand-checkable one) gets the same
 * guarantee from one place.
 */
final class SerialModel implements DriveModel {
    private final DriveModel model;
    private final Object lock = new Object();

    SerialModel(DriveModel model) {
        this.model = model;
    }

    @Override
    public long hostWrite(long arrivalNs, long bytes) {
        synchronized (lock) {
            return model.hostWrite(arrivalNs, bytes);
        }
    }

    @Override
    public long hostRead(long arrivalNs, long bytes) {
        synchronized (lock) {
            return model.hostRead(arrivalNs, bytes);
        }
    }

    @Override
    public long command(long arrivalNs) {
        synchronized (lock) {
            return model.command(arrivalNs);
        }
    }

    @Override
    public Execution beginExecution(long arrivalNs) {
        synchronized (lock) {
            return new SerialExecution(model.beginExecution(arrivalNs));
        }
    }

    @Override
    public LogSnapshot snapshot() {
        synchronized (lock) {
            return model.snapshot();
        }
    }

    private final class SerialExecution implements Execution {
        private final Execution e;

        SerialExecution(Execution e) {
            this.e = e;
        }

        @Override
        public void batch(long pages, long bytes, Meter delta) {
            synchronized (lock) {
                e.batch(pages, bytes, delta);
            }
        }

        @Override
        public void finish(long resultBytes) {
            synchronized (lock) {
                e.finish(resultBytes);
            }
        }

        @Override
        public long modeledNs() {
            synchronized (lock) {
                return e.modeledNs();
            }
        }

        @Override
        public long serviceNs() {
            synchronized (lock) {
                return e.serviceNs();
            }
        }

        @Override
        public long endNs() {
            synchronized (lock) {
                return e.endNs();
            }
        }

        @Override
        public long energyNj() {
            synchronized (lock) {
                return e.energyNj();
            }
        }

        @Override
        public long estimateRemainingNs(long pagesLeft) {
            synchronized (lock) {
                return e.estimateRemainingNs(pagesLeft);
            }
        }
    }
}
