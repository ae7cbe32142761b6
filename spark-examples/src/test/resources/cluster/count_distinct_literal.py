"""COUNT(DISTINCT 1) beside count(1) per region over the ispd connector from PySpark.

Prints region<TAB>count(1)<TAB>count(DISTINCT 1) lines, then the aggregation the scan pushed
("pushed: PushedAggregates: [...], PushedGroupBy: [...]", or "pushed: nothing"). Spark turns a
COUNT of a literal into COUNT(*) for data sources and drops DISTINCT; the connector's session
extension, which Spark finds in the --jars connector jar, rewrites COUNT(DISTINCT 1) first, and
without it the scan pushes no aggregation containing COUNT(*). Run as region_counts.py is.
"""
import re
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("ispd COUNT(DISTINCT 1) (PySpark)").getOrCreate()
try:
    spark.read.format("ispd").load(sys.argv[1]).createOrReplaceTempView("t")
    df = spark.sql("SELECT region, count(1) AS n, count(DISTINCT 1) AS d FROM t GROUP BY region ORDER BY region")
    for row in df.collect():
        print(f"{row['region']}\t{row['n']}\t{row['d']}")
    plan = df._jdf.queryExecution().executedPlan().toString()
    pushed = re.search(r"PushedAggregates: \[[^\]]*\], PushedGroupBy: \[[^\]]*\]", plan)
    print("pushed: " + (pushed.group(0) if pushed else "nothing"))
finally:
    spark.stop()
