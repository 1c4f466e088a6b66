import type { OpenApiDocument, OpenApiOperation } from './openapi.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function operationHtml(path: string, method: string, operation: OpenApiOperation): string {
  const id = escapeHtml(operation.operationId);
  const parts = [
    `<section class="op" id="${id}">`,
    `<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
    operation.summary ? `<p>${escapeHtml(operation.summary)}</p>` : '',
    `<p class="access">Access: <strong>${escapeHtml(operation['x-access'])}</strong></p>`,
  ];
  if (operation.parameters?.length) {
    parts.push(
      '<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>',
    );
    for (const parameter of operation.parameters)
      parts.push(
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${json(parameter.schema)}</td></tr>`,
      );
    parts.push('</tbody></table>');
  }
  const body = operation.requestBody?.content['application/json']?.schema;
  if (body) parts.push('<h4>Request body (JSON)</h4>', json(body));
  parts.push('<h4>Responses</h4>');
  for (const [status, response] of Object.entries(operation.responses)) {
    const schema = response.content?.['application/json']?.schema;
    parts.push(
      `<details><summary>${escapeHtml(status)} ${escapeHtml(response.description)}</summary>${schema ? json(schema) : '<p>No JSON body documented.</p>'}</details>`,
    );
  }
  parts.push('</section>');
  return parts.join('');
}

/**
 * A readable API reference rendered on the server: plain HTML and one stylesheet of our own
 * (/api/docs.css), no script and no CDN, so it works under the shop's CSP and offline.
 */
export function renderApiReference(document: OpenApiDocument): string {
  const entries = Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b));
  const index: string[] = [];
  const sections: string[] = [];
  for (const [path, operations] of entries)
    for (const [method, operation] of Object.entries(operations)) {
      index.push(
        `<li><a href="#${escapeHtml(operation.operationId)}"><span class="method ${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a></li>`,
      );
      sections.push(operationHtml(path, method, operation));
    }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<link rel="stylesheet" href="/api/docs.css"></head>
<body><header><h1>${escapeHtml(document.info.title)} reference</h1>
<p>Version ${escapeHtml(document.info.version)}, OpenAPI ${document.openapi}. ${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p></header>
<main><nav aria-label="Operations"><h2>Operations</h2><ul>${index.join('')}</ul></nav>
<div class="ops"><h2>Details</h2>${sections.join('')}</div></main></body></html>`;
}

export const API_REFERENCE_CSS = `body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;line-height:1.4}
header{padding:1rem 1.5rem;background:#1f2937;color:#fff}header a{color:#fde68a}
main{display:grid;grid-template-columns:minmax(14rem,22rem) 1fr;gap:1rem;padding:1rem}
@media (max-width:800px){main{grid-template-columns:1fr}}
nav ul{list-style:none;padding:0;margin:0;font-size:.85rem}nav li{margin:.2rem 0}nav a{color:#1f2937;text-decoration:none}
.op{border:1px solid #d1d5db;border-radius:.5rem;padding:.5rem 1rem;margin-bottom:1rem}
.method{display:inline-block;min-width:4rem;font-weight:700;font-family:monospace}
.get{color:#047857}.post{color:#1d4ed8}.put{color:#b45309}.patch{color:#7c3aed}.delete{color:#b91c1c}
pre{background:#f3f4f6;padding:.5rem;overflow:auto;max-height:24rem;font-size:.8rem}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #e5e7eb;padding:.25rem;text-align:left;vertical-align:top}
`;
