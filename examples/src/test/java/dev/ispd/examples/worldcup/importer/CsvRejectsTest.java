package dev.ispd.examples.worldcup.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CSV lines the importer must refuse, each with the field at fault, and ones it must take despite looking odd. */
class CsvRejectsTest {
    @Test
    void badLinesAreSkippedWithTheirFieldAndTheRestImported() throws IOException {
        String csv = String.join("\n",
                "clientID,date,time,URL,status,size",
                "1044,30/Apr/1998,22:46:12,/images/11104.gif,200,508",
                "1044,30/Apr/1998,22:46:12,/images/11104.gif,200",
                "-5,30/Apr/1998,22:46:12,/a.gif,200,1",
                "7,1998-04-30,22:46:12,/a.gif,200,1",
                "7,30/Apr/1998,24:00:00,/a.gif,200,1",
                "7,30/Apr/1998,22:46:12,,200,1",
                "7,30/Apr/1998,22:46:12,/a.gif,2OO,1",
                "7,30/Apr/1998,22:46:12,/a.gif,200,4294967296",
                "",
                "8,30/Apr/1998,22:46:13,/search,a,b?x=1,200,4294967295");
        Imported imported = Imported.text(new WorldCupImporter(ImportFormat.CSV), csv);
        ImportReport report = imported.report();

        assertEquals(11, report.lines());
        assertEquals(2, report.records());
        assertEquals(List.of(
                "line 1: clientID: not a number in [0, 4294967295]: 'clientID'",
                "line 3: line: not clientID,date,time,URL,status,size: '1044,30/Apr/1998,22:46:12,/images/11104....'",
                "line 4: clientID: not a number in [0, 4294967295]: '-5'",
                "line 5: date: not a date dd/MMM/yyyy: '1998-04-30'",
                "line 6: time: not a time HH:mm:ss: '24:00:00'",
                "line 7: URL: empty",
                "line 8: status: not a number in [0, 999]: '2OO'",
                "line 9: size: not a number in [0, 4294967295]: '4294967296'",
                "line 10: line: not clientID,date,time,URL,status,size: ''"),
                report.firstRejects().stream().map(ImportReport.Reject::toString).toList());
        assertEquals(9, report.rejected());
        // the URL holding commas is read whole, the largest size kept
        ByteBuffer records = imported.buffer();
        assertEquals(1, WorldCup98.objectId(records, WorldCup98.RECORD_SIZE));
        assertEquals(FileTypes.DYNAMIC, WorldCup98.type(records, WorldCup98.RECORD_SIZE));
        assertEquals(4_294_967_295L, WorldCup98.size(records, WorldCup98.RECORD_SIZE));
    }
}
