package dev.ispd.it.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The fast profile (-Pquick, README "Tests") leaves out exactly the tests that start clusters or run long, and the
 * full run leaves out only the slow ones: a new JUnit tag has to be placed in one run or the other here.
 */
class QuickProfileTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern TAG = Pattern.compile("@Tag\\(\"([^\"]+)\"\\)");
    /** Tags whose tests belong in the edit-compile-test loop (jna: native's second surefire execution). */
    private static final Set<String> UNIT_TAGS = Set.of("jna");

    @Test
    void quickLeavesOutEveryTagThatIsNotAUnitTestsTag() throws Exception {
        Set<String> left = groups(profileProperty(ROOT.resolve("pom.xml"), "quick", "excludedGroups"));
        Set<String> tags = testTags();
        Set<String> placed = new TreeSet<>(left);
        placed.addAll(UNIT_TAGS);
        assertTrue(placed.containsAll(tags), "tags neither in the quick loop nor left out of it: " + minus(tags, placed));
        assertTrue(left.contains("cluster") && left.contains("slow"), "quick leaves out " + left);
    }

    @Test
    void theFullRunLeavesOutOnlyTheSlowTests() throws Exception {
        assertEquals(Set.of("slow"), groups(property(ROOT.resolve("pom.xml"), "excludedGroups")));
    }

    @Test
    void quickSkipsTheIntegrationModuleAndTheReadmeSaysHow() throws Exception {
        assertEquals("true", profileProperty(ROOT.resolve("tests/pom.xml"), "quick", "skipTests"));
        assertTrue(Files.readString(ROOT.resolve("README.md")).contains("mvn -B verify -Pquick"),
                "README.md does not give the quick run's command");
    }

    private static Set<String> testTags() throws IOException {
        Set<String> tags = new TreeSet<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> f.toString().contains("/src/test/")).toList()) {
                Matcher m = TAG.matcher(Files.readString(file));
                while (m.find()) {
                    tags.add(m.group(1));
                }
            }
        }
        assertTrue(tags.contains("cluster"), "found no tagged tests under " + ROOT.toAbsolutePath());
        return tags;
    }

    private static String profileProperty(Path pom, String profile, String name) throws Exception {
        NodeList profiles = document(pom).getElementsByTagName("profile");
        for (int i = 0; i < profiles.getLength(); i++) {
            Element p = (Element) profiles.item(i);
            if (profile.equals(p.getElementsByTagName("id").item(0).getTextContent())) {
                return p.getElementsByTagName(name).item(0).getTextContent().trim();
            }
        }
        throw new AssertionError(pom + " has no profile " + profile);
    }

    private static String property(Path pom, String name) throws Exception {
        Element properties = (Element) document(pom).getElementsByTagName("properties").item(0);
        return properties.getElementsByTagName(name).item(0).getTextContent().trim();
    }

    private static Element document(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    }

    private static Set<String> groups(String list) {
        return Arrays.stream(list.split(",")).map(String::trim).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> rest = new TreeSet<>(a);
        rest.removeAll(b);
        return rest;
    }
}
