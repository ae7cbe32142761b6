package dev.ispd.hadoop.worldcup;

/** WorldCup98 Q1 as the Rust-to-wasm module {@code wasm/examples/q1_rust.wasm}, shipped as {@link Q1WasmMapper} ships the C one. */
public class Q1RustWasmMapper extends Q1WasmMapper {
    @Override
    public String moduleResource() {
        return "/wasm/q1_rust.wasm";
    }

    @Override
    public String moduleName() {
        return "q1rs";
    }
}
