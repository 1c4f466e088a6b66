import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PagePlan, PageRenderer } from '../../shared/page-rendering.ts';
import { ProductListSchema } from '../../shared/product.ts';
import type { CatalogCache } from '../modules/catalog/catalog-cache.ts';
import { matchesIfNoneMatch } from '../http/conditional-get.ts';
import type { DataVersionCheck, Eventually } from '../db/data-version-check.ts';
import { compressedSender, type CompressedSender } from '../http/fast-compressed-answer.ts';
import type { FastPaths } from '../http/fast-path.ts';
import { compressBody, pickEncoding, type CompressedBody } from '../http/compressed-body.ts';
import { createPageDataVersions } from './data-versions.ts';
import { createHtmlDocument } from './html-document.ts';
import { createPageCache } from './page-cache.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

/** Distinct (URL, data version) pages kept in memory per instance. */
const MAX_CACHED_PAGES = 500;

interface CachedPage {
  status: number;
  body: CompressedBody;
  cacheable: boolean;
}

export interface PagesOptions {
  /** PUBLIC_URL: the base of canonical URLs, Open Graph, the sitemap and robots.txt. */
  publicUrl: string;
  /** The built index.html. */
  template: string;
  renderer: PageRenderer;
  /** The instance's shared data version check and catalogue cache. */
  versions: DataVersionCheck;
  catalog: CatalogCache;
  /** Where the cached public pages are also answered ahead of Fastify (fast-path.ts). */
  fast?: FastPaths | undefined;
}

const HTML = 'text/html; charset=utf-8';
/** The headers `send` gives every page, but its ETag. */
const PAGE_HEADERS = ['content-type', HTML, 'cache-control', 'no-cache', 'vary', 'accept-encoding'];

/** The page's bytes in the client's encoding, with its ETag; 304 when the client has them. */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  page: { status: number; body: CompressedBody },
): void {
  reply
    .code(page.status)
    .type(type)
    // Revalidated on every visit (cheap: the ETag), so a change shows at once.
    .header('cache-control', 'no-cache')
    .header('etag', page.body.etag)
    .header('vary', 'accept-encoding');
  if (page.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], page.body.etag)) {
    reply.code(304).send();
    return;
  }
  const { bytes, encoding } = pickEncoding(page.body, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  reply.send(bytes);
}

/**
 * Public pages rendered on the server (React, from the web app's dist/ssr entry), each kept as
 * compressed bytes per (URL, versions of the data it shows). Every request reads the versions
 * (one tiny query, shared by concurrent requests), so a product or review change made on any
 * instance shows on the next request everywhere; between changes a page costs a map lookup.
 * Also robots.txt and sitemap.xml. Returns the handler for page paths (GET and HEAD).
 */
