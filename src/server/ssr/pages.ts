import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PagePlan, PageRenderer } from '../../shared/page-rendering.ts';
import { ProductListSchema } from '../../shared/product.ts';
import { CategoryListSchema } from '../../shared/category.ts';
import { pageRoutes, sitemapPagePaths } from '../../shared/page-routes.ts';
import type { CatalogCache } from '../modules/catalog/index.ts';
import type { DataVersionCheck, Eventually } from '../db/data-version-check.ts';
import { findDatabaseUnavailable } from '../errors.ts';
import type { FastPaths } from '../http/fast-path.ts';
import { compressBody, type CompressedBody } from '../http/compressed-body.ts';
import { registerHotRead, replyWith, type HotAnswer } from '../http/hot-read.ts';
import { createPageDataVersions } from './data-versions.ts';
import { createHtmlDocument } from './html-document.ts';
import { createPageCache } from './page-cache.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

/** Distinct (URL, data version) pages kept in memory per instance. */
const MAX_CACHED_PAGES = 500;

interface CachedPage {
  status: number;
  /** The page's bytes with its headers. */
  answer: HotAnswer;
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

/**
 * `body` with the headers of a page, robots.txt or the sitemap: revalidated on every visit
 * (cheap: the ETag), so a change shows at once.
 */
const answerOf = (type: string, body: CompressedBody): HotAnswer => ({
  body,
  headers: [
    'content-type',
    type,
    'cache-control',
    'no-cache',
    'etag',
    body.etag,
    'vary',
    'accept-encoding',
  ],
});

/**
 * Public pages rendered on the server (React, from the web app's dist/ssr entry), each kept as
 * compressed bytes per (URL, versions of the data it shows). Every request reads the versions
 * (one tiny query, shared by concurrent requests), so a product or review change made on any
 * instance shows on the next request everywhere; between changes a page costs a map lookup.
 * The public pages' canonical paths are routes of their own (hot reads: route and fast answer
 * from one definition); also robots.txt and sitemap.xml. Returns the handler of every other page
 * path (web-app.ts routes them to it).
 */
export function registerPages(app: FastifyInstance, options: PagesOptions) {
  const { renderer, publicUrl } = options;
  const document = createHtmlDocument(options.template);
  // The products version with the sale clock (issue 36, ADR 057): a page showing products changes
  // when a promotion's start or end passes, as when a product is written.
  const versions = createPageDataVersions(options.catalog.sales.versions);
  const cache = createPageCache<CachedPage>(MAX_CACHED_PAGES);
  const shell = answerOf(HTML, compressBody(Buffer.from(document.shell('Toolhouse'))));

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
      answer: answerOf(HTML, compressBody(Buffer.from(document.page(page)))),
      cacheable: page.cacheable,
    };
  };

  const robots = answerOf(
    'text/plain; charset=utf-8',
    compressBody(Buffer.from(robotsTxt(publicUrl))),
  );
  app.get('/robots.txt', (request, reply) => replyWith(request, reply, robots));

  const { catalog } = options;
  let sitemap: { etag: string; answer: HotAnswer } | undefined;
  app.get('/sitemap.xml', async (request, reply) => {
    const current = await catalog.current();
    // Each category's page too (issue 24): the sitemap follows the categories' version as well.
    const key = `${current.etag}/${(await options.versions.current()).categories}`;
    if (sitemap?.etag !== key) {
      const products = ProductListSchema.parse(JSON.parse(current.body.toString('utf8')));
      const categories = CategoryListSchema.parse((await app.inject('/api/categories')).json());
      const xml = sitemapXml(
        publicUrl,
        sitemapPagePaths(),
        products,
        categories.map((category) => pageRoutes.category.href({ slug: category.slug })),
      );
      const body = compressBody(Buffer.from(xml));
      sitemap = { etag: key, answer: answerOf('application/xml; charset=utf-8', body) };
    }
    replyWith(request, reply, sitemap.answer);
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
      url,
      version,
      () => render(url),
      (made) => made.cacheable,
    );

  /**
   * The page rendered last for `url` when its data versions could not be read because the
   * database is down: while it cannot change, that is the page as far as anyone can know (the
   * catalogue API answers the same way). Anything else, or no such page, is `error` again.
   */
  const lastKnown = (url: string, error: unknown): CachedPage => {
    const page = findDatabaseUnavailable(error) ? cache.latest(url) : undefined;
    if (!page) throw error;
    return page;
  };

  /**
   * Sends the page for the request's URL; a cached page whose data versions a recent check read
   * is sent synchronously (no promise, no tick).
   */
  const servePage = (request: FastifyRequest, reply: FastifyReply): void | Promise<void> => {
    const url = request.url;
    const plan = planOf(url);
    if (plan.kind === 'browserOnly') return replyWith(request, reply, shell);
    const sendPage = (page: CachedPage) => replyWith(request, reply, page.answer, page.status);
    // The database is away, or the page failed to render: the shell still lets the browser
    // render the page itself (its API calls say what is wrong), rather than a JSON 500.
    const sendShell = (error: unknown) => {
      request.log.error({ err: error }, 'server rendering failed; sending the shell');
      replyWith(request, reply, shell);
    };
    try {
      const version = versions.of(plan.dataRoots);
      const page =
        version instanceof Promise
          ? version.then(
              (known) => pageFor(url, known),
              (error: unknown) => lastKnown(url, error),
            )
          : pageFor(url, version);
      if (page instanceof Promise) return page.then(sendPage, sendShell);
      sendPage(page);
    } catch (error) {
      sendShell(error);
    }
  };

  /**
   * The page of `url` if it is cached, for the current data versions (with the database down: the
   * page rendered last), with status 200.
   */
  const cachedPage = (url: string): Eventually<HotAnswer | undefined> => {
    const plan = planOf(url);
    if (plan.kind !== 'rendered') return undefined;
    const ok = (page: CachedPage | undefined) => (page?.status === 200 ? page.answer : undefined);
    const version = versions.of(plan.dataRoots);
    return version instanceof Promise
      ? version.then(
          (known) => ok(cache.peek(url, known)),
          (error: unknown) => ok(lastKnown(url, error)),
        )
      : ok(cache.peek(url, version));
  };

  // Each public page is a route of its own, answered from the page cache (also ahead of
  // Fastify) when its page is cached for the current data versions, else rendered: the first
  // request after a change. With the database down, the page rendered last is answered; without
  // one, the route answers 503 (the check's error).
  for (const path of renderer.sitemapPaths) {
    registerHotRead(app, options.fast, { url: path, find: cachedPage, otherwise: servePage });
  }
  return servePage;
}
