package dev.ispd.spark.read;

import dev.ispd.spark.pushdown.SumOverflow;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The records of one osd:// path read with one layout; its schema is the layout's. */
public final class IspdTable implements SupportsRead {
    private final ScanInput input;

    public IspdTable(ScanInput input) {
        this.input = input;
    }

    @Override
    public String name() {
        return input.path();
    }

    @Override
    public StructType schema() {
        return input.layout().schema();
    }

    @Override
    public Set<TableCapability> capabilities() {
        return Set.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
        return new IspdScanBuilder(input, SumOverflow.of(options, SQLConf.get().ansiEnabled()));
    }
}
