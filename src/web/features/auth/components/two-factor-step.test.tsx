import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, identitySignInResponse, storedAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makePublicConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const SIGN_IN = `POST ${apiPaths.auth.signIn}`;
const VERIFY = `POST ${apiPaths.auth.twoFactorVerifyTotp}`;
const BACKUP = `POST ${apiPaths.auth.twoFactorVerifyBackupCode}`;
const EXCHANGE = `PUT ${apiPaths.accessToken(customer.email)}`;

describe('Login with two-factor sign-in', () => {
  it('asks for the code after the password, refuses a wrong one, then signs in', async () => {
    let codeAccepted = false;
    const fetchMock = mockApi({
      [`GET ${apiPaths.config}`]: jsonResponse(makePublicConfig()),
      [SIGN_IN]: jsonResponse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
      [VERIFY]: () =>
        codeAccepted
          ? identitySignInResponse(customer, 'identity-2fa')
          : jsonResponse({ code: 'INVALID_CODE', message: 'Invalid code' }, 401),
      [EXCHANGE]: jsonResponse({ token: 'access-2fa' }),
    });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('Email'), customer.email);
    await user.type(screen.getByLabelText('Password'), 'secret!1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(storedAccessToken()).toBeNull();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();
    expect(storedAccessToken()).toBeNull();

    codeAccepted = true;
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(storedAccessToken()).toBe('access-2fa'));
    expect(lastRequest(fetchMock, VERIFY).body).toEqual({ code: '123456' });
    expect(lastRequest(fetchMock, VERIFY).headers.get('Authorization')).toBeNull();
    expect(lastRequest(fetchMock, EXCHANGE).headers.get('Authorization')).toBe(
      'Bearer identity-2fa',
    );
  });

  it('takes a backup code instead', async () => {
    const fetchMock = mockApi({
      [`GET ${apiPaths.config}`]: jsonResponse(makePublicConfig()),
      [SIGN_IN]: jsonResponse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
      [BACKUP]: identitySignInResponse(customer, 'identity-backup'),
      [EXCHANGE]: jsonResponse({ token: 'access-backup' }),
    });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('Email'), customer.email);
    await user.type(screen.getByLabelText('Password'), 'secret!1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Use a backup code instead' }));
    await user.type(screen.getByLabelText('Backup code'), 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(storedAccessToken()).toBe('access-backup'));
    expect(requestLog(fetchMock)).not.toContain(VERIFY);
  });
});
