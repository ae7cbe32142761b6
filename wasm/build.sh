#!/usr/bin/env bash
# Compiles every user tasklet source under wasm/ (examples/*.c, tests/*.c) to a .wasm beside it,
# with Debian's clang and lld (apt-get install clang lld): wasm32, no libc, no WASI, -O2.
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
