import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  INVITATION_NOT_FOUND_MESSAGE,
  LAST_ADMIN_MESSAGE,
  paths,
  type Company,
  type Invitation,
  type Member,
} from '../../../../shared/companies.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { COMPANY_CREATED_MESSAGE } from './company-forms.tsx';
import { INVITATION_SENT_MESSAGE, MEMBER_SAVED_MESSAGE } from './company-members.tsx';
import { CompanyPage } from './company-page.tsx';
import { InvitationPage, joinedMessage } from './invitation-page.tsx';

type Answer = Parameters<typeof mockApi>[0][string];

const COMPANY: Company = {
  id: 'org-1',
  name: 'Acme Builders',
  taxNumber: 'US-123',
  billingAddress: {
    name: '',
    company: '',
    line1: '1 Trade Street',
    line2: '',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
    phone: '',
  },
  credit: { status: 'approved', limit: 5000, termsDays: 30, balance: 1000, available: 4000 },
  priceList: null,
  myRole: 'admin',
  memberCount: 2,
  createdAt: '2026-11-28T10:00:00.000Z',
};

const member = (n: number, fields: Partial<Member> = {}): Member => ({
  id: `m${n}`,
  userId: `u${n}`,
  name: `Member ${n}`,
  email: `member${n}@example.com`,
  role: 'buyer',
  orderLimit: null,
  monthLimit: null,
  monthSpent: 0,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...fields,
});

const ME = member(1, { name: customer.name, email: customer.email, role: 'admin' });
const BUYER = member(2, { name: 'Bob Buyer', orderLimit: 500, monthSpent: 123.45 });

const INVITATION: Invitation = {
  id: 'inv-1',
  companyId: COMPANY.id,
  companyName: COMPANY.name,
  email: customer.email,
  role: 'approver',
  status: 'pending',
  expiresAt: '2099-01-01T00:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
};

function Guarded({ children }: { children: React.ReactNode }) {
  return useAuth().status === 'signedIn' ? <>{children}</> : null;
}

function renderCompanyPage(routes: Record<string, Answer>) {
  storeAccessToken('access-1');
  const fetchMock = mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    ...routes,
  });
  return {
    fetchMock,
    ...renderWithProviders(
      <Guarded>
        <CompanyPage />
      </Guarded>,
      { route: '/dashboard/company' },
    ),
  };
}

const memberRoutes = (company: Company, members: Member[]): Record<string, Answer> => ({
  [`GET ${paths.companies}`]: jsonResponse({ companies: [company] }),
  [`GET ${paths.members(company.id)}`]: jsonResponse({ members }),
  [`GET ${paths.invitations(company.id)}`]: jsonResponse({ invitations: [] }),
  [`GET ${paths.addresses(company.id)}`]: jsonResponse({ addresses: [] }),
});

