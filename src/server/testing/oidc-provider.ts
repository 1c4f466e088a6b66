import type { Server } from 'node:http';
import Provider from 'oidc-provider';

// A local OpenID Connect provider for the social sign-in journey and the API tests (no internet). Its development
// login form accepts any login name; the account's e-mail is `<login>@example.com`, verified.

export const OIDC_CLIENT = {
  id: 'toolhouse-e2e',
  secret: 'toolhouse-e2e-secret',
  name: 'Local ID',
};

export async function startOidcProvider(
  port: number,
  shopUrl: string,
): Promise<{ issuer: string; stop(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${shopUrl}/api/auth/callback/openid`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: `${sub}@example.com`,
          email_verified: true,
          name: `OpenID ${sub}`,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['toolhouse-e2e-cookie-key'] },
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { issuer, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
