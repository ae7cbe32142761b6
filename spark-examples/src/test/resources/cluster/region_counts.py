"""Q1 (accesses per region) over the ispd connector from PySpark: region<TAB>count lines.

Run with spark-submit --jars (the connector and its dependencies) and the drives in
spark.hadoop.ispd.fs.drives; the argument is an osd:// path whose files record their layout.
"""
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("ispd region counts (PySpark)").getOrCreate()
try:
    wc = spark.read.format("ispd").load(sys.argv[1])
    for row in wc.groupBy("region").count().orderBy("region").collect():
        print(f"{row['region']}\t{row['count']}")
finally:
    spark.stop()
