package dev.ispd.tasklet;

/**
 * Counts of the work a scan does; a profile prices them (device or host). Tasklets add counts in
 * bulk (per batch or per page), never allocate per record. Meaning of each count:
 * <ul>
 *   <li>records: records examined;</li>
 *   <li>dramAccesses: loads of a field from the scanned data (one per field read);</li>
 *   <li>compares: comparisons of data values (filters, sorting);</li>
 *   <li>hashUpdates: updates of an aggregation table entry (a counter increment);</li>
 *   <li>bytesOut: result bytes emitted;</li>
 *   <li>instructions: WebAssembly instructions a user tasklet executed (0 for a built-in, whose
 *       work the other counts stand for; see docs/tasklets.md, "Metering and pricing");</li>
 *   <li>arithmetic: adds and multiplies of a numeric kernel (distances, dot products);</li>
 *   <li>partials: elements of the partial results that cores working on the same page must
 *       combine (a kNN's k candidates per page): the drive merges them over its cores in rounds
 *       (docs/model.md, "Tasklet cores");</li>
 *   <li>evaluations: expression nodes the plan interpreter evaluated (arithmetic, casts, CASE,
 *       comparisons and logic of expressions; not field references or constants), one per node
 *       per record it was evaluated for;</li>
 *   <li>wideOps: of those, the nodes on 128-bit decimals or strings, which take a slow path;</li>
 *   <li>stringOps: comparisons of strings by expression nodes (one per comparison, IN value, LIKE
 *       test; one for a string CASE), which read the string a byte at a time through the node's
 *       operand;</li>
 *   <li>stringBytes: the bytes those comparisons span: per comparison the width of the string it
 *       reads (a {@code char(N)} field's N, a literal's length), since a test walks the string and a
 *       LIKE over a wide field costs several times an equality over a narrow one;</li>
 *   <li>stringLeafCompares: comparisons of a string field with a literal by a plain WHERE leaf
 *       (as Spark pushes =, &lt; and a prefix), compared in place;</li>
 *   <li>decodedValues: values a columnar source decoded from its pages into records (a Parquet
 *       column chunk's values, one per row per column);</li>
 *   <li>dictionaryIds: of those, the values of column chunks whose data pages are dictionary
 *       encoded (an id read from RLE/bit-packed runs and looked up in the dictionary);</li>
 *   <li>byteArrayValues: of those, the values of BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY columns
 *       (strings, byte decimals: bytes copied or converted per value);</li>
 *   <li>definitionLevels: the definition levels a columnar source read (one per value of an
 *       optional column);</li>
 *   <li>snappyBytes, gzipBytes, zstdBytes: compressed bytes of Parquet column chunks read, by
 *       their codec (decompressed page by page);</li>
 *   <li>recordsOneAtATime: of the records, those the plan interpreter examined in its per-record
 *       loop (the WHERE tree walked and a match handed to its sink, a record at a time), which
 *       costs several times a record of its batch and dense loops; 0 for a built-in;</li>
 *   <li>rowsOneAtATime: matching rows the plan interpreter handed to its sink one at a time (the
 *       per-record loop's matches, and the batch loop's into a sink that has no batch form: a
 *       GROUP BY with MIN or MAX of a field, kept rows, top-N); 0 for a built-in;</li>
 *   <li>packedKeys: GROUP BY keys the plan interpreter packed into their group's index (narrow
 *       keys: one per key per matching row, in every loop), which costs more than a built-in's
 *       hand-written read of the same field (both count the field's load); 0 for a built-in;</li>
 *   <li>pages and bytesScanned: set by the scanner, not by tasklets.</li>
 * </ul>
 * Not thread-safe: one meter per execution.
 */
public final class Meter {
    private long records;
    private long dramAccesses;
    private long compares;
    private long hashUpdates;
    private long bytesOut;
    private long instructions;
    private long arithmetic;
    private long partials;
    private long evaluations;
    private long wideOps;
    private long stringOps;
    private long stringBytes;
    private long stringLeafCompares;
    private long decodedValues;
    private long dictionaryIds;
    private long byteArrayValues;
    private long definitionLevels;
    private long snappyBytes;
    private long gzipBytes;
    private long zstdBytes;
    private long recordsOneAtATime;
    private long rowsOneAtATime;
    private long packedKeys;
    private long pages;
    private long bytesScanned;

