package dev.ispd.it.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** The modules that run on Spark take Spark's Jackson, SLF4J and JVM arguments from one parent, not each its own copy. */
class SparkParentTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void bothSparkModulesInheritFromSparkParentAndDeclareNoCopyOfIt() throws Exception {
        for (String module : new String[] {"spark-ext", "spark-examples"}) {
            Element pom = pom(module);
            Element parent = (Element) pom.getElementsByTagName("parent").item(0);
            assertEquals("ispd-spark-parent", parent.getElementsByTagName("artifactId").item(0).getTextContent(), module);
            assertEquals(0, pom.getElementsByTagName("dependencyManagement").getLength(),
                    module + " manages dependencies of its own");
            assertEquals(0, pom.getElementsByTagName("argLine").getLength(), module + " sets test arguments of its own");
        }
    }

    @Test
    void sparkParentManagesSparksJacksonAndSlf4jAndTheTestArguments() throws Exception {
        Element pom = pom("spark-parent");
        String text = pom.getTextContent();
        Element managed = (Element) pom.getElementsByTagName("dependencyManagement").item(0);
        String versions = managed.getTextContent();
        assertTrue(versions.contains("jackson-databind") && versions.contains("${spark.jackson.version}"), versions);
        assertTrue(versions.contains("slf4j-api") && versions.contains("${spark.slf4j.version}"), versions);
        assertEquals("${spark.test.jit} ${spark.jvm.args}", pom.getElementsByTagName("argLine").item(0).getTextContent(), text);
    }

    private static Element pom(String module) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(ROOT.resolve(module).resolve("pom.xml").toFile()).getDocumentElement();
    }
}
