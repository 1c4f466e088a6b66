import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { socialProviderNotConfiguredMessage } from '../../../../shared/auth.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import {
  customer,
  identitySignInResponse,
  sessionResponse,
  storedAccessToken,
} from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { makePublicConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const CONFIG = `GET ${apiPaths.config}`;
const SIGN_IN = `POST ${apiPaths.auth.signIn}`;
const SOCIAL = `POST ${apiPaths.auth.signInSocial}`;
const EXCHANGE = `PUT ${apiPaths.accessToken(customer.email)}`;

function fields() {
  return {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Login' }),
  };
}

describe('LoginPage', () => {
  it('shows each of the spec messages, first on submit, then as the user types', async () => {
    const fetchMock = mockApi({ [CONFIG]: jsonResponse(makePublicConfig()) });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    const { email, password, submit } = fields();
    expect(password).toHaveAttribute('type', 'password');

    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Email is required');

    await user.type(email, 'Ana@Example.com');
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    await user.type(password, 'abc');
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'ana@example.com');
    await user.type(password, 'def');
    expect(screen.queryByText('Provide a valid Email')).not.toBeInTheDocument();
    expect(screen.queryByText('Must be 6 characters or longer')).not.toBeInTheDocument();
    expect(requestLog(fetchMock)).toEqual([CONFIG]);
  });

  it('signs in, trades the session for an access token, stores it and goes to /', async () => {
    const signInAnswer = deferred<Response>();
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [SIGN_IN]: () => signInAnswer.promise,
      [EXCHANGE]: jsonResponse({ token: 'access-1' }),
    });
    const { user, router } = renderWithProviders(<LoginPage />, { route: '/login' });
    const { email, password, submit } = fields();

    await user.type(email, customer.email);
    await user.type(password, 'secret!1');
    await user.click(submit);

    expect(await screen.findByRole('button', { name: 'Login' })).toBeDisabled();
    signInAnswer.resolve(identitySignInResponse(customer, 'identity-1'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestLog(fetchMock)).toEqual([CONFIG, SIGN_IN, EXCHANGE]);
    const signIn = lastRequest(fetchMock, SIGN_IN);
    expect(signIn.body).toEqual({ email: customer.email, password: 'secret!1' });
    expect(signIn.headers.has('Authorization')).toBe(false);
    expect(lastRequest(fetchMock, EXCHANGE).headers.get('Authorization')).toBe('Bearer identity-1');
    expect(storedAccessToken()).toBe('access-1');
  });

  it("shows the identity service's message in red under the form and stays signed out", async () => {
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [SIGN_IN]: jsonResponse(
        { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
        401,
      ),
    });
    const { user, router } = renderWithProviders(<LoginPage />, { route: '/login' });
    const { email, password, submit } = fields();

    await user.type(email, customer.email);
    await user.type(password, 'wrong-password');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('alert')).toHaveClass('text-error');
    expect(router.state.location.pathname).toBe('/login');
    expect(requestLog(fetchMock)).not.toContain(EXCHANGE);
    expect(storedAccessToken()).toBeNull();
    expect(submit).toBeEnabled();
  });

  it('shows why the access token could not be obtained, and stays signed out', async () => {
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [SIGN_IN]: identitySignInResponse(customer, 'identity-1'),
      [EXCHANGE]: jsonResponse(
        { code: 'FORBIDDEN', message: 'Please verify your email first' },
        403,
      ),
      [`POST ${apiPaths.auth.signOut}`]: jsonResponse({ success: true }),
    });
    const { user, router } = renderWithProviders(<LoginPage />, { route: '/login' });
    const { email, password, submit } = fields();

    await user.type(email, customer.email);
    await user.type(password, 'secret!1');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Please verify your email first');
    expect(router.state.location.pathname).toBe('/login');
    expect(storedAccessToken()).toBeNull();
    await waitFor(() => expect(requestLog(fetchMock)).toContain(`POST ${apiPaths.auth.signOut}`));
  });

  it('links to registration and to the password reset', async () => {
    mockApi({ [CONFIG]: jsonResponse(makePublicConfig()) });
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('link', { name: /Create an account/ })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset',
    );
  });

  it.each(['Google', 'Facebook'])(
    'says in red that %s sign-in is not configured, without calling it',
    async (provider) => {
      const fetchMock = mockApi({ [CONFIG]: jsonResponse(makePublicConfig()) });
      const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

      const button = screen.getByRole('button', { name: provider });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);

      expect(await screen.findByRole('alert')).toHaveTextContent(
        socialProviderNotConfiguredMessage(provider),
      );
      expect(requestLog(fetchMock)).toEqual([CONFIG]);
    },
  );

  it('starts a configured provider and sends the browser to its address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/login', assign });
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(
        makePublicConfig({ socialProviders: { google: true, facebook: false } }),
      ),
      [SOCIAL]: jsonResponse({
        url: 'https://accounts.google.com/o/oauth2/auth?x=1',
        redirect: true,
      }),
    });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    const google = screen.getByRole('button', { name: 'Google' });
    await waitFor(() => expect(google).toBeEnabled());
    await user.click(google);

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'),
    );
    expect(lastRequest(fetchMock, SOCIAL).body).toEqual({
      provider: 'google',
      callbackURL: '/login?social=done&next=%2F',
      errorCallbackURL: '/login?social=error',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("offers the deployment's OpenID provider as a third button", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/login', assign });
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(
        makePublicConfig({ openIdProvider: { id: 'local-oidc', name: 'Toolhouse ID' } }),
      ),
      [SOCIAL]: jsonResponse({ url: 'http://127.0.0.1:4010/auth?client_id=shop', redirect: true }),
    });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    await user.click(await screen.findByRole('button', { name: 'Continue with Toolhouse ID' }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://127.0.0.1:4010/auth?client_id=shop'),
    );
    expect(lastRequest(fetchMock, SOCIAL).body).toMatchObject({ provider: 'local-oidc' });
  });

  it('shows a failed social start in red', async () => {
    mockApi({
      [CONFIG]: jsonResponse(
        makePublicConfig({ socialProviders: { google: false, facebook: true } }),
      ),
      [SOCIAL]: jsonResponse({ message: 'Too many requests. Please try again later.' }, 429),
    });
    const { user } = renderWithProviders(<LoginPage />, { route: '/login' });

    const facebook = screen.getByRole('button', { name: 'Facebook' });
    await waitFor(() => expect(facebook).toBeEnabled());
    await user.click(facebook);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
  });

  it('completes a social sign-in when the provider sends the user back', async () => {
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'cookie-session'),
      [EXCHANGE]: jsonResponse({ token: 'access-2' }),
    });
    const { router } = renderWithProviders(<LoginPage />, {
      route: '/login?social=done&next=%2Fdashboard%2FmyOrders',
    });

    expect(screen.getByRole('status', { name: 'Completing your sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myOrders'));
    expect(storedAccessToken()).toBe('access-2');
    // The identity cookie names the session: no bearer on the session call.
    expect(
      lastRequest(fetchMock, `GET ${apiPaths.auth.session}`).headers.has('Authorization'),
    ).toBe(false);
    expect(lastRequest(fetchMock, EXCHANGE).headers.get('Authorization')).toBe(
      'Bearer cookie-session',
    );
  });

  it('never follows a `next` that leaves the site', async () => {
    mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'cookie-session'),
      [EXCHANGE]: jsonResponse({ token: 'access-2' }),
    });
    const { router } = renderWithProviders(<LoginPage />, {
      route: '/login?social=done&next=%2F%2Fevil.example%2Fphish',
    });
    await waitFor(() => expect(storedAccessToken()).toBe('access-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says so when the social session is missing on the way back', async () => {
    mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [`GET ${apiPaths.auth.session}`]: sessionResponse(null),
    });
    renderWithProviders(<LoginPage />, { route: '/login?social=done&next=%2F' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't complete the sign-in. Please try again.",
    );
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(storedAccessToken()).toBeNull();
  });

  it("shows the provider's error code when a social sign-in failed", async () => {
    mockApi({ [CONFIG]: jsonResponse(makePublicConfig()) });
    renderWithProviders(<LoginPage />, { route: '/login?social=error&error=access_denied' });
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in failed: access_denied');
  });

  it('welcomes a user back from the verification link', async () => {
    mockApi({ [CONFIG]: jsonResponse(makePublicConfig()) });
    renderWithProviders(<LoginPage />, { route: '/login?verified=1' });
    expect(screen.getByRole('status')).toHaveTextContent('Your email is verified. Please log in.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the verification link failed', async () => {
    mockApi({ [CONFIG]: jsonResponse(makePublicConfig()) });
    renderWithProviders(<LoginPage />, { route: '/login?verified=1&error=TOKEN_EXPIRED' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired.',
    );
  });
});
