import { describe, expect, it } from 'vitest';
import { routeTableOf } from '../../http/route-table.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { documentedMethods, jsonSchemaOf, openApiPath, type OpenApiDocument } from './openapi.ts';

const t = setUpAppWithAccounts();

async function openApi(): Promise<OpenApiDocument> {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and public', async () => {
    const document = await openApi();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/products']?.get?.['x-access']).toBe('public');
    expect(document.paths['/api/products']?.post?.['x-access']).toBe('permission:catalogue.manage');
  });

  it('documents every registered route with the schemas the route validates with', async () => {
    const document = await openApi();
    const table = routeTableOf(t.app);
    expect(table.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const entry of table) {
      for (const method of documentedMethods(entry)) {
        // The route really is routed by Fastify under this method and URL.
        expect(t.app.hasRoute({ method: method as 'GET', url: entry.url })).toBe(true);
        const operation = document.paths[openApiPath(entry.url)]?.[method.toLowerCase()];
        if (!operation) {
          missing.push(`${method} ${entry.url}`);
          continue;
        }
        const body = jsonSchemaOf(entry.inputs.body, 'input');
        expect(operation.requestBody?.content['application/json']?.schema).toEqual(body);
        const query = jsonSchemaOf(entry.inputs.querystring, 'input') as
          { properties?: Record<string, unknown> } | undefined;
        for (const [name, schema] of Object.entries(query?.properties ?? {}))
          expect(
            operation.parameters?.find((p) => p.in === 'query' && p.name === name)?.schema,
          ).toEqual(schema);
        for (const [status, schema] of Object.entries(entry.response ?? {}))
          expect(operation.responses[status]?.content?.['application/json']?.schema).toEqual(
            jsonSchemaOf(schema, 'output'),
          );
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
  });

  it('describes a body exactly as the route checks it', async () => {
    const document = await openApi();
    const schema = document.paths['/api/products']?.post?.requestBody?.content['application/json']
      ?.schema as { required: string[]; properties: Record<string, unknown> };
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'price', 'img']));
    // The route refuses a body without a documented required field.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization: `Bearer ${t.admin.token}` },
      payload: { price: 3 },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('the API reference page', () => {
  it('is server-rendered HTML with our own stylesheet only, under the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<code>/api/products/{productId}</code>');
    expect(response.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    const css = await t.app.inject({ method: 'GET', url: '/api/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});
