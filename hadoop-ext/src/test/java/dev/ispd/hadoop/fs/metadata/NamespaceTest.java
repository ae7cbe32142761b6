package dev.ispd.hadoop.fs.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The replay rules: which records take effect, given the ones before them. */
class NamespaceTest {
    private final Namespace ns = new Namespace();

    private static JournalRecord.CreateFile file(String path, boolean overwrite, long objectId) {
        return new JournalRecord.CreateFile(path, overwrite, 1L, "u", 10, 5, List.of(new Chunk(0, objectId, 5)),
                JournalRecord.Anchor.ROOT);
    }

    private static JournalRecord.CreateFile file(String path, JournalRecord.Anchor anchor) {
        return new JournalRecord.CreateFile(path, false, 1L, "u", 10, 0, List.of(), anchor);
    }

    private Namespace.Refusal refusal(JournalRecord r) {
        return ns.apply(r).refusal();
    }

    @Test
    void mkdirAndCreateMakeMissingParentsButNotThroughAFile() {
        assertNull(refusal(new JournalRecord.Mkdir("/a/b/c", 1L, "u")));
        assertInstanceOf(Namespace.Dir.class, ns.lookup("/a/b"));
        assertNull(refusal(file("/x/y/f", false, 1)));
        assertInstanceOf(Namespace.Dir.class, ns.lookup("/x/y"));
        assertEquals(Namespace.Refusal.PARENT_NOT_DIRECTORY, refusal(new JournalRecord.Mkdir("/x/y/f/g", 2L, "u")));
        assertEquals(Namespace.Refusal.PARENT_NOT_DIRECTORY, refusal(file("/x/y/f/g", false, 2)));
        assertEquals(Namespace.Refusal.PARENT_NOT_DIRECTORY, refusal(new JournalRecord.Mkdir("/x/y/f", 2L, "u")));
        assertEquals("/x/y/f", ns.fileOnTheWay("/x/y/f/g/h"));
        assertNull(ns.fileOnTheWay("/a/b/c/d"));
    }

    @Test
    void createRespectsOverwriteAndFreesTheReplacedChunks() {
        assertNull(refusal(file("/f", false, 1)));
        assertEquals(Namespace.Refusal.EXISTS, refusal(file("/f", false, 2)));
        Namespace.Outcome replaced = ns.apply(file("/f", true, 3));
        assertTrue(replaced.applied());
        assertEquals(List.of(new Chunk(0, 1, 5)), replaced.freed());
        assertEquals(3, ((Namespace.File) ns.lookup("/f")).chunks.get(0).replicas().get(0).objectId());
        ns.apply(new JournalRecord.Mkdir("/d", 1L, "u"));
        assertEquals(Namespace.Refusal.IS_DIRECTORY, refusal(file("/d", true, 4)));
    }

    @Test
    void deleteNeedsRecursiveForANonEmptyDirectoryAndKeepsTheRoot() {
        ns.apply(file("/d/e/f1", false, 1));
        ns.apply(file("/d/f2", false, 2));
        assertEquals(Namespace.Refusal.NOT_EMPTY, refusal(new JournalRecord.Delete("/d", false, 1L)));
        Namespace.Outcome gone = ns.apply(new JournalRecord.Delete("/d", true, 1L));
        assertEquals(2, gone.freed().size());
        assertNull(ns.lookup("/d"));
        assertEquals(Namespace.Refusal.MISSING, refusal(new JournalRecord.Delete("/d", true, 1L)));
        ns.apply(file("/g", false, 3));
        assertNull(refusal(new JournalRecord.Delete("/", true, 1L)));
        assertInstanceOf(Namespace.Dir.class, ns.lookup("/"));
        assertTrue(((Namespace.Dir) ns.lookup("/")).children.isEmpty());
    }

    @Test
    void renameMovesWholeTreesOnlyToAFreePlaceUnderAnExistingDirectory() {
        ns.apply(file("/a/b/f", false, 1));
        ns.apply(new JournalRecord.Mkdir("/t", 1L, "u"));
        assertNull(refusal(new JournalRecord.Rename("/a", "/t/a2", 1L)));
        assertInstanceOf(Namespace.File.class, ns.lookup("/t/a2/b/f"));
        assertNull(ns.lookup("/a"));
        assertEquals(Namespace.Refusal.MISSING, refusal(new JournalRecord.Rename("/a", "/q", 1L)));
        assertEquals(Namespace.Refusal.EXISTS, refusal(new JournalRecord.Rename("/t/a2/b/f", "/t/a2", 1L)));
        assertEquals(Namespace.Refusal.MISSING, refusal(new JournalRecord.Rename("/t/a2", "/no/where", 1L)));
        ns.apply(new JournalRecord.Mkdir("/p", 1L, "u"));
        assertEquals(Namespace.Refusal.PARENT_NOT_DIRECTORY, refusal(new JournalRecord.Rename("/p", "/t/a2/b/f/x", 1L)));
        assertEquals(Namespace.Refusal.INTO_ITSELF, refusal(new JournalRecord.Rename("/t", "/t/a2/t", 1L)));
        assertEquals(Namespace.Refusal.ROOT, refusal(new JournalRecord.Rename("/", "/r", 1L)));
    }

    @Test
    void aFileWhoseDirectoryWentAwayWhileItWasOpenDoesNotBringItBack() {
        ns.apply(new JournalRecord.Mkdir("/out/_temporary", 1L, "u"));
        JournalRecord.Anchor seen = ns.anchorOf("/out/_temporary/part-0");
        assertEquals("/out/_temporary", seen.path());
        assertEquals(seen, ns.anchorOf("/out/_temporary/a/b/part-1"), "the nearest directory that exists");
        assertEquals(JournalRecord.Anchor.ROOT, ns.anchorOf("/top"));

        ns.apply(new JournalRecord.Delete("/out/_temporary", true, 2L));
        assertEquals(Namespace.Refusal.MISSING, refusal(file("/out/_temporary/part-0", seen)));
        assertNull(ns.lookup("/out/_temporary"), "not resurrected");
        ns.apply(new JournalRecord.Mkdir("/out/_temporary", 3L, "u"));
        assertEquals(Namespace.Refusal.MISSING, refusal(file("/out/_temporary/part-0", seen)),
                "a new directory at the same path is another directory");

        JournalRecord.Anchor before = ns.anchorOf("/out/_temporary/part-1");
        ns.apply(new JournalRecord.Rename("/out/_temporary", "/out/kept", 4L));
        assertEquals(Namespace.Refusal.MISSING, refusal(file("/out/_temporary/part-1", before)));
        assertEquals(0, ((Namespace.Dir) ns.lookup("/out/kept")).children.size());

        JournalRecord.Anchor out = ns.anchorOf("/out/new/deep/f");
        ns.apply(new JournalRecord.Mkdir("/out/new", 5L, "u"));
        assertNull(refusal(file("/out/new/deep/f", out)), "directories created below the anchor meanwhile are fine");
        assertNull(refusal(file("/top", JournalRecord.Anchor.ROOT)));
    }
}
