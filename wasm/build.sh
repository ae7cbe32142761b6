#!/usr/bin/env bash
# Compiles every user tasklet source under wasm/ to a .wasm beside it: the C ones (examples/*.c,
# tests/*.c) with Debian's clang and lld (apt-get install clang lld): wasm32, no libc, no WASI,
# -O2; the Rust ones (examples/*.rs) with a rustc that has the wasm32-unknown-unknown standard
# library: Debian's (apt-get install rustc libstd-rust-dev-wasm32, /usr/bin/rustc), or $RUSTC.
# rustup's toolchains have no wasm32 target unless it was added (rustup target add
# wasm32-unknown-unknown), so each candidate is asked; without one the Rust modules are skipped.
# The built modules are checked in, so the build and the tests need no compiler.
set -euo pipefail
cd "$(dirname "$0")"
for src in examples/*.c tests/*.c; do
  out="${src%.c}.wasm"
  extra=()
  # a test module may ask for linker flags in a line "// link: FLAGS"
  if flags=$(sed -n 's|^// link: ||p' "$src") && [ -n "$flags" ]; then
    read -ra extra <<<"$flags"
  fi
  clang --target=wasm32 -O2 -nostdlib -Iinclude -Wl,--no-entry -Wl,--strip-all "${extra[@]}" -o "$out" "$src"
  echo "$out ($(stat -c %s "$out") bytes)"
done

# The first rustc whose sysroot holds the wasm32-unknown-unknown standard library.
wasm_rustc() {
  local rc
  for rc in "${RUSTC:-}" /usr/bin/rustc "$(command -v rustc || true)"; do
    if [ -n "$rc" ] && [ -x "$rc" ] && [ -d "$("$rc" --print sysroot)/lib/rustlib/wasm32-unknown-unknown" ]; then
      echo "$rc"
      return 0
    fi
  done
  return 1
}
if ! rustc=$(wasm_rustc); then
  echo "no rustc with the wasm32-unknown-unknown target (apt-get install rustc libstd-rust-dev-wasm32):" \
    "the Rust modules are left as checked in" >&2
  exit 0
fi
for src in examples/*.rs; do
  out="${src%.rs}.wasm"
  "$rustc" --target wasm32-unknown-unknown --edition 2021 --crate-type cdylib -O -C panic=abort \
    -C codegen-units=1 -C link-arg=--strip-all -o "$out" "$src"
  echo "$out ($(stat -c %s "$out") bytes, $("$rustc" --version))"
done
