"""WorldCup98 Q1 and Q2 through PySpark and the connector's --jars, on drives in their own processes.

Run by spark-ext/src/bench/tcp-queries.sh (docs/benchmarks.md, "Spark SQL on drive daemons over
TCP"), which starts the drive daemons, loads the files and submits this script. Arguments: the
runs per query and source, the drives' metrics endpoints (comma separated), then one or more
osd:// files of 256-byte entries. Per file and query: Spark on a Parquet copy (written once from
the connector's rows, host-only, timed), then the connector under host-only, fastest and
device-only; one warm-up run, then the timed runs. Every run prints its wall clock and where it
went, from Spark's event log and the drives' Prometheus counters:

  plan      the query planned (executedPlan: analysis, optimization, the scan's pushdown)
  start     from the plan to the first stage's submission (the scan's partitions: the
            connector's placement, DEVICE_INFO per drive, the plan objects created in the drives)
  scan      the stages that read the table (their tasks start the drives' executions, poll,
            read the results back, or read the chunks and run the plan on the host)
  drives    the longest of the drives' wall time inside executions (ispd_drive_execution_seconds)
  merge     the later stages (Spark's merge of partial aggregates, Q2's window)
  end       from the last stage's end to the rows in Python
  sent      kB the drives returned to the host (results and chunks: ispd_drive_returned_bytes_total)

Exit status 1 if an answer differs from Parquet's.
"""
import json
import os
import re
import statistics
import sys
import time
import urllib.request

from pyspark.sql import SparkSession

Q1 = "SELECT region, count(*) AS accesses FROM t GROUP BY region"
# Q2 (docs/queries.md) with N = 3: accesses per type per region, each region's top 3 types (ties by type).
Q2 = ("SELECT region, type, accesses FROM (SELECT region, type, count(*) AS accesses, "
      "row_number() OVER (PARTITION BY region ORDER BY count(*) DESC, type) AS rank "
      "FROM t GROUP BY region, type) WHERE rank <= 3")
POLICIES = ["host-only", "fastest", "device-only"]
METRIC = re.compile(r'^(ispd_drive_execution_seconds_sum\{[^}]*clock="wall"[^}]*\}|ispd_drive_returned_bytes_total'
                    r'|ispd_drive_scanned_bytes_total)\S*\s+(\S+)$')


def drive_counters(endpoint):
    """The drive's wall seconds in executions, bytes returned and bytes scanned, from its /metrics."""
    text = urllib.request.urlopen(endpoint, timeout=10).read().decode()
    got = {"exec": 0.0, "returned": 0.0, "scanned": 0.0}
    for line in text.splitlines():
        m = METRIC.match(line)
        if m:
            key = "exec" if m.group(1).startswith("ispd_drive_execution") else m.group(1).split("_")[2]
            got[key] += float(m.group(2))
    return got


class EventLog:
    """Spark's event log of this application (spark.eventLog.*), read as it grows."""

    def __init__(self, spark):
        self.spark = spark
        directory = spark.conf.get("spark.eventLog.dir").removeprefix("file:")
        app = spark.sparkContext.applicationId
        self.path = next(os.path.join(directory, f) for f in os.listdir(directory) if f.startswith(app))
        self.offset = 0

    def since_last(self):
        """The events logged since the last call, once Spark's listeners have caught up."""
        self.spark.sparkContext._jsc.sc().listenerBus().waitUntilEmpty()
        with open(self.path, encoding="utf-8") as f:
            f.seek(self.offset)
            text = f.read()
        whole = text[:text.rfind("\n") + 1]
        self.offset += len(whole.encode("utf-8"))
        return [json.loads(line) for line in whole.splitlines() if line]


def stages(events):
    """(submission s, completion s, has parents) of each completed stage."""
    done = []
    for e in events:
        if e["Event"] == "SparkListenerStageCompleted":
            info = e["Stage Info"]
            done.append((info["Submission Time"] / 1e3, info["Completion Time"] / 1e3, bool(info["Parent IDs"])))
    return done


