import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PASSWORD_CHANGED_MESSAGE, RESET_EMAIL_SENT_MESSAGE } from '../../../../shared/auth.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const REQUEST = `POST ${apiPaths.auth.requestPasswordReset}`;
const RESET = `POST ${apiPaths.auth.resetPassword}`;

describe('ResetPasswordPage', () => {
  it('asks for the email and gives the same answer for every address', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ [REQUEST]: () => answer.promise });
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset' });
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    const send = screen.getByRole('button', { name: 'Send Reset Link' });

    await user.click(send);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'nobody@example.com');
    await user.click(send);

    expect(await screen.findByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
    answer.resolve(jsonResponse({ status: true, message: 'If this email exists…' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_EMAIL_SENT_MESSAGE);
    expect(lastRequest(fetchMock, REQUEST).body).toEqual({
      email: 'nobody@example.com',
      redirectTo: `${window.location.origin}/reset`,
    });
  });

  it('shows a failed request in red', async () => {
    mockApi({
      [REQUEST]: jsonResponse({ message: 'Too many requests. Please try again later.' }, 429),
    });
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset' });
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
  });

  it('explains an invalid link and offers to send a new one', () => {
    mockApi({});
    renderWithProviders(<ResetPasswordPage />, { route: '/reset?error=INVALID_TOKEN' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it('sets the new password with the token from the link, then goes to /login with a toast', async () => {
    const fetchMock = mockApi({ [RESET]: jsonResponse({ status: true }) });
    const { user, router } = renderWithProviders(<ResetPasswordPage />, {
      route: '/reset?token=tok-123',
    });
    const password = screen.getByLabelText('New Password');
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    expect(password).toHaveAttribute('type', 'password');

    await user.click(submit);
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(password, 'abcdef');
    expect(
      await screen.findByText('Password must contain atleast one special character'),
    ).toBeInTheDocument();
    await user.type(password, '!');
    await user.click(submit);

    expect(await screen.findByText(PASSWORD_CHANGED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(lastRequest(fetchMock, RESET).body).toEqual({
      newPassword: 'abcdef!',
      token: 'tok-123',
    });
    expect(requestLog(fetchMock)).toEqual([RESET]);
  });

  it('says so when the token is refused', async () => {
    mockApi({ [RESET]: jsonResponse({ code: 'INVALID_TOKEN', message: 'Invalid token' }, 400) });
    const { user, router } = renderWithProviders(<ResetPasswordPage />, {
      route: '/reset?token=used',
    });
    await user.type(screen.getByLabelText('New Password'), 'secret!1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Send me a new reset link' })).toHaveAttribute(
      'href',
      '/reset',
    );
    expect(router.state.location.pathname).toBe('/reset');
  });
});
