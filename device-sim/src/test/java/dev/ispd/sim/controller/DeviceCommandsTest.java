package dev.ispd.sim.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.sim.model.DriveModel.ComponentLog;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceCommandsTest {

    private static List<ComponentLog> drive(int channels, int cores) {
        List<ComponentLog> all = new ArrayList<>(List.of(new ComponentLog("link", 1, 1), new ComponentLog("flash", 2, 2)));
        for (int i = 0; i < channels; i++) {
            all.add(new ComponentLog("flash.channel." + i, 3, 3));
        }
        all.add(new ComponentLog("cores", 4, 4));
        for (int i = 0; i < cores; i++) {
            all.add(new ComponentLog("cores." + i, 5, 5));
        }
        return all;
    }

    private static List<String> names(List<ComponentLog> l) {
        return l.stream().map(ComponentLog::name).toList();
    }

    @Test
    void aLogThatFitsIsSentWhole() {
        assertEquals(drive(16, 2), DeviceCommands.fit(drive(16, 2), 32));
    }

    @Test
    void subComponentsGoGroupByGroupWhileTheyFit() {
        List<ComponentLog> fitted = DeviceCommands.fit(drive(16, 15), 32); // 3 parts + 16 + 15 = 34
        assertEquals(19, fitted.size());
        assertEquals(List.of("link", "flash"), names(fitted).subList(0, 2));
        assertEquals("cores", names(fitted).get(18), "parts keep the model's order");
        List<ComponentLog> onlyParts = DeviceCommands.fit(drive(32, 32), 32);
        assertEquals(List.of("link", "flash", "cores"), names(onlyParts));
    }
}
