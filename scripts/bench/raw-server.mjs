import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

// The baseline of the bench's small answers: a bare node:http server sending the very bytes and
// headers the app sent (read from BODY_FILE and HEADERS_FILE, again on GET /reload), on RAW_PORT.
// The physical limit of a Node server for that response.

/** The raw server's source, run with `node --input-type=module -e`. */
const RAW_SERVER = `import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
let body = readFileSync(process.env.BODY_FILE);
let headers = JSON.parse(readFileSync(process.env.HEADERS_FILE, 'utf8'));
createServer((req, res) => {
  if (req.url === '/reload') {
    body = readFileSync(process.env.BODY_FILE);
    headers = JSON.parse(readFileSync(process.env.HEADERS_FILE, 'utf8'));
    res.end('ok');
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.RAW_PORT), '127.0.0.1');`;

/** The response as it travels (still compressed), with its headers. */
export function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Starts the raw server on `port` of 127.0.0.1 with `start(args, env)` (the caller's way of
 * starting a process it stops later), its body and headers in files in `folder`. `serve` makes it
 * send those from now on.
 */
export function startRawServer(start, folder, port) {
  const bodyFile = join(folder, 'raw-body');
  const headersFile = join(folder, 'raw-headers.json');
  writeFileSync(bodyFile, '');
  writeFileSync(headersFile, '{}');
  const child = start(['--input-type=module', '-e', RAW_SERVER], {
    BODY_FILE: bodyFile,
    HEADERS_FILE: headersFile,
    RAW_PORT: String(port),
  });
  return {
    child,
    url: `http://127.0.0.1:${port}/`,
    reloadUrl: `http://127.0.0.1:${port}/reload`,
    async serve(body, headers) {
      writeFileSync(bodyFile, body);
      writeFileSync(headersFile, JSON.stringify(headers));
      await fetch(`http://127.0.0.1:${port}/reload`);
    },
  };
}