    public void addRecords(long n) { records += n; }
    public void addDramAccesses(long n) { dramAccesses += n; }
    public void addCompares(long n) { compares += n; }
    public void addHashUpdates(long n) { hashUpdates += n; }
    public void addBytesOut(long n) { bytesOut += n; }
    public void addInstructions(long n) { instructions += n; }
    public void addArithmetic(long n) { arithmetic += n; }
    public void addPartials(long n) { partials += n; }
    public void addEvaluations(long n) { evaluations += n; }
    public void addWideOps(long n) { wideOps += n; }
    public void addStringOps(long n) { stringOps += n; }
    public void addStringBytes(long n) { stringBytes += n; }
    public void addStringLeafCompares(long n) { stringLeafCompares += n; }
    public void addDecodedValues(long n) { decodedValues += n; }
    public void addDictionaryIds(long n) { dictionaryIds += n; }
    public void addByteArrayValues(long n) { byteArrayValues += n; }
    public void addDefinitionLevels(long n) { definitionLevels += n; }
    public void addSnappyBytes(long n) { snappyBytes += n; }
    public void addGzipBytes(long n) { gzipBytes += n; }
    public void addZstdBytes(long n) { zstdBytes += n; }
    public void addRecordsOneAtATime(long n) { recordsOneAtATime += n; }
    public void addRowsOneAtATime(long n) { rowsOneAtATime += n; }
    public void addPackedKeys(long n) { packedKeys += n; }
    public void addPages(long n) { pages += n; }
    public void addBytesScanned(long n) { bytesScanned += n; }

    public long records() { return records; }
    public long dramAccesses() { return dramAccesses; }
    public long compares() { return compares; }
    public long hashUpdates() { return hashUpdates; }
    public long bytesOut() { return bytesOut; }
    public long instructions() { return instructions; }
    public long arithmetic() { return arithmetic; }
    public long partials() { return partials; }
    public long evaluations() { return evaluations; }
    public long wideOps() { return wideOps; }
    public long stringOps() { return stringOps; }
    public long stringBytes() { return stringBytes; }
    public long stringLeafCompares() { return stringLeafCompares; }
    public long decodedValues() { return decodedValues; }
    public long dictionaryIds() { return dictionaryIds; }
    public long byteArrayValues() { return byteArrayValues; }
    public long definitionLevels() { return definitionLevels; }
    public long snappyBytes() { return snappyBytes; }
    public long gzipBytes() { return gzipBytes; }
    public long zstdBytes() { return zstdBytes; }
    public long recordsOneAtATime() { return recordsOneAtATime; }
    public long rowsOneAtATime() { return rowsOneAtATime; }
    public long packedKeys() { return packedKeys; }
    public long pages() { return pages; }
    public long bytesScanned() { return bytesScanned; }

    /** Adds every count of {@code other} to this meter. */
    public void add(Meter other) {
        records += other.records;
        dramAccesses += other.dramAccesses;
        compares += other.compares;
        hashUpdates += other.hashUpdates;
        bytesOut += other.bytesOut;
        instructions += other.instructions;
        arithmetic += other.arithmetic;
        partials += other.partials;
        evaluations += other.evaluations;
        wideOps += other.wideOps;
        stringOps += other.stringOps;
        stringBytes += other.stringBytes;
        stringLeafCompares += other.stringLeafCompares;
        decodedValues += other.decodedValues;
        dictionaryIds += other.dictionaryIds;
        byteArrayValues += other.byteArrayValues;
        definitionLevels += other.definitionLevels;
        snappyBytes += other.snappyBytes;
        gzipBytes += other.gzipBytes;
        zstdBytes += other.zstdBytes;
        recordsOneAtATime += other.recordsOneAtATime;
        rowsOneAtATime += other.rowsOneAtATime;
        packedKeys += other.packedKeys;
        pages += other.pages;
        bytesScanned += other.bytesScanned;
    }

    /** A copy of the current counts. */
    public Meter copy() {
        Meter m = new Meter();
        m.add(this);
        return m;
    }

