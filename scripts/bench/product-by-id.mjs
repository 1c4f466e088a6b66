import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

// GET /api/products/{id} against a bare node:http server (its own process) sending the very same
// bytes with the same content type: the physical limit of a Node server for that payload. Part of
// npm run bench (scripts/bench.mjs passes its helpers in).

export const PRODUCT_RATIO_TARGET = 0.8;

const RAW_SERVER = `import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(process.env.BODY_FILE);
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.RAW_PORT), '127.0.0.1');`;

/**
 * @param {object} bench the helpers of scripts/bench.mjs
 * @param {string} productId an existing product
 */
export async function benchProductById(bench, productId) {
  const {
    base,
    dataDir,
    freePort,
    startProcess,
    stopProcess,
    waitFor,
    interleaved,
    load,
    row,
    fmt,
  } = bench;
  const url = `${base}/api/products/${productId}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const bodyFile = join(dataDir, 'product.json');
  writeFileSync(bodyFile, body);
  const rawPort = await freePort();
  const raw = startProcess(['--input-type=module', '-e', RAW_SERVER], {
    BODY_FILE: bodyFile,
    RAW_PORT: String(rawPort),
  });
  try {
    await waitFor(`http://127.0.0.1:${rawPort}/`, raw);
    console.log(`GET /api/products/{id} (${body.length} bytes) vs raw node:http…`);
    const [ours, baseline] = await interleaved(
      () => load({ url }),
      () => load({ url: `http://127.0.0.1:${rawPort}/` }),
    );
    const ratio = ours.rps / baseline.rps;
    row(
      `GET /api/products/{id} (${body.length} B, from the catalogue cache)`,
      `${fmt(ours.rps)} req/s, p99 ${ours.p99} ms${ours.bad ? `, ${ours.bad} failed` : ''}`,
      `raw node:http ${fmt(baseline.rps)} req/s, p99 ${baseline.p99} ms; ratio ${ratio.toFixed(2)}`,
      `ratio >= ${PRODUCT_RATIO_TARGET}: ${ratio >= PRODUCT_RATIO_TARGET ? 'met' : 'MISSED'}`,
    );
  } finally {
    await stopProcess(raw);
  }
}
