package dev.ispd.hadoop.fs.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.hadoop.fs.metadata.CheckpointRanking.Listed;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckpointRankingTest {
    private static Listed<String> at(String name, long position) {
        return new Listed<>(name, position);
    }

    private static List<String> ranked(List<Listed<String>> newestFirst) {
        return CheckpointRanking.ranked(newestFirst).stream().map(Listed::handle).toList();
    }

    @Test
    void aCheckpointSavedLastAtALowerPositionRanksBelowTheHigherOnes() {
        List<Listed<String>> listed = List.of(at("behind2", 10), at("behind1", 12), at("c", 300), at("b", 200));
        assertEquals(List.of("c", "b", "behind1", "behind2"), ranked(listed));
        assertEquals(List.of("behind2", "behind1"), CheckpointRanking.dropped(listed));
    }

    @Test
    void equalPositionsRankTheOneSavedLastFirst() {
        assertEquals(List.of("new", "old"), ranked(List.of(at("new", 5), at("old", 5))));
    }

    @Test
    void aDamagedCheckpointAmongTheTwoSavedLastRanksFirstAndIsKept() {
        List<Listed<String>> listed = List.of(at("damaged", CheckpointRanking.DAMAGED), at("b", 200), at("a", 100),
                at("older", 50));
        assertEquals(List.of("damaged", "b", "a", "older"), ranked(listed));
        assertEquals(List.of("older"), CheckpointRanking.dropped(listed));
    }

    @Test
    void aDamagedCheckpointIsDroppedOnceTwoNewerOnesExist() {
        List<Listed<String>> listed = List.of(at("d", 400), at("c", 300), at("damaged", CheckpointRanking.DAMAGED));
        assertEquals(List.of("d", "c"), ranked(listed));
        assertEquals(List.of("damaged"), CheckpointRanking.dropped(listed));
    }
}