    /** The counts of this meter minus those of an earlier copy of it. */
    public Meter since(Meter earlier) {
        Meter m = new Meter();
        m.records = records - earlier.records;
        m.dramAccesses = dramAccesses - earlier.dramAccesses;
        m.compares = compares - earlier.compares;
        m.hashUpdates = hashUpdates - earlier.hashUpdates;
        m.bytesOut = bytesOut - earlier.bytesOut;
        m.instructions = instructions - earlier.instructions;
        m.arithmetic = arithmetic - earlier.arithmetic;
        m.partials = partials - earlier.partials;
        m.evaluations = evaluations - earlier.evaluations;
        m.wideOps = wideOps - earlier.wideOps;
        m.stringOps = stringOps - earlier.stringOps;
        m.stringBytes = stringBytes - earlier.stringBytes;
        m.stringLeafCompares = stringLeafCompares - earlier.stringLeafCompares;
        m.decodedValues = decodedValues - earlier.decodedValues;
        m.dictionaryIds = dictionaryIds - earlier.dictionaryIds;
        m.byteArrayValues = byteArrayValues - earlier.byteArrayValues;
        m.definitionLevels = definitionLevels - earlier.definitionLevels;
        m.snappyBytes = snappyBytes - earlier.snappyBytes;
        m.gzipBytes = gzipBytes - earlier.gzipBytes;
        m.zstdBytes = zstdBytes - earlier.zstdBytes;
        m.recordsOneAtATime = recordsOneAtATime - earlier.recordsOneAtATime;
        m.rowsOneAtATime = rowsOneAtATime - earlier.rowsOneAtATime;
        m.packedKeys = packedKeys - earlier.packedKeys;
        m.pages = pages - earlier.pages;
        m.bytesScanned = bytesScanned - earlier.bytesScanned;
        return m;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Meter m)) {
            return false;
        }
        return records == m.records && dramAccesses == m.dramAccesses && compares == m.compares
                && hashUpdates == m.hashUpdates && bytesOut == m.bytesOut && instructions == m.instructions
                && arithmetic == m.arithmetic && partials == m.partials && evaluations == m.evaluations
                && wideOps == m.wideOps && stringOps == m.stringOps && stringBytes == m.stringBytes
                && stringLeafCompares == m.stringLeafCompares
                && decodedValues == m.decodedValues && dictionaryIds == m.dictionaryIds
                && byteArrayValues == m.byteArrayValues && definitionLevels == m.definitionLevels
                && snappyBytes == m.snappyBytes && gzipBytes == m.gzipBytes && zstdBytes == m.zstdBytes
                && recordsOneAtATime == m.recordsOneAtATime && rowsOneAtATime == m.rowsOneAtATime && packedKeys == m.packedKeys
                && pages == m.pages
                && bytesScanned == m.bytesScanned;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(records * 31 + dramAccesses * 17 + compares * 13 + hashUpdates * 7 + bytesOut + instructions * 3 + arithmetic * 5 + partials * 11
                + evaluations * 19 + wideOps * 23 + stringOps * 41 + stringBytes * 83 + stringLeafCompares * 47 + decodedValues * 29
                + dictionaryIds * 53 + byteArrayValues * 59 + definitionLevels * 61 + snappyBytes * 67 + gzipBytes * 71
                + zstdBytes * 73 + recordsOneAtATime * 37 + rowsOneAtATime * 43 + packedKeys * 79 + pages + bytesScanned);
    }

    @Override
    public String toString() {
        return "Meter{records=" + records + ", dramAccesses=" + dramAccesses + ", compares=" + compares
                + ", hashUpdates=" + hashUpdates + ", bytesOut=" + bytesOut + ", instructions=" + instructions
                + ", arithmetic=" + arithmetic + ", partials=" + partials + ", evaluations=" + evaluations
                + ", wideOps=" + wideOps + ", stringOps=" + stringOps + ", stringBytes=" + stringBytes + ", stringLeafCompares=" + stringLeafCompares
                + ", decodedValues=" + decodedValues + ", dictionaryIds=" + dictionaryIds + ", byteArrayValues="
                + byteArrayValues + ", definitionLevels=" + definitionLevels + ", snappyBytes=" + snappyBytes
                + ", gzipBytes=" + gzipBytes + ", zstdBytes=" + zstdBytes
                + ", recordsOneAtATime=" + recordsOneAtATime + ", rowsOneAtATime=" + rowsOneAtATime + ", packedKeys=" + packedKeys
                + ", pages=" + pages
                + ", bytesScanned=" + bytesScanned + "}";
    }
}
