#!/usr/bin/env bash
# Q1 and Q2 through PySpark with the connector in --jars, on two drive daemons over TCP, the setup a
# user has (docs/benchmarks.md, "Spark SQL on drive daemons over TCP"). From the repository root,
# after building the jars (not installing them):
#   mvn -B -o -q -pl examples,spark-ext -am package -DskipTests
#   spark-ext/src/bench/tcp-queries.sh [RUNS] [ENTRIES...]     (default: 3 runs, 2000000 and 7000000 entries)
# Needs the pyspark 4.2.0 virtual environment .venv-pyspark (as .ci/run makes it) or ISPD_SPARK_HOME.
# WORK (default: a new directory under /tmp) holds the drives' objects, Spark's event log and the
# Parquet copies; it is deleted at the end unless KEEP=1.
set -euo pipefail
top="$(cd "$(dirname "$0")/../../.." && pwd)"
runs="${1:-3}"
[ $# -gt 0 ] && shift
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(2000000 7000000); fi
work="${WORK:-$(mktemp -d /tmp/ispd-tcp-bench-XXXXXX)}"
python="$top/.venv-pyspark/bin/python"
spark_home="${ISPD_SPARK_HOME:-$("$python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')}"
version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$top/pom.xml" | head -n 1)"
connector="$top/spark-ext/target/ispd-spark-ext-$version.jar"
[ -f "$connector" ] && [ -f "$top/examples/target/classpath.txt" ] || {
  echo "build the jars first: mvn -B -o -q -pl examples,spark-ext -am package -DskipTests" >&2; exit 2; }

pids=()
stop() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ "${KEEP:-0}" = 1 ] || rm -rf "$work"
}
trap stop EXIT

# Two daemons of one drive each, their own processes, on TCP; each serves its metrics.
drives=() metrics=()
for i in 0 1; do
  mkdir -p "$work/drive$i"
  "$top/bin/ispd" drive --port "$((17400 + i))" --dir "$work/drive$i" --profile smartssd-2013 \
      --metrics-port "$((17410 + i))" > "$work/drive$i.log" 2>&1 &
  pids+=($!)
  drives+=("localhost=tcp:127.0.0.1:$((17400 + i))")
  metrics+=("http://127.0.0.1:$((17410 + i))/metrics")
done
for i in 0 1; do
  for _ in $(seq 600); do grep -q "ready at" "$work/drive$i.log" && break; sleep 0.1; done
  grep "ready at" "$work/drive$i.log" || { cat "$work/drive$i.log" >&2; exit 1; }
done
all="$(IFS=,; echo "${drives[*]}")"

paths=()
for n in "${sizes[@]}"; do
  path="osd:///worldcup/wc-$n-256.bin"
  start=$(date +%s%N)
  "$top/bin/ispd" generate --drives "$all" --chunk-size $((64 << 20)) --entries "$n" --entry-size 256 \
      --seed 1998 --quiet --out "$path"
  echo "loaded $n entries of 256 B into $path in $((($(date +%s%N) - start) / 1000000)) ms"
  paths+=("$path")
done

mkdir -p "$work/events"
deps="$(tr ':' ',' < "$top/spark-ext/target/connector-classpath.txt")"
cores="$(nproc)"
SPARK_HOME="$spark_home" PYSPARK_PYTHON="$python" PYSPARK_DRIVER_PYTHON="$python" \
"$spark_home/bin/spark-submit" --master "local[$cores]" --driver-memory 4g \
  --jars "$connector,$deps" \
  --conf spark.ui.enabled=false --conf spark.driver.host=127.0.0.1 \
  --conf spark.local.dir="$work/spark" --conf spark.sql.warehouse.dir="$work/warehouse" \
  --conf spark.sql.adaptive.enabled=false --conf spark.sql.shuffle.partitions="$cores" \
  --conf spark.eventLog.enabled=true --conf spark.eventLog.compress=false --conf spark.eventLog.rolling.enabled=false \
  --conf spark.eventLog.dir="file://$work/events" \
  --conf spark.hadoop.ispd.fs.drives="$all" --conf spark.hadoop.ispd.fs.chunk.size=$((64 << 20)) \
  "$top/spark-ext/src/bench/python/tcp_queries.py" "$runs" "$(IFS=,; echo "${metrics[*]}")" "${paths[@]}" \
  2> "$work/spark-submit.err" || { tail -40 "$work/spark-submit.err" >&2; exit 1; }
