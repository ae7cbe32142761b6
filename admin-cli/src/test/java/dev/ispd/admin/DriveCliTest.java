package dev.ispd.admin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.tasklet.builtin.Q1Result;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each drive-cli subcommand run in-process (as bin/ispd runs it) against an in-JVM drive. */
class DriveCliTest {
    private static final int ENTRY_SIZE = 20;
    private static final int ENTRIES = 5_000;

    private static EmbeddedDrives drives;

    @TempDir
    Path dir;

    @BeforeAll
    static void startDrive() throws Exception {
        drives = EmbeddedDrives.builder().start();
    }

    @AfterAll
    static void stopDrive() throws Exception {
        drives.close();
    }

    /** What a command printed and returned. */
    record Run(int status, String out, String err) {
    }

    private static Run cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        String[] withAddress = new String[args.length + 2];
        withAddress[0] = "-a";
        withAddress[1] = drives.address(0);
        System.arraycopy(args, 0, withAddress, 2, args.length);
        int status = CommandLines.of(new DriveCli(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .setErr(new PrintWriter(err, true)).execute(withAddress);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString());
    }

    /** Puts {@code bytes} into a new object through the CLI and returns its id. */
    private long put(byte[] bytes) throws Exception {
        Path file = Files.write(dir.resolve("in.bin"), bytes);
        Run put = cli("put", file.toString());
        assertEquals(0, put.status(), put.err());
        assertTrue(put.out().endsWith("(" + String.format("%,d", bytes.length) + " bytes)\n"), put.out());
        return Long.parseLong(put.out().substring(0, put.out().indexOf(' ')));
    }

    private static byte[] records() {
        byte[] bytes = new byte[ENTRIES * ENTRY_SIZE];
        new Random(7).nextBytes(bytes);
        return bytes;
    }

    @Test
    void putListGetAndRemoveAnObject() throws Exception {
        byte[] bytes = records();
        long id = put(bytes);

        Run ls = cli("ls");
        assertEquals(0, ls.status(), ls.err());
        assertTrue(ls.out().lines().anyMatch(l -> l.trim().matches(id + "\\s+" + bytes.length + "\\s+DATA")), ls.out());

        Path copy = dir.resolve("copy.bin");
        assertEquals(0, cli("get", Long.toString(id), copy.toString()).status());
        assertArrayEquals(bytes, Files.readAllBytes(copy));

        assertEquals(0, cli("rm", Long.toString(id)).status());
        assertTrue(cli("ls").out().lines().noneMatch(l -> l.trim().startsWith(id + " ")));
    }

    @Test
    void runCountsTheRegionsOfTheObjectsRecords() throws Exception {
        byte[] bytes = records();
        long id = put(bytes);
        long[] expected = new long[8];
        for (int p = 0; p < bytes.length; p += ENTRY_SIZE) {
            expected[(bytes[p + 19] & 0xFF) >>> 5]++;
        }

        Run run = cli("run", "q1", Long.toString(id), "-p", "entrySize=" + ENTRY_SIZE);

        assertEquals(0, run.status(), run.err());
        String[] lines = run.out().split("\n");
        assertTrue(lines[0].startsWith("q1 over "), run.out());
        assertArrayEquals(expected, Q1Result.decode(HexFormat.of().parseHex(lines[1])).counts());
    }

    @Test
    void infoAndLogDescribeTheDrive() {
        Run info = cli("info");
        assertEquals(0, info.status(), info.err());
        assertTrue(info.out().startsWith("drive drive0, profile smartssd-2013, "), info.out());
        for (String limit : new String[] {"max_connections = 256", "idle_timeout_ms", "header_timeout_ms",
                "admission_wait_ms", "min_payload_rate", "hello_timeout_ms", "max_unauthenticated",
                "max_executions_per_connection", "max_extents_per_execute", "max_open_files", "receive_memory",
                "modules = on", "module_fuel = 100000000000", "module_memory = 67108864", "module_result = 67108864",
                "module_wall_time_ms = 600000"}) {
            assertTrue(info.out().contains("  limit." + limit), "info lists the drive's limit " + limit);
        }

        Run log = cli("log");
        assertEquals(0, log.status(), log.err());
        assertTrue(log.out().startsWith("modeled now "), log.out());
        assertTrue(log.out().contains("  controller "), log.out());
    }

    @Test
    void scrubListsADamagedObjectAndExitsWithOne() throws Exception {
        long clean = put(records());
        Run ok = cli("scrub", Long.toString(clean));
        assertEquals(0, ok.status(), ok.err());
        assertTrue(ok.out().startsWith("scrubbed 1 object(s), " + String.format("%,d", records().length)
                + " bytes: 0 damaged"), ok.out());

        long damaged = put(records());
        Path file = drives.directory().resolve("drive0").resolve("data").resolve(damaged + "-0.obj");
        byte[] b = Files.readAllBytes(file);
        b[10] ^= 1;
        Files.write(file, b);
        Run scrub = cli("scrub");
        assertEquals(ExitStatus.ANSWERS_DIFFER.code(), scrub.status(), scrub.err());
        assertTrue(scrub.out().contains("  object " + damaged + " at offset 0: object " + damaged
                + ", page at offset 0: its 4096 bytes fail their CRC32C"), scrub.out());
        assertEquals(0, cli("rm", Long.toString(damaged)).status());
    }

