// The Node flags the server process runs with: npm start, the e2e harness and the benchmarks that
// measure the server all start it with these, so what is measured is what runs.
//
// --max-old-space-size=1024: a 1 GiB heap limit. Without it V8 sizes the heap from the machine's
// memory (4 GiB here) and lets garbage pile up far above what is live: a 100,000-row import holds
// about 40 MB, yet the process peaked at 430-450 MB; with the limit V8 collects sooner and the
// same import peaks at about 320 MB, at the same speed within noise (benchmark B2,
// docs/architecture-excel.md). 1 GiB leaves room for every operation of the product, which all
// stream or page their data.
export const SERVER_NODE_FLAGS = ['--max-old-space-size=1024'];
