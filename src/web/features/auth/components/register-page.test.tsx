import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { socialProviderNotConfiguredMessage } from '../../../../shared/auth.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, identitySignInResponse, storedAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makePublicConfig } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

const CONFIG = `GET ${apiPaths.config}`;
const SIGN_UP = `POST ${apiPaths.auth.signUp}`;
const EXCHANGE = `PUT ${apiPaths.accessToken(customer.email)}`;

function fields() {
  return {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Register' }),
  };
}

describe('RegisterPage', () => {
  it('shows each of the spec messages, including the special character rule', async () => {
    const fetchMock = mockApi({ [CONFIG]: jsonResponse(makePublicConfig()) });
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    const { name, email, password, submit } = fields();

    await user.click(submit);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(email, 'not-an-email');
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    await user.type(password, 'abc');
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();
    await user.type(password, 'defgh');
    expect(
      await screen.findByText('Password must contain atleast one special character'),
    ).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Password must contain atleast one special character'),
    );

    await user.type(name, 'Ana');
    await user.type(password, '#');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(
      screen.queryByText('Password must contain atleast one special character'),
    ).not.toBeInTheDocument();
    expect(requestLog(fetchMock)).toEqual([CONFIG]);
  });

  it('registers, stores the access token and lands on /home', async () => {
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [SIGN_UP]: identitySignInResponse(customer, 'identity-7'),
      [EXCHANGE]: jsonResponse({ token: 'access-7' }),
    });
    const { user, router } = renderWithProviders(<RegisterPage />, { route: '/register' });
    const { name, email, password, submit } = fields();

    await user.type(name, `  ${customer.name} `);
    await user.type(email, customer.email);
    await user.type(password, 'secret!1');
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(lastRequest(fetchMock, SIGN_UP).body).toEqual({
      name: customer.name,
      email: customer.email,
      password: 'secret!1',
      callbackURL: '/login?verified=1',
    });
    expect(lastRequest(fetchMock, EXCHANGE).headers.get('Authorization')).toBe('Bearer identity-7');
    expect(storedAccessToken()).toBe('access-7');
  });

  it('shows an identity error in red under the form', async () => {
    mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [SIGN_UP]: jsonResponse(
        { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' },
        422,
      ),
    });
    const { user, router } = renderWithProviders(<RegisterPage />, { route: '/register' });
    const { name, email, password, submit } = fields();

    await user.type(name, customer.name);
    await user.type(email, customer.email);
    await user.type(password, 'secret!1');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'User already exists. Use another email.',
    );
    expect(router.state.location.pathname).toBe('/register');
    expect(storedAccessToken()).toBeNull();
  });

  it('asks for the e-mail to be verified when the service opens no session yet', async () => {
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [SIGN_UP]: jsonResponse({ token: null, user: { id: 'u1', ...customer } }),
    });
    const { user, router } = renderWithProviders(<RegisterPage />, { route: '/register' });
    const { name, email, password, submit } = fields();

    await user.type(name, customer.name);
    await user.type(email, customer.email);
    await user.type(password, 'secret!1');
    await user.click(submit);

    expect(await screen.findByRole('status')).toHaveTextContent(/please verify your address/);
    expect(router.state.location.pathname).toBe('/register');
    expect(requestLog(fetchMock)).not.toContain(EXCHANGE);
  });

  it('links to login and offers the same social buttons', async () => {
    mockApi({ [CONFIG]: jsonResponse(makePublicConfig()) });
    const { user } = renderWithProviders(<RegisterPage />, { route: '/register' });
    expect(screen.getByRole('link', { name: 'Log in instead' })).toHaveAttribute('href', '/login');

    const facebook = screen.getByRole('button', { name: 'Facebook' });
    await waitFor(() => expect(facebook).toBeEnabled());
    await user.click(facebook);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      socialProviderNotConfiguredMessage('Facebook'),
    );
    expect(screen.getByRole('button', { name: 'Google' })).toBeInTheDocument();
  });
});
