package dev.ispd.examples.reproduce;

import dev.ispd.profile.Capabilities;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Units;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.model.ModeledDrive;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The drive's side of plain host I/O (the wr phase, and the reads of the host versions), replayed
 * on the drive's own model ({@link ModeledDrive}, the engine the in-JVM drive runs) with the bytes
 * the run moved. The live drive's DEVICE_LOG would also count the osd:// file system's metadata
 * commands, whose interleaving with the data varies from run to run and moves its energy by a
 * nanojoule or so of rounding; the replay gives the same figures every time.
 */
public final class DriveReplay {
    private final DeviceProfile profile;
    private final long idleNw;

    public DriveReplay(DeviceProfile profile) {
        this.profile = profile;
        this.idleNw = new BigDecimal(profile.capabilities().get(Capabilities.POWER_IDLE)).movePointRight(6)
                .setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    /** The drive's modeled time and whole-drive energy (idle included) for a host I/O. */
    record Io(long timeNs, long energyNj) {
    }

    /** The drive's idle power in nanowatts. */
    long idleNw() {
        return idleNw;
    }

    /** Writing {@code bytes} from the host. */
    Io write(long bytes) {
        ModeledDrive drive = new ModeledDrive(profile);
        drive.hostWrite(0, bytes);
        DriveModel.LogSnapshot s = drive.snapshot();
        return new Io(s.nowNs(), s.energyNj());
    }

    /** The drive's energy over a phase of {@code phaseNs} in which the host reads {@code bytes}: idle beyond the reads. */
    public long readEnergy(long bytes, long phaseNs) {
        ModeledDrive drive = new ModeledDrive(profile);
        drive.hostRead(0, bytes);
        DriveModel.LogSnapshot s = drive.snapshot();
        return s.energyNj() + Units.energyNj(idleNw, Math.max(0, phaseNs - s.nowNs()));
    }
}
