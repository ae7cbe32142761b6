package dev.ispd.examples.reproduce.spu;

import dev.ispd.examples.reproduce.Assumption;
import dev.ispd.examples.reproduce.Claim;
import java.util.List;
import java.util.Map;

/**
 * Everything one SPU reproduction computed: per table its modeled rows, the thesis's claims
 * checked and the profile assumptions it rests on. Modeled figures only, so two runs with the
 * same settings are equal.
 */
public record SpuReproduction(SpuSettings settings, List<CoresRow> table34, List<BusRow> table35,
                              List<GainRow> table36, Map<SpuTable, List<Claim>> claims,
                              Map<SpuTable, List<Assumption>> assumptions) {

    /** Table 3.4: kNN with {@code cores} coprocessors. */
    public record CoresRow(int cores, long timeNs, long energyNj, double thesisJoules) { }

    /** Table 3.5: SpMV with the NAND bus at {@code nsPerByte}, per row length. */
    public record BusRow(double nsPerByte, int nnzPerRow, long timeNs, long energyNj, double thesisJoules) { }

    /** Table 3.6: an application in the drive against the baseline host. */
    public record GainRow(String application, long deviceNs, long deviceNj, long hostNs, long hostNj,
                          String thesisApplication, Double thesisEnergySavings, Double thesisSpeedup) {
        public double speedup() {
            return hostNs / (double) deviceNs;
        }

        public double energySavings() {
            return hostNj / (double) deviceNj;
        }
    }

    public List<Claim> allClaims() {
        return claims.values().stream().flatMap(List::stream).toList();
    }

    public Claim claim(String id) {
        return allClaims().stream().filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no claim " + id));
    }
}