export function registerPages(app: FastifyInstance, options: PagesOptions) {
  const { renderer, publicUrl } = options;
  const document = createHtmlDocument(options.template);
  const versions = createPageDataVersions(options.versions);
  const cache = createPageCache<CachedPage>(MAX_CACHED_PAGES);
  const shell = { status: 200, body: compressBody(Buffer.from(document.shell('Toolhouse'))) };

  // The pages' data comes from the API itself, answered inside this process.
  renderer.setApiTransport(async (path, init) => {
    const answer = await app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'application/json' },
      ...(init.signal ? { signal: init.signal } : {}),
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  });

  const render = async (url: string): Promise<CachedPage> => {
    const page = await renderer.renderPage({ url, publicUrl });
    return {
      status: page.status,
      body: compressBody(Buffer.from(document.page(page))),
      cacheable: page.cacheable,
    };
  };

  app.get('/robots.txt', async (request, reply) => {
    const body = compressBody(Buffer.from(robotsTxt(publicUrl)));
    return send(request, reply, 'text/plain; charset=utf-8', { status: 200, body });
  });

  const { catalog } = options;
  let sitemap: { etag: string; body: CompressedBody } | undefined;
  app.get('/sitemap.xml', async (request, reply) => {
    const current = await catalog.current();
    if (sitemap?.etag !== current.etag) {
      const products = ProductListSchema.parse(JSON.parse(current.body.toString('utf8')));
      const xml = sitemapXml(publicUrl, renderer.sitemapPaths, products);
      sitemap = { etag: current.etag, body: compressBody(Buffer.from(xml)) };
    }
    return send(request, reply, 'application/xml; charset=utf-8', {
      status: 200,
      body: sitemap.body,
    });
  });

  // A page's plan depends on its URL only: worked out once per URL (a bounded memo).
  const plans = new Map<string, PagePlan>();
  const planOf = (url: string): PagePlan => {
    let plan = plans.get(url);
    if (plan === undefined) {
      plan = renderer.planPage(url);
      if (plans.size >= MAX_CACHED_PAGES) plans.clear();
      plans.set(url, plan);
    }
    return plan;
  };

  const pageFor = (url: string, version: string): Eventually<CachedPage> =>
    cache.get(
      `${url}\n${version}`,
      () => render(url),
      (made) => made.cacheable,
    );

  /** The page of `url` if it is cached for the current data versions (as fresh as `servePage`). */
  const cachedPage = (url: string): Eventually<CachedPage | undefined> => {
    const plan = planOf(url);
    if (plan.kind !== 'rendered') return undefined;
    const peek = (version: string) => cache.peek(`${url}\n${version}`);
    const version = versions.of(plan.dataRoots);
    return version instanceof Promise ? version.then(peek) : peek(version);
  };
  if (options.fast) registerFastPages(options.fast, renderer.sitemapPaths, cachedPage);

  /**
   * Sends the page for the request's URL; a cached page whose data versions a recent check read
   * is sent synchronously (no promise, no tick).
   */
  return function servePage(request: FastifyRequest, reply: FastifyReply): void | Promise<void> {
    const url = request.url;
    const plan = planOf(url);
    if (plan.kind === 'browserOnly') return send(request, reply, HTML, shell);
    const sendPage = (page: CachedPage) => send(request, reply, HTML, page);
    // The database is away, or the page failed to render: the shell still lets the browser
    // render the page itself (its API calls say what is wrong), rather than a JSON 500.
    const sendShell = (error: unknown) => {
      request.log.error({ err: error }, 'server rendering failed; sending the shell');
      send(request, reply, HTML, shell);
    };
    try {
      const version = versions.of(plan.dataRoots);
      const page =
        version instanceof Promise
          ? version.then((known) => pageFor(url, known))
          : pageFor(url, version);
      if (page instanceof Promise) return page.then(sendPage, sendShell);
      sendPage(page);
    } catch (error) {
      sendShell(error);
    }
  };
}

/**
 * The public pages answered ahead of Fastify (fast-path.ts, ADR 018) when they are cached for the
 * current data versions: the same bytes and headers as `send`, the header lists made once per
 * page. While the version check runs, the answer waits for it as the route would. Anything else
 * (the first request after a change, a failed check, a 404) goes to the route, which renders,
 * answers the shell or the not-found page as it always does.
 */
function registerFastPages(
  fast: FastPaths,
  paths: readonly string[],
  cachedPage: (url: string) => Eventually<CachedPage | undefined>,
) {
  const senders = new WeakMap<CompressedBody, CompressedSender>();
  const senderOf = (body: CompressedBody) => {
    let sender = senders.get(body);
    if (!sender) {
      sender = compressedSender(fast, body, [...PAGE_HEADERS, 'etag', body.etag]);
      senders.set(body, sender);
    }
    return sender;
  };
  for (const path of paths) {
    fast.get(path, (request, response, pass) => {
      const then = (page: CachedPage | undefined) =>
        page?.status === 200 ? senderOf(page.body)(request, response) : pass();
      const page = cachedPage(path);
      // A failure of the answer itself (none is known) must not become an unhandled rejection.
      if (page instanceof Promise) page.then(then, pass).catch(() => response.destroy());
      else then(page);
    });
  }
}
