import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '../../../../shared/contact.ts';
import { deferred, jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

describe('NewsletterForm', () => {
  it('requires an email and then a valid one, inline under the field', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ subscribed: true }));
    const { user } = renderWithProviders(<NewsletterForm />);
    const email = screen.getByLabelText('Email');

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Email is required');

    await user.type(email, 'nope');
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes, disables the button while sending, confirms with a toast and resets', async () => {
    const response = deferred<Response>();
    const fetchMock = mockFetch(() => response.promise);
    const { user } = renderWithProviders(<NewsletterForm />);
    const email = screen.getByLabelText('Email');

    await user.type(email, 'maker@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(apiPaths.newsletter);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'maker@example.com' });

    response.resolve(jsonResponse({ subscribed: true }));

    expect(await screen.findByText(NEWSLETTER_SUBSCRIBED_MESSAGE)).toBeInTheDocument();
    expect(email).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it("shows the server's field error inline", async () => {
    mockFetch(() =>
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          fields: { email: 'Provide a valid Email' },
        },
        400,
      ),
    );
    const { user } = renderWithProviders(<NewsletterForm />);
    const email = screen.getByLabelText('Email');

    await user.type(email, 'maker@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows other failures as an error toast', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderWithProviders(<NewsletterForm />);

    await user.type(screen.getByLabelText('Email'), 'maker@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(
      await screen.findByText("We couldn't reach the server. Check your connection and try again."),
    ).toBeInTheDocument();
  });
});
