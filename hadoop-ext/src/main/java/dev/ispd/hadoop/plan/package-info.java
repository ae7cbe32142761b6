/**
 * Declarative plans as DeviceJobs (docs/hadoop.md, "A DeviceJob with a plan"): the generic
 * {@link dev.ispd.hadoop.plan.PlanDeviceMapper} runs a filter, projection, GROUP BY aggregates,
 * LIMIT or top-N in the drives or on the host without a tasklet of one's own;
 * {@link dev.ispd.hadoop.plan.PlanFormat} turns results into map output and the reducers merge them.
 */
package dev.ispd.hadoop.plan;
