import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { CONTACT_SENT_MESSAGE } from '../../../../shared/contact.ts';
import { deferred, jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

function fields() {
  return {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    message: screen.getByLabelText('Message'),
    submit: screen.getByRole('button', { name: 'Submit' }),
  };
}

describe('ContactForm', () => {
  it('shows a message under each empty field on submit and sends nothing', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ received: true }, 201));
    const { user } = renderWithProviders(<ContactForm />);
    const { name, email, message, submit } = fields();

    await user.click(submit);

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(message).toHaveAccessibleDescription('Message is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an invalid email, then clears the message as soon as it is fixed', async () => {
    mockFetch(() => jsonResponse({ received: true }, 201));
    const { user } = renderWithProviders(<ContactForm />);
    const { email, submit } = fields();

    await user.type(email, 'not-an-email');
    await user.click(submit);
    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'ana@example.com');
    expect(screen.queryByText('Provide a valid Email')).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows a pasted control character under its field and sends nothing (the API refuses it too)', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ received: true }, 201));
    const { user } = renderWithProviders(<ContactForm />);
    const { name, email, message, submit } = fields();

    await user.click(name);
    await user.paste('Ana\u0007Lima');
    await user.type(email, 'ana@example.com');
    await user.click(message);
    await user.paste('Line one\nLine two\u0000');
    await user.click(submit);

    expect(
      await screen.findByText('Name must not contain line breaks or control characters'),
    ).toBeInTheDocument();
    expect(message).toHaveAccessibleDescription('Message must not contain control characters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts valid input, disables the button while sending, thanks the user and resets', async () => {
    const response = deferred<Response>();
    const fetchMock = mockFetch(() => response.promise);
    const { user } = renderWithProviders(<ContactForm />);
    const { name, email, message, submit } = fields();

    await user.type(name, 'Ana Lima');
    await user.type(email, 'Ana@Example.com');
    await user.type(message, 'Do you ship to Portugal?');
    await user.click(submit);

    expect(await screen.findByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(apiPaths.contact);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ana Lima',
      email: 'ana@example.com',
      message: 'Do you ship to Portugal?',
    });

    response.resolve(jsonResponse({ received: true }, 201));

    expect(await screen.findByText(CONTACT_SENT_MESSAGE)).toBeInTheDocument();
    expect(name).toHaveValue('');
    expect(email).toHaveValue('');
    expect(message).toHaveValue('');
    expect(submit).toBeEnabled();
  });

  it("shows the server's field errors under the matching inputs", async () => {
    mockFetch(() =>
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are invalid',
          fields: { email: 'This address cannot receive mail' },
        },
        400,
      ),
    );
    const { user } = renderWithProviders(<ContactForm />);
    const { name, email, message, submit } = fields();

    await user.type(name, 'Ana');
    await user.type(email, 'ana@example.com');
    await user.type(message, 'Hello');
    await user.click(submit);

    expect(await screen.findByText('This address cannot receive mail')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('This address cannot receive mail');
    expect(screen.queryByText('Some fields are invalid')).not.toBeInTheDocument();
  });

  it('shows any other failure as an error toast with the server message', async () => {
    mockFetch(() =>
      jsonResponse({ code: 'TOO_MANY_REQUESTS', message: 'Too many messages, try later' }, 429),
    );
    const { user } = renderWithProviders(<ContactForm />);
    const { name, email, message, submit } = fields();

    await user.type(name, 'Ana');
    await user.type(email, 'ana@example.com');
    await user.type(message, 'Hello');
    await user.click(submit);

    expect(await screen.findByText('Too many messages, try later')).toBeInTheDocument();
    expect(name).toHaveValue('Ana');
  });
});
