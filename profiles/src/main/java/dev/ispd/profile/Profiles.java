package dev.ispd.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The shipped device and host profiles (resources {@code profiles/device/<name>.yaml} and
 * {@code profiles/host/<name>.yaml}), and loading of a researcher's own profile from a file.
 * Profiles are immutable; built-in ones are parsed once and shared.
 */
public final class Profiles {
    private static final List<String> DEVICES =
            List.of("smartssd-2013", "pm1725-isc", "spu-2018", "smartssd-fpga", "newport", "kinetic-hdd");
    private static final List<String> HOSTS = List.of("host-i5-2500");

    private static final Map<String, DeviceProfile> DEVICE_CACHE = new ConcurrentHashMap<>();
    private static final Map<String, HostProfile> HOST_CACHE = new ConcurrentHashMap<>();

    private Profiles() {
    }

    /** Names of the shipped device profiles. */
    public static List<String> deviceNames() {
        return DEVICES;
    }

    /** Names of the shipped host profiles. */
    public static List<String> hostNames() {
        return HOSTS;
    }

    /** A shipped device profile; an unknown name is an IllegalArgumentException listing the known ones. */
    public static DeviceProfile device(String name) {
        if (!DEVICES.contains(name)) {
            throw new IllegalArgumentException("unknown device profile '" + name + "'; known: " + String.join(", ", DEVICES));
        }
        return DEVICE_CACHE.computeIfAbsent(name, n -> builtIn("profiles/device/" + n + ".yaml", n, DeviceProfile::read,
                DeviceProfile::name));
    }

    /** A shipped host profile; an unknown name is an IllegalArgumentException listing the known ones. */
    public static HostProfile host(String name) {
        if (!HOSTS.contains(name)) {
            throw new IllegalArgumentException("unknown host profile '" + name + "'; known: " + String.join(", ", HOSTS));
        }
        return HOST_CACHE.computeIfAbsent(name, n -> builtIn("profiles/host/" + n + ".yaml", n, HostProfile::read,
                HostProfile::name));
    }

    /** A device profile from a file of the same format as the shipped ones. */
    public static DeviceProfile loadDevice(Path file) {
        return fromFile(file, DeviceProfile::read);
    }

    /** A host profile from a file of the same format as the shipped ones. */
    public static HostProfile loadHost(Path file) {
        return fromFile(file, HostProfile::read);
    }

    /** A device profile from a stream; {@code fileName} names it in error messages. */
    public static DeviceProfile readDevice(String fileName, InputStream in) {
        return DeviceProfile.read(ProfileReader.parse(fileName, in));
    }

    /** A host profile from a stream; {@code fileName} names it in error messages. */
    public static HostProfile readHost(String fileName, InputStream in) {
        return HostProfile.read(ProfileReader.parse(fileName, in));
    }

    private static <T> T fromFile(Path file, Function<ProfileReader.Section, T> reader) {
        try (InputStream in = Files.newInputStream(file)) {
            return reader.apply(ProfileReader.parse(file.toString(), in));
        } catch (IOException e) {
            throw new ProfileException(file.toString(), "cannot read: " + e, e);
        }
    }

    private static <T> T builtIn(String resource, String name, Function<ProfileReader.Section, T> reader,
                                 Function<T, String> nameOf) {
        try (InputStream in = Profiles.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("shipped profile resource " + resource + " is missing from the classpath");
            }
            T profile = reader.apply(ProfileReader.parse(resource, in));
            if (!nameOf.apply(profile).equals(name)) {
                throw new ProfileException(resource, "name", "is '" + nameOf.apply(profile) + "', expected '" + name + "'");
            }
            return profile;
        } catch (IOException e) {
            throw new ProfileException(resource, "cannot read: " + e, e);
        }
    }
}
