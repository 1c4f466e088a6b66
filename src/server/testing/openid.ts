import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SignedIn } from './accounts.ts';
import { OIDC_CLIENT, startOidcProvider } from './oidc-provider.ts';

// The OpenID sign-in as a browser goes through it, without one: the shop's start (inject), the
// local provider's development login and consent forms (real HTTP), the shop's callback (inject),
// then the web's cookie-to-token exchange.

/** A port free on 127.0.0.1 now (the provider's issuer URL names it before it listens). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A local OpenID provider for a test app on `publicUrl`, and the env that points the app at it. */
export async function startTestOpenIdProvider(publicUrl: string) {
  const provider = await startOidcProvider(await freePort(), publicUrl);
  const env = {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
  };
  return { ...provider, env };
}

/** Cookies kept by name, sent back to whichever host asks (the test talks to two hosts only). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(setCookie: string | string[] | null | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in as `<login>@example.com` through the OpenID provider (any login is accepted), and
 * returns the access token the web would hold.
 */
export async function signInWithOpenId(
  app: FastifyInstance,
  publicUrl: string,
  login: string,
): Promise<SignedIn> {
  const shop = new CookieJar();
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'openid', callbackURL: '/' },
  });
  expect(start.statusCode, start.body).toBe(200);
  shop.take(start.headers['set-cookie']);
  let next = (start.json() as { url: string }).url;

  const provider = new CookieJar();
  for (let hops = 0; !next.startsWith(publicUrl); hops++) {
    if (hops > 10) throw new Error(`OpenID sign-in did not come back: ${next}`);
    const page = await fetch(next, { redirect: 'manual', headers: { cookie: provider.header() } });
    provider.take(page.headers.getSetCookie());
    const location = page.headers.get('location');
    if (location) {
      next = new URL(location, next).href;
      continue;
    }
    // The development interaction: the login form, then the consent form, posted to the page.
    const html = await page.text();
    const form: Record<string, string> = html.includes('name="prompt" value="login"')
      ? { prompt: 'login', login, password: 'anything' }
      : { prompt: 'consent' };
    const posted = await fetch(next, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: provider.header(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    provider.take(posted.headers.getSetCookie());
    const after = posted.headers.get('location');
    if (!after) throw new Error(`the provider's ${form.prompt} form answered ${posted.status}`);
    next = new URL(after, next).href;
  }

  const callback = new URL(next);
  const back = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: shop.header() },
  });
  expect(back.statusCode, back.body).toBe(302);
  expect(back.headers.location).not.toMatch(/error/);
  shop.take(back.headers['set-cookie']);

  // The web's exchange: the identity cookie's session, then our access token for it.
  const session = await app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie: shop.header() },
  });
  const identity = session.json() as { session: { token: string }; user: { email: string } };
  const email = identity.user.email;
  const exchanged = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${identity.session.token}` },
  });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  const { token } = exchanged.json() as { token: string };
  return { email, name: '', token, headers: { authorization: `Bearer ${token}` } };
}