def timed(spark, log, endpoints, sql):
    """Runs sql once: its sorted rows and where its wall clock went."""
    log.since_last()
    before = [drive_counters(e) for e in endpoints]
    start = time.time()
    df = spark.sql(sql)
    df._jdf.queryExecution().executedPlan()
    planned = time.time()
    rows = sorted(str(r) for r in df.collect())
    end = time.time()
    after = [drive_counters(e) for e in endpoints]
    ran = stages(log.since_last())
    reads = [s for s in ran if not s[2]]
    merges = [s for s in ran if s[2]]
    first = min(s[0] for s in ran)
    last = max(s[1] for s in ran)
    delta = [{k: a[k] - b[k] for k in a} for a, b in zip(after, before)]
    return rows, {
        "wall": end - start,
        "plan": planned - start,
        "start": first - planned,
        "scan": max(s[1] for s in reads) - min(s[0] for s in reads),
        "drives": max(d["exec"] for d in delta),
        "merge": sum(s[1] - s[0] for s in merges),
        "end": end - last,
        "sent": sum(d["returned"] for d in delta),
        "scanned": sum(d["scanned"] for d in delta),
    }


def source(spark, path, policy):
    return (spark.read.format("ispd").option("layout", "worldcup98").option("entrySize", 256)
            .option("ispd.offload.policy", policy).load(path))


def parquet_copy(spark, path, work):
    """The records as Parquet on local disk, written once from the connector's rows (host-only)."""
    target = os.path.join(work, "parquet", os.path.basename(path))
    start = time.time()
    source(spark, path, "host-only").write.mode("overwrite").parquet("file://" + target)
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(target) for f in fs)
    print(f"  wrote {path} as Parquet ({size / 1e6:.0f} MB) in {time.time() - start:.1f} s", flush=True)
    return spark.read.parquet("file://" + target)


def main():
    runs, endpoints, paths = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3:]
    spark = SparkSession.builder.appName("ispd Spark benchmark over TCP drives (PySpark)").getOrCreate()
    log = EventLog(spark)
    work = os.path.dirname(spark.conf.get("spark.eventLog.dir").removeprefix("file:"))
    print(f"Spark {spark.version}, master {spark.sparkContext.master}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    identical = True
    try:
        for path in paths:
            print(f"\n{path}", flush=True)
            sources = {"Spark on Parquet": parquet_copy(spark, path, work)}
            sources.update({"ispd " + p: source(spark, path, p) for p in POLICIES})
            for name, sql in (("Q1", Q1), ("Q2", Q2)):
                print(f"\n{name} over {path}", flush=True)
                print(f"  {'source':<18} {'run':>3} {'wall s':>7} {'plan':>6} {'start':>6} {'scan':>6} "
                      f"{'drives':>6} {'merge':>6} {'end':>6} {'kB sent':>8} {'MB scanned':>10}  load", flush=True)
                reference, medians = None, {}
                for label, df in sources.items():
                    df.createOrReplaceTempView("t")
                    answer, _ = timed(spark, log, endpoints, sql)  # warm-up
                    walls = []
                    for r in range(1, runs + 1):
                        rows, t = timed(spark, log, endpoints, sql)
                        walls.append(t["wall"])
                        same = rows == answer
                        print(f"  {label:<18} {r:>3} {t['wall']:7.3f} {t['plan']:6.3f} {t['start']:6.3f} "
                              f"{t['scan']:6.3f} {t['drives']:6.3f} {t['merge']:6.3f} {t['end']:6.3f} "
                              f"{t['sent'] / 1e3:8.1f} {t['scanned'] / 1e6:10.1f}  {os.getloadavg()[0]:.2f}"
                              + ("" if same else "  ANSWER CHANGED"), flush=True)
                        identical &= same
                    reference = reference or answer
                    medians[label] = statistics.median(walls)
                    if answer != reference:
                        identical = False
                        print(f"  {label}: answer differs from Parquet's: {answer}", flush=True)
                base = medians["Spark on Parquet"]
                print("  median wall s: " + ", ".join(f"{k} {v:.3f} ({base / v:.2f}x Parquet)"
                                                      for k, v in medians.items()), flush=True)
                for row in reference:
                    print("    " + row)
    finally:
        spark.stop()
    sys.exit(0 if identical else 1)


if __name__ == "__main__":
    main()
