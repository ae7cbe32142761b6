#!/bin/sh
# Rewrites the response fuzzer's seed corpus (../corpus) from the protocol's response vectors:
# each seed is the opcode to call, the variant byte (see response_fuzzer.c) and the response with
# its request id set to 1, the id of the harness's one call. Run from anywhere.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
vectors="$here/../../../../docs/protocol/vectors"
corpus="$here/../corpus"
mkdir -p "$corpus"
rm -f "$corpus"/seed-*

# seed NAME VARIANT FRAME: byte 0 the frame's opcode, byte 1 VARIANT (octal), then FRAME, request id 1
seed() {
    out="$corpus/seed-$1"
    dd if="$3" bs=1 skip=5 count=1 status=none > "$out"
    printf "\\$2" >> "$out"
    head -c 8 "$3" >> "$out"
    printf '\001\000\000\000\000\000\000\000' >> "$out"
    tail -c +17 "$3" >> "$out"
}

for f in "$vectors"/*_response.bin; do
    name=$(basename "$f" .bin)
    case "$name" in
        *read_object*) variant=010 ;; # n = 4: the answer's 4 bytes exactly
        *) variant=040 ;;             # n = 16: room for every list in the vectors
    esac
    seed "$name" "$variant" "$f"
done
seed auth-stat_object_response 041 "$vectors/auth/02_stat_object_response.bin"
