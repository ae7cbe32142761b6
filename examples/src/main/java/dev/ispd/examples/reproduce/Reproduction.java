package dev.ispd.examples.reproduce;

import java.util.List;
import java.util.Map;

/**
 * Everything one reproduction computed: the settings, each figure's modeled data, and beside each
 * figure the paper's claims checked and the profile assumptions it depends on. Holds modeled
 * figures only (no wall time), so two runs with the same settings are equal.
 */
public record Reproduction(Settings settings, Fig6Microbench.Result fig6, List<Fig8Queries.Row> fig8,
                           List<Fig9Cpu.Row> fig9, Fig10Power.Result fig10, FilterExperiment.Result filter,
                           Map<Figure, List<Claim>> claims, Map<Figure, List<Assumption>> assumptions) {

    /** Every claim, in figure order. */
    public List<Claim> allClaims() {
        return claims.values().stream().flatMap(List::stream).toList();
    }

    /** The claim with this id. */
    public Claim claim(String id) {
        return allClaims().stream().filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no claim " + id));
    }
}
