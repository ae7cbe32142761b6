package dev.ispd.examples.worldcup.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.worldcup.WorldCup98;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The type table of docs/import.md, rule by rule. */
class FileTypesTest {
    @Test
    void extensionTableIsTheDocumentedOne() {
        Map<String, String> expected = new LinkedHashMap<>();
        for (String e : new String[] {"html", "htm"}) {
            expected.put(e, "HTML");
        }
        for (String e : new String[] {"gif", "jpg", "jpeg", "xbm", "bmp", "tif", "tiff"}) {
            expected.put(e, "IMAGE");
        }
        for (String e : new String[] {"au", "wav", "mp3"}) {
            expected.put(e, "AUDIO");
        }
        for (String e : new String[] {"mov", "mpg", "avi"}) {
            expected.put(e, "VIDEO");
        }
        expected.put("class", "JAVA");
        for (String e : new String[] {"pdf", "ps", "doc"}) {
            expected.put(e, "FORMATTED");
        }
        expected.put("txt", "TEXT");
        for (String e : new String[] {"zip", "gz", "z", "tar", "hqx"}) {
            expected.put(e, "COMPRESSED");
        }
        expected.put("exe", "PROGRAMS");

        Map<String, String> actual = new LinkedHashMap<>();
        FileTypes.extensions().forEach((e, type) -> actual.put(e, WorldCup98.typeName(type)));
        assertEquals(expected, actual);
        expected.forEach((e, type) -> assertEquals(type, WorldCup98.typeName(FileTypes.typeOf("/a/b/file." + e)), e));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "/images/11104.gif, IMAGE",
            "/IMAGES/TRIVIA.GIF, IMAGE",
            "/french/frntpage.HTM, HTML",
            "/files/old.Z, COMPRESSED",
            "/cgi-bin/trivia/Trivia.pl?ENG, DYNAMIC",
            "/images/logo.gif?v=2, DYNAMIC",
            "/search?q=a/b/, DYNAMIC",
            "/english/, DIRECTORY",
            "/, DIRECTORY",
            "/page.html#top, HTML",
            "/english/#news, DIRECTORY",
            "/page.html#part?2, HTML",
            "/cgi-bin/trivia/Trivia.pl, other",
            "/robots, other",
            "/v1.2/readme, other",
            "/archive.gz.part, other",
            "/.gif, IMAGE",
            "'', other",
    })
    void urlRules(String url, String type) {
        assertEquals(type, WorldCup98.typeName(FileTypes.typeOf(url)));
    }
}
