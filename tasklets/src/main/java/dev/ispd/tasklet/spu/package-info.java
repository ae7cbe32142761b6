/**
 * The Storage Processing Unit's applications (papers/isp-architectures-minglani-thesis-2018.txt,
 * 3.4): k-nearest neighbours, k-means, sparse matrix-vector product over CSR pages and
 * breadth-first search, as built-in tasklets. Their arithmetic is metered as
 * {@link dev.ispd.tasklet.Meter#addArithmetic arithmetic}; a coprocessor reads its page from its
 * flash package's buffer (3.3.1), so they count no DRAM field loads. Layouts, parameters and
 * results: docs/tasklets.md, "The SPU applications".
 */
package dev.ispd.tasklet.spu;
