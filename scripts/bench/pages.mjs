import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RAW_SERVER, rawGet } from './raw-server.mjs';

// Server-rendered pages and static assets against a raw node:http server sending the very same
// bytes with the same encoding: the physical limit of a Node server for that response.

/**
 * Measures each of `targets` ([label, path]) on the app and on a raw server with its bytes,
 * interleaved, and adds a row with the ratio. `tools` are bench.mjs's helpers.
 */
export async function benchPagesAgainstRaw(base, targets, tools) {
  const { load, interleaved, row, startProcess, stopProcess, waitFor, freePort, dataDir, fmt } =
    tools;
  const rawPort = await freePort();
  const bodyFile = join(dataDir, 'page-body');
  const headersFile = join(dataDir, 'page-headers.json');
  writeFileSync(bodyFile, '');
  writeFileSync(headersFile, '{}');
  const rawServer = startProcess(['--input-type=module', '-e', RAW_SERVER], {
    BODY_FILE: bodyFile,
    HEADERS_FILE: headersFile,
    RAW_PORT: String(rawPort),
  });
  await waitFor(`http://127.0.0.1:${rawPort}/reload`, rawServer);
  const headers = { 'accept-encoding': 'br, gzip' };
  try {
    for (const [label, path] of targets) {
      const sample = await rawGet(`${base}${path}`, headers);
      if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}`);
      writeFileSync(bodyFile, sample.body);
      const same = {};
      for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) {
        if (sample.headers[name]) same[name] = sample.headers[name];
      }
      writeFileSync(headersFile, JSON.stringify(same));
      await fetch(`http://127.0.0.1:${rawPort}/reload`);
      console.log(`${label} (${fmt(sample.body.length / 1024)} KB as sent)…`);
      const [ours, raw] = await interleaved(
        () => load({ url: `${base}${path}`, headers }),
        () => load({ url: `http://127.0.0.1:${rawPort}/`, headers }),
      );
      const ratio = ours.rps / raw.rps;
      row(
        `${label} (${fmt(sample.body.length / 1024)} KB ${sample.headers['content-encoding'] ?? 'raw'})`,
        `${fmt(ours.rps)} req/s, p99 ${ours.p99} ms${ours.bad ? `, ${ours.bad} failed` : ''}`,
        `raw node:http ${fmt(raw.rps)} req/s, p99 ${raw.p99} ms; ratio ${ratio.toFixed(2)}`,
        `ratio >= 0.8: ${ratio >= 0.8 ? 'met' : 'MISSED'}`,
      );
    }
  } finally {
    await stopProcess(rawServer);
  }
}
