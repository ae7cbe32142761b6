package dev.ispd.examples.worldcup.importer;

import java.nio.file.Files;
import java.nio.file.Path;

/** The real WorldCup98 sample (200,000 requests of day 6 as CSV in a tar.bz2), in ../shared beside the repository. */
public final class RealSample {
    static final String FILE = "wc_day6_1_sample.tar.bz2";
    public static final int LINES = 200_000;

    private RealSample() {
    }

    /** The sample in ../shared/data/worldcup98 beside the repository root (the module's parent). */
    public static Path locate() {
        Path root = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        if (!Files.exists(root.resolve("examples"))) {
            root = root.getParent();
        }
        Path sample = root.resolveSibling("shared").resolve("data/worldcup98").resolve(FILE);
        if (!Files.isReadable(sample)) {
            throw new IllegalStateException("the WorldCup98 sample is not at " + sample
                    + " (expected ../shared/data/worldcup98 beside the repository root)");
        }
        return sample;
    }
}
