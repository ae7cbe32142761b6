package dev.ispd.sim.auth;

import dev.ispd.sim.store.IdRange;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ids a drive may pick for each identity (docs/security.md, "Ids the drive picks"): the
 * ordinary ids it holds the permission on, less every range granted to another identity that
 * does not cover the whole of its own. A grant as wide as the identity's (an analyst reading all
 * of {@code ordinary} beside the writer of {@code ordinary}) is sharing the admin chose; a
 * narrower range granted to another identity is that identity's, and nothing picked for someone
 * else ever lands in it.
 */
final class OwnIds {
    private final Map<Long, Map<Permission, List<IdRange>>> byIdentity = new HashMap<>();

    OwnIds(Collection<Identity> identities) {
        for (Identity who : identities) {
            Map<Permission, List<IdRange>> own = new HashMap<>();
            for (Permission p : List.of(Permission.WRITE, Permission.EXECUTE)) {
                own.put(p, compute(who, p, identities));
            }
            byIdentity.put(who.id(), own);
        }
    }

    /** The ranges, lowest first, the drive picks a new object's id from when {@code p} is what creating it needs. */
    List<IdRange> of(Identity who, Permission p) {
        return byIdentity.getOrDefault(who.id(), Map.of()).getOrDefault(p, List.of());
    }

    private static List<IdRange> compute(Identity who, Permission p, Collection<Identity> identities) {
        List<IdRange> own = new ArrayList<>();
        for (Identity.Grant g : who.grants()) {
            if (!g.allows(p)) {
                continue;
            }
            for (ObjectRange granted : g.objects()) {
                IdRange mine = granted.ids().intersection(IdRange.ORDINARY);
                if (mine != null) {
                    own.addAll(mine.minus(othersWithin(who, mine, identities)));
                }
            }
        }
        own.sort(Comparator.comparing(IdRange::first, Long::compareUnsigned));
        return List.copyOf(own);
    }

    /** The ranges other identities are granted that do not cover all of {@code mine}. */
    private static List<IdRange> othersWithin(Identity who, IdRange mine, Collection<Identity> identities) {
        List<IdRange> theirs = new ArrayList<>();
        for (Identity other : identities) {
            if (other.id() == who.id()) {
                continue;
            }
            for (Identity.Grant g : other.grants()) {
                for (ObjectRange r : g.objects()) {
                    if (!r.ids().contains(mine)) {
                        theirs.add(r.ids());
                    }
                }
            }
        }
        return theirs;
    }
}
