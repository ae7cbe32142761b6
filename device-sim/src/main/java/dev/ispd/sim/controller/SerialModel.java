package dev.ispd.sim.controller;

import dev.ispd.sim.engine.DriveModel;
import dev.ispd.tasklet.Meter;

/**
 * Makes one drive's model safe to call from every connection thread and the execution worker:
 * each call, including those on an execution's model, runs under one lock, so the model's
 * timelines see one command at a time.
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
