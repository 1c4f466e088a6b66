import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PROFILE_SAVED_MESSAGE } from '../../../../shared/profile.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { makeProfile } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MyProfile } from './my-profile.tsx';

const SESSION = `GET ${apiPaths.auth.session}`;
const PROFILE = `GET ${apiPaths.profile(customer.email)}`;
const SAVE = `PUT ${apiPaths.saveProfile(customer.email)}`;

type Answer = Parameters<typeof mockApi>[0][string];

function renderProfile(routes: Record<string, Answer>) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({ [SESSION]: sessionResponse(customer, 'access-1'), ...routes });
  return { fetchMock, ...renderWithProviders(<BehindGuard />, { route: '/dashboard' }) };
}

/** MyProfile renders behind RequireAuth: shown once the session is restored, as the guard does. */
function BehindGuard() {
  return useAuth().status === 'signedIn' ? <MyProfile /> : null;
}

function fields() {
  return {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    location: screen.getByLabelText('Location'),
    phone: screen.getByLabelText('Phone'),
    linkedin: screen.getByLabelText('LinkedIn'),
    save: screen.getByRole('button', { name: 'Save Profile' }),
  };
}

describe('MyProfile', () => {
  it("prefills the saved profile under the account's disabled name and email", async () => {
    const profile = deferred<Response>();
    renderProfile({ [PROFILE]: () => profile.promise });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Profile' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeInTheDocument();
    profile.resolve(jsonResponse([makeProfile(), makeProfile({ location: 'Second item' })]));

    await screen.findByLabelText('Location');
    const { name, email, location, phone, linkedin } = fields();
    expect(name).toHaveValue(customer.name);
    expect(name).toBeDisabled();
    expect(email).toHaveValue(customer.email);
    expect(email).toBeDisabled();
    expect(location).toHaveValue('Lisbon');
    expect(phone).toHaveValue('+351 900 000 000');
    expect(linkedin).toHaveValue('https://www.linkedin.com/in/ana');
  });

  it('starts blank when there is no saved profile yet', async () => {
    renderProfile({ [PROFILE]: jsonResponse([]) });
    await screen.findByLabelText('Location');
    const { location, phone, linkedin } = fields();
    expect(location).toHaveValue('');
    expect(phone).toHaveValue('');
    expect(linkedin).toHaveValue('');
  });

  it("saves, says 'user added', keeps the values and reloads the profile", async () => {
    const { user, fetchMock } = renderProfile({
      [PROFILE]: jsonResponse([makeProfile()]),
      [SAVE]: ({ body }) => jsonResponse({ ...makeProfile(), ...(body as object) }),
    });
    await screen.findByLabelText('Location');
    const { location, phone, save } = fields();

    await user.clear(location);
    await user.type(location, 'Porto');
    await user.clear(phone);
    await user.click(save);

    expect(await screen.findByText(PROFILE_SAVED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, SAVE).body).toEqual({
      name: customer.name,
      email: customer.email,
      location: 'Porto',
      phone: '',
      linkedin: 'https://www.linkedin.com/in/ana',
    });
    expect(lastRequest(fetchMock, SAVE).headers.get('Authorization')).toBe('Bearer access-1');
    expect(location).toHaveValue('Porto');
    await waitFor(() => expect(requestLog(fetchMock).filter((r) => r === PROFILE)).toHaveLength(2));
  });

  it('checks the LinkedIn address before sending', async () => {
    const { user, fetchMock } = renderProfile({ [PROFILE]: jsonResponse([]) });
    await screen.findByLabelText('LinkedIn');
    const { linkedin, save } = fields();

    await user.type(linkedin, 'linkedin.com/in/ana');
    await user.click(save);

    expect(await screen.findByText('LinkedIn must be an http(s) URL')).toBeInTheDocument();
    expect(linkedin).toHaveAccessibleDescription('LinkedIn must be an http(s) URL');
    expect(requestLog(fetchMock)).not.toContain(SAVE);
  });

  it("puts the server's field errors under their inputs", async () => {
    const { user } = renderProfile({
      [PROFILE]: jsonResponse([]),
      [SAVE]: jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are invalid',
          fields: { phone: 'Phone must be at most 30 characters' },
        },
        400,
      ),
    });
    await screen.findByLabelText('Phone');
    await user.type(fields().phone, '123');
    await user.click(fields().save);

    expect(await screen.findByText('Phone must be at most 30 characters')).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_SAVED_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows any other failure as an error toast, and not the success message', async () => {
    const { user } = renderProfile({
      [PROFILE]: jsonResponse([makeProfile()]),
      [SAVE]: jsonResponse({ code: 'INTERNAL', message: 'Something went wrong on our side.' }, 500),
    });
    await screen.findByLabelText('Location');
    await user.click(fields().save);

    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_SAVED_MESSAGE)).not.toBeInTheDocument();
    expect(fields().location).toHaveValue('Lisbon');
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    const { user } = renderProfile({ [PROFILE]: () => answer });

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your profile.");
    answer = jsonResponse([makeProfile()]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByLabelText('Location')).toHaveValue('Lisbon');
  });
});