describe('Dashboard → Company', () => {
  it('shows staff, who are answered every company, none of them as theirs', async () => {
    renderCompanyPage({
      [`GET ${paths.companies}`]: jsonResponse({ companies: [{ ...COMPANY, myRole: null }] }),
    });
    expect(await screen.findByRole('form', { name: 'Create a company' })).toBeInTheDocument();
    expect(screen.queryByText(COMPANY.name)).not.toBeInTheDocument();
  });

  it('offers "Create a company" without one, checks the fields, then sends them', async () => {
    let companies: Company[] = [];
    const { fetchMock, user } = renderCompanyPage({
      [`GET ${paths.companies}`]: () => jsonResponse({ companies }),
      [`POST ${paths.companies}`]: () => {
        companies = [COMPANY];
        return jsonResponse(COMPANY, 201);
      },
      ...Object.fromEntries(
        Object.entries(memberRoutes(COMPANY, [ME])).filter(([key]) => !key.endsWith('companies')),
      ),
    });
    const form = within(await screen.findByRole('form', { name: 'Create a company' }));
    await user.click(form.getByRole('button', { name: 'Create company' }));
    expect(await form.findByText('Company name is required')).toBeInTheDocument();
    expect(form.getByText('Address is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(form.getByLabelText('Company name'), 'Acme Builders');
    await user.type(form.getByLabelText('Tax number'), 'US-123');
    await user.type(form.getByLabelText('Address'), '1 Trade Street');
    await user.type(form.getByLabelText('City'), 'Austin');
    await user.selectOptions(form.getByLabelText('Region'), 'TX');
    await user.type(form.getByLabelText('Postal code'), '78701');
    await user.click(form.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText(COMPANY_CREATED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${paths.companies}`).body).toMatchObject({
      name: 'Acme Builders',
      taxNumber: 'US-123',
      billingAddress: { line1: '1 Trade Street', city: 'Austin', region: 'TX', country: 'US' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Builders' })).toBeVisible();
  });

  it("shows an admin the members with limits and spending; saves a buyer's limits in dollars", async () => {
    const { fetchMock, user } = renderCompanyPage({
      ...memberRoutes(COMPANY, [ME, BUYER]),
      [`PATCH ${paths.member(COMPANY.id, BUYER.id)}`]: jsonResponse({
        ...BUYER,
        orderLimit: 250.5,
      }),
    });
    const row = within(await screen.findByRole('row', { name: 'Bob Buyer' }));
    expect(row.getByText('member2@example.com')).toBeInTheDocument();
    expect(row.getByText('$123.45')).toBeInTheDocument();
    const orderLimit = row.getByLabelText('Order limit ($), Bob Buyer');
    expect(orderLimit).toHaveValue('500');
    await user.clear(orderLimit);
    await user.type(orderLimit, '-3');
    await user.click(row.getByRole('button', { name: 'Save Bob Buyer' }));
    expect(await row.findByText('Limit must not be negative')).toBeInTheDocument();

    await user.clear(orderLimit);
    await user.type(orderLimit, '250.50');
    await user.selectOptions(row.getByLabelText('Role, Bob Buyer'), 'approver');
    await user.click(row.getByRole('button', { name: 'Save Bob Buyer' }));
    expect(await screen.findByText(MEMBER_SAVED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, `PATCH ${paths.member(COMPANY.id, BUYER.id)}`).body).toEqual({
      role: 'approver',
      orderLimit: 250.5,
      monthLimit: null,
    });
    for (const href of [
      '/dashboard/approvals',
      '/dashboard/invoices',
      '/dashboard/lists',
      '/dashboard/companyOrders',
    ])
      expect(
        within(screen.getByRole('navigation', { name: 'Company' }))
          .getAllByRole('link')
          .some((link) => link.getAttribute('href') === href),
      ).toBe(true);
  });

  it('removes a member after a confirmation, and says why the last admin cannot leave', async () => {
    const { fetchMock, user } = renderCompanyPage({
      ...memberRoutes(COMPANY, [ME, BUYER]),
      [`DELETE ${paths.member(COMPANY.id, BUYER.id)}`]: jsonResponse({ deletedCount: 1 }),
      [`DELETE ${paths.member(COMPANY.id, ME.id)}`]: jsonResponse(
        { code: 'CONFLICT', message: LAST_ADMIN_MESSAGE, requestId: 'r' },
        409,
      ),
    });
    const row = within(await screen.findByRole('row', { name: 'Bob Buyer' }));
    await user.click(row.getByRole('button', { name: 'Remove Bob Buyer' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Remove Bob Buyer/ }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bob Buyer was removed')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `DELETE ${paths.member(COMPANY.id, BUYER.id)}`)).toBeTruthy();

    const mine = within(screen.getByRole('row', { name: customer.name }));
    await user.click(mine.getByRole('button', { name: 'Leave the company' }));
    const leave = within(await screen.findByRole('dialog', { name: /Leave Acme Builders/ }));
    await user.click(leave.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText(LAST_ADMIN_MESSAGE)).toBeInTheDocument();
  });

  it('sends an invitation with the role chosen', async () => {
    const { fetchMock, user } = renderCompanyPage({
      ...memberRoutes(COMPANY, [ME]),
      [`POST ${paths.invitations(COMPANY.id)}`]: jsonResponse(
        { ...INVITATION, email: 'new@example.com' },
        201,
      ),
    });
    const form = within(await screen.findByRole('form', { name: 'Invite a member' }));
    await user.type(form.getByLabelText('Email'), 'not an email');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await form.findByText('Email must be a valid email address')).toBeInTheDocument();
    await user.clear(form.getByLabelText('Email'));
    await user.type(form.getByLabelText('Email'), 'new@example.com');
    await user.selectOptions(form.getByLabelText('Role'), 'approver');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(INVITATION_SENT_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${paths.invitations(COMPANY.id)}`).body).toEqual({
      email: 'new@example.com',
      role: 'approver',
    });
  });

  it('shows a buyer the company without admin controls', async () => {
    renderCompanyPage(
      memberRoutes({ ...COMPANY, myRole: 'buyer' }, [
        member(3, { role: 'admin' }),
        { ...BUYER, email: customer.email, name: customer.name },
      ]),
    );
    const row = within(await screen.findByRole('row', { name: customer.name }));
    expect(row.getByText('$500.00')).toBeInTheDocument();
    expect(row.getByText('No limit')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });
});

describe('an invitation page', () => {
  function renderInvitation(routes: Record<string, Answer>) {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
      ...routes,
    });
    return {
      fetchMock,
      ...renderWithProviders(
        <Guarded>
          <Routes>
            <Route path="/invitations/:companyId/:invitationId" element={<InvitationPage />} />
            <Route path="/dashboard/company" element={<p>Company page</p>} />
          </Routes>
        </Guarded>,
        { route: `/invitations/${COMPANY.id}/${INVITATION.id}` },
      ),
    };
  }

  it('shows the company and role; Accept joins and opens the company page', async () => {
    const { fetchMock, user } = renderInvitation({
      [`GET ${paths.invitation(COMPANY.id, INVITATION.id)}`]: jsonResponse(INVITATION),
      [`POST ${paths.acceptInvitation(COMPANY.id, INVITATION.id)}`]: jsonResponse({
        ...COMPANY,
        myRole: 'approver',
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Join Acme Builders' })).toBeVisible();
    expect(screen.getByText(/as an approver/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(joinedMessage('Acme Builders'))).toBeInTheDocument();
    expect(await screen.findByText('Company page')).toBeInTheDocument();
    expect(
      lastRequest(fetchMock, `POST ${paths.acceptInvitation(COMPANY.id, INVITATION.id)}`),
    ).toBeTruthy();
  });

  it('declines', async () => {
    const { user } = renderInvitation({
      [`GET ${paths.invitation(COMPANY.id, INVITATION.id)}`]: jsonResponse(INVITATION),
      [`DELETE ${paths.invitation(COMPANY.id, INVITATION.id)}`]: jsonResponse({
        ...INVITATION,
        status: 'rejected',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined this invitation.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it('says an invitation of someone else (404) was not found', async () => {
    renderInvitation({
      [`GET ${paths.invitation(COMPANY.id, INVITATION.id)}`]: jsonResponse(
        { code: 'NOT_FOUND', message: INVITATION_NOT_FOUND_MESSAGE, requestId: 'r' },
        404,
      ),
    });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(INVITATION_NOT_FOUND_MESSAGE),
    );
  });
});
