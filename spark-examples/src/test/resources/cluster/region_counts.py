"""Q1 (accesses per region) over the ispd connector from PySpark, twice, in one application.

Prints region<TAB>count lines (DataFrame groupBy), then region<TAB>count(1)<TAB>count(DISTINCT 1)
lines (SQL), then the aggregation the second query's scan pushed ("pushed: PushedAggregates: [...],
PushedGroupBy: [...]", or "pushed: nothing"). Spark turns a COUNT of a literal into COUNT(*) for
data sources and drops DISTINCT; the connector's session extension, which Spark finds in the
--jars connector jar, rewrites COUNT(DISTINCT 1) first, and without it the scan pushes no
aggregation containing COUNT(*).

Run with spark-submit --jars (the connector and its dependencies) and the drives in
spark.hadoop.ispd.fs.drives; the argument is an osd:// path whose files record their layout.
"""
import re
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("ispd region counts (PySpark)").getOrCreate()
try:
    wc = spark.read.format("ispd").load(sys.argv[1])
    for row in wc.groupBy("region").count().orderBy("region").collect():
        print(f"{row['region']}\t{row['count']}")
    wc.createOrReplaceTempView("t")
    df = spark.sql("SELECT region, count(1) AS n, count(DISTINCT 1) AS d FROM t GROUP BY region ORDER BY region")
    for row in df.collect():
        print(f"{row['region']}\t{row['n']}\t{row['d']}")
    plan = df._jdf.queryExecution().executedPlan().toString()
    pushed = re.search(r"PushedAggregates: \[[^\]]*\], PushedGroupBy: \[[^\]]*\]", plan)
    print("pushed: " + (pushed.group(0) if pushed else "nothing"))
finally:
    spark.stop()
