package dev.ispd.examples.queries;

import dev.ispd.worldcup.WorldCup98;

/** Q2's intermediate key, "region name TAB type name", as the device Q2Format writes it. */
final class RegionTypeKeys {
    /** Type bytes: every value a record's type byte can hold. */
    static final int TYPES = 256;

    private RegionTypeKeys() {
    }

    static String key(int region, int type) {
        return WorldCup98.regionName(region) + "\t" + WorldCup98.typeName(type);
    }
}
