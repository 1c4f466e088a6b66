import { rawGet, startRawServer } from './raw-server.mjs';

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
  const rawServer = startRawServer(startProcess, dataDir, rawPort);
  await waitFor(rawServer.reloadUrl, rawServer.child);
  const headers = { 'accept-encoding': 'br, gzip' };
  try {
    for (const [label, path] of targets) {
      const sample = await rawGet(`${base}${path}`, headers);
      if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}`);
      const same = {};
      for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) {
        if (sample.headers[name]) same[name] = sample.headers[name];
      }
      await rawServer.serve(sample.body, same);
      console.log(`${label} (${fmt(sample.body.length / 1024)} KB as sent)…`);
      const [ours, raw] = await interleaved(
        () => load({ url: `${base}${path}`, headers }),
        () => load({ url: rawServer.url, headers }),
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
    await stopProcess(rawServer.child);
  }
}
