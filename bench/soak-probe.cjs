// The soak's heap probe (issue 32), preloaded into the soak's server only (NODE_OPTIONS --require, with
// --expose-gc): on SIGUSR2 it runs two full collections and writes the process's memory to
// SOAK_PROBE_FILE as JSON. The live heap after a full collection tells a leak from RSS that saws with
// the collector's sizing; nothing of it is in the product.
const { writeFileSync } = require('node:fs');

const file = process.env.SOAK_PROBE_FILE;
if (file && typeof global.gc === 'function') {
  process.on('SIGUSR2', () => {
    global.gc();
    global.gc();
    const m = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ at: Date.now(), heapUsed: m.heapUsed, rss: m.rss }));
  });
}
