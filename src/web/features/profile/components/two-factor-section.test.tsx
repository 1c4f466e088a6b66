import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import {
  customer,
  sessionResponse,
  storeAccessToken,
  storedAccessToken,
} from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const ENABLE = `POST ${apiPaths.auth.twoFactorEnable}`;
const VERIFY = `POST ${apiPaths.auth.twoFactorVerifyTotp}`;
const PERMISSIONS = `GET ${apiPaths.myPermissions}`;
const EXCHANGE = `PUT ${apiPaths.accessToken(customer.email)}`;

function BehindGuard() {
  return useAuth().status === 'signedIn' ? <TwoFactorSection /> : null;
}

describe('TwoFactorSection', () => {
  it('enrols: password, QR code and backup codes, first code; then swaps to the renewed session', async () => {
    storeAccessToken('access-1');
    let enabled = false;
    const fetchMock = mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
      [PERMISSIONS]: () =>
        jsonResponse({
          role: 'warehouse',
          permissions: ['orders.view', 'orders.fulfil'],
          twoFactorEnabled: enabled,
          twoFactorRequired: !enabled,
          sessionCodeRequired: false,
        }),
      [ENABLE]: jsonResponse({
        totpURI:
          'otpauth://totp/Toolhouse:ana%40example.com?secret=GEZDGNBVGY3TQOJQ&issuer=Toolhouse',
        backupCodes: ['AAAAA-11111', 'BBBBB-22222'],
      }),
      [VERIFY]: () => {
        enabled = true;
        return new Response(JSON.stringify({ token: 'old', user: {} }), {
          headers: { 'content-type': 'application/json', 'set-auth-token': 'identity-new' },
        });
      },
      [EXCHANGE]: jsonResponse({ token: 'identity-new' }),
    });
    const { user } = renderWithProviders(<BehindGuard />, { route: '/dashboard' });

    expect(
      await screen.findByText(/Your staff role needs two-factor sign-in/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'secret!1');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('GEZDGNBVGY3TQOJQ')).toBeInTheDocument();
    const codes = within(screen.getByRole('list', { name: 'Backup codes' }));
    expect(codes.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'AAAAA-11111',
      'BBBBB-22222',
    ]);
    expect(lastRequest(fetchMock, ENABLE).body).toEqual({ password: 'secret!1' });

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/Two-factor sign-in is on\. Signing in/)).toBeInTheDocument();
    await waitFor(() => expect(storedAccessToken()).toBe('identity-new'));
    expect(lastRequest(fetchMock, VERIFY).headers.get('Authorization')).toBe('Bearer access-1');
    expect(lastRequest(fetchMock, EXCHANGE).headers.get('Authorization')).toBe(
      'Bearer identity-new',
    );
  });
});