    @Test
    void faultsSetFromAFileAndCleared() throws Exception {
        Path plan = Files.writeString(dir.resolve("plan.json"), "{\"faults\":[{\"kind\":\"device-full\"}]}");
        Run set = cli("faults", "set", plan.toString());
        assertEquals(0, set.status(), set.err());
        Run full = cli("put", plan.toString());
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), full.status(), full.out());
        assertTrue(full.err().contains("the drive is full"), full.err());
        assertEquals(0, cli("faults", "clear").status());
        assertEquals(0, cli("put", plan.toString()).status());

        Run bad = cli("faults", "set", Files.writeString(dir.resolve("bad.json"), "{\"faults\":[{}]}").toString());
        assertTrue(bad.err().contains("fault 0: no \"kind\""), bad.err());
        Run usage = cli("faults", "clear", plan.toString());
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), usage.status());
        assertTrue(usage.err().contains("expected 'faults set FILE' or 'faults clear'"), usage.err());
    }

    @Test
    void aMissingObjectIsOneLineNamingIt() {
        Run get = cli("get", "987654", dir.resolve("none.bin").toString());

        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), get.status());
        assertEquals(1, get.err().lines().count(), get.err());
        assertTrue(get.err().contains("987654"), get.err());
    }

    @Test
    void loadListRunAndUnloadAModule() throws Exception {
        Path wasm = Path.of("..", "wasm", "examples", "q1.wasm");
        Run load = cli("load", "q1c@2", wasm.toString());
        assertEquals(0, load.status(), load.err());
        assertTrue(load.out().startsWith("loaded q1c@2 ("), load.out());
        Run modules = cli("modules");
        assertEquals(0, modules.status(), modules.err());
        assertTrue(modules.out().startsWith("q1c@2 "), modules.out());

        long id = put(records());
        Run builtin = cli("run", "q1", Long.toString(id), "-p", "entrySize=" + ENTRY_SIZE);
        Run module = cli("run", "q1c@2", Long.toString(id), "-p", "entrySize=" + ENTRY_SIZE);
        assertEquals(0, module.status(), module.err());
        assertTrue(module.out().startsWith("q1c@2 over "), module.out());
        assertEquals(builtin.out().split("\n")[1], module.out().split("\n")[1]);

        assertEquals(0, cli("unload", "q1c@2").status());
        assertEquals("", cli("modules").out());
        Run again = cli("unload", "q1c@2");
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), again.status());
        assertTrue(again.err().contains("no module q1c@2 is loaded"), again.err());
    }

    @Test
    void aModuleNameWithoutAVersionIsAUsageError() {
        Run load = cli("load", "q1c", "q1.wasm");
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), load.status());
        assertTrue(load.err().contains("'q1c' is not name@version"), load.err());
    }

    @Test
    void everySubcommandAnswersHelp() {
        for (String sub : CommandLines.of(new DriveCli()).getSubcommands().keySet()) {
            StringWriter help = new StringWriter();
            int status = CommandLines.of(new DriveCli()).setOut(new PrintWriter(help, true)).execute(sub, "--help");
            assertEquals(0, status, sub);
            assertTrue(help.toString().contains("Usage: ispd drive-cli " + sub), sub + ": " + help);
        }
    }

    @Test
    void getOfAMissingObjectLeavesAnExistingFileAsItWas() throws Exception {
        Path keep = Files.writeString(dir.resolve("keep.txt"), "precious");
        Run get = cli("get", "987654", keep.toString());
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), get.status());
        assertEquals("precious", Files.readString(keep), "not truncated");
        try (var left = Files.list(dir)) {
            assertEquals(1, left.count(), "no partial file left beside it");
        }

        long id = put("fresh bytes".getBytes(StandardCharsets.UTF_8));
        assertEquals(0, cli("get", Long.toString(id), keep.toString()).status());
        assertEquals("fresh bytes", Files.readString(keep));
    }

    @Test
    void aNegativeOrZeroObjectIdIsRefused() {
        for (String bad : new String[] {"-1", "0", "x"}) {
            Run rm = cli("rm", bad);
            assertEquals(ExitStatus.USAGE_OR_INPUT.code(), rm.status(), bad);
            assertTrue(rm.err().contains("'" + bad + "' is not an object id: ids are 1 to 18446744073709551615"),
                    rm.err());
        }
    }

    @Test
    void loadNamesAPathItCannotReadAndTheRealCauseOfAMalformedModule() throws Exception {
        Run directory = cli("load", "x@1", dir.toString());
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), directory.status());
        assertTrue(directory.err().contains("FILE " + dir + " is a directory: name a file"), directory.err());

        Path junk = Files.writeString(dir.resolve("junk.wasm"), "not a module");
        Run malformed = cli("load", "x@1", junk.toString());
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), malformed.status());
        assertTrue(malformed.err().contains("does not start with WebAssembly's magic number")
                && !malformed.err().contains("section size mismatch"), malformed.err());
    }
}
