import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { addressFieldErrors } from '../../../../shared/address-rules.ts';
import type { AddressFieldErrors } from '../../../../shared/address-rules.ts';
import {
  COMPANY_ADDRESSES_MAX,
  type Company,
  type CompanyAddress,
} from '../../../../shared/companies.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { PostalAddress } from '../../../../shared/postal-address.ts';
import { AddressForm, emptyAddress } from '../../../components/address-form.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';
import {
  useAddCompanyAddress,
  useCompanyAddresses,
  useDeleteCompanyAddress,
  useMyCompany,
} from '../api/companies.ts';
import { addressErrorsUnder, addressLines, CompanyForm } from './company-forms.tsx';
import { InvitationsSection, MembersSection, ROLE_LABELS } from './company-members.tsx';

// Dashboard → Company (issue 37): without a company, a form to create one; as a member, the
// company's details, its members, invitations (admins) and delivery addresses, and links to what
// the company does together (approvals, invoices, lists, its orders).

export const ADDRESS_ADDED_MESSAGE = 'Delivery address added';

const COMPANY_LINKS = [
  { href: '/dashboard/approvals', label: 'Approvals' },
  { href: '/dashboard/invoices', label: 'Invoices' },
  { href: '/dashboard/lists', label: 'Saved lists' },
  { href: '/dashboard/companyOrders', label: 'Company orders' },
] as const;

const CREDIT_STATUS_TEXT = {
  none: 'No credit account: pay by card',
  approved: 'Approved',
  suspended: 'Suspended: no new orders on account',
} as const;

function CompanyDetails({ company }: { company: Company }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <CompanyForm company={company} onDone={() => setEditing(false)} />;
  const { credit } = company;
  return (
    <section aria-labelledby="details-heading" className="flex flex-col gap-3">
      <h2 id="details-heading" className="text-2xl font-bold">
        Details
      </h2>
      <dl className="grid max-w-2xl grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Your role</dt>
        <dd>{company.myRole ? ROLE_LABELS[company.myRole] : '—'}</dd>
        <dt className="font-medium">Tax number</dt>
        <dd>{company.taxNumber || '—'}</dd>
        <dt className="font-medium">Billing address</dt>
        <dd>
          {company.billingAddress ? (
            <address className="not-italic">
              {addressLines(company.billingAddress).map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            '—'
          )}
        </dd>
        <dt className="font-medium">Credit</dt>
        <dd>
          {CREDIT_STATUS_TEXT[credit.status]}
          {credit.status !== 'none' && (
            <>
              {' '}
              · limit ${formatDollars(credit.limit)}, Net {credit.termsDays} · available $
              {formatDollars(credit.available)}
            </>
          )}
        </dd>
        <dt className="font-medium">Price list</dt>
        <dd>{company.priceList?.name ?? 'Standard prices'}</dd>
      </dl>
      {company.myRole === 'admin' && (
        <button type="button" className="btn self-start" onClick={() => setEditing(true)}>
          Edit details
        </button>
      )}
    </section>
  );
}

function NewCompanyAddress({ companyId, onDone }: { companyId: string; onDone: () => void }) {
  const add = useAddCompanyAddress(companyId);
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState<PostalAddress>(() => emptyAddress());
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<AddressFieldErrors>({});

  const submit = async () => {
    if (Object.keys(addressFieldErrors(address)).length > 0) {
      setShowAllErrors(true);
      return;
    }
    try {
      await add.mutateAsync({ label, address });
    } catch (error) {
      const fields = addressErrorsUnder(error, 'address');
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(getErrorMessage(error));
      return;
    }
    toast.success(ADDRESS_ADDED_MESSAGE);
    onDone();
  };

  return (
    <form
      noValidate
      aria-label="New delivery address"
      className="flex max-w-2xl flex-col gap-5 rounded-box border border-base-300 p-4"
      onSubmit={formSubmitHandler(async (event) => {
        event?.preventDefault();
        await submit();
      })}
    >
      <TextField
        label="Label"
        hint='For example "Main depot" (optional).'
        maxLength={60}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
      />
      <AddressForm
        value={address}
        onChange={(next) => {
          setServerErrors({});
          setAddress(next);
        }}
        showAllErrors={showAllErrors}
        serverErrors={serverErrors}
      />
      <div className="flex gap-3">
        <SubmitButton pending={add.isPending}>Save address</SubmitButton>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DeliveryAddresses({ company }: { company: Company }) {
  const addresses = useCompanyAddresses(company.id);
  const remove = useDeleteCompanyAddress(company.id);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CompanyAddress | null>(null);
  const isAdmin = company.myRole === 'admin';
  const nameOf = (saved: CompanyAddress) => saved.label || saved.address.line1;

  return (
    <section aria-labelledby="company-addresses-heading" className="flex flex-col gap-3">
      <h2 id="company-addresses-heading" className="text-2xl font-bold">
        Delivery addresses
      </h2>
      <QueryState
        query={addresses}
        loading="Loading delivery addresses"
        failed="We couldn't load the delivery addresses."
      >
        {(list) => (
          <>
            {list.length === 0 && <p>No delivery addresses yet.</p>}
            {list.length > 0 && (
              <ul aria-label="Delivery addresses" className="flex flex-col gap-3">
                {list.map((saved) => (
                  <li
                    key={saved.id}
                    aria-label={nameOf(saved)}
                    className="flex flex-wrap items-start justify-between gap-3 rounded-box border border-base-300 p-4"
                  >
                    <div>
                      {saved.label && <p className="font-semibold">{saved.label}</p>}
                      <address className="not-italic">
                        {addressLines(saved.address).map((line, index) => (
                          <span key={index} className="block">
                            {line}
                          </span>
                        ))}
                      </address>
                    </div>
                    {isAdmin && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        aria-label={`Delete ${nameOf(saved)}`}
                        onClick={() => setDeleting(saved)}
                      >
                        Delete
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {isAdmin &&
              (adding ? (
                <NewCompanyAddress companyId={company.id} onDone={() => setAdding(false)} />
              ) : (
                list.length < COMPANY_ADDRESSES_MAX && (
                  <button type="button" className="btn self-start" onClick={() => setAdding(true)}>
                    Add a delivery address
                  </button>
                )
              ))}
          </>
        )}
      </QueryState>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${nameOf(deleting)}?`}
          body="Members will no longer be offered this address at checkout."
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSettled: () => setDeleting(null),
              onError: (error) => toast.error(getErrorMessage(error)),
            })
          }
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

function CompanyOverview({ company }: { company: Company }) {
  const user = useSignedInUser();
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{company.name}</h1>
        <nav aria-label="Company">
          <ul className="flex flex-wrap gap-3">
            {COMPANY_LINKS.map((link) => (
              <li key={link.href}>
                <a className="link" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <CompanyDetails company={company} />
      <MembersSection company={company} myEmail={user.email} />
      {company.myRole === 'admin' && <InvitationsSection companyId={company.id} />}
      <DeliveryAddresses company={company} />
    </div>
  );
}

export function CompanyPage() {
  const company = useMyCompany();
  return (
    <QueryState
      query={company}
      loading="Loading your company"
      failed="We couldn't load your company."
    >
      {(mine) =>
        mine ? (
          <CompanyOverview company={mine} />
        ) : (
          <div className="flex flex-col gap-6">
            <h1 className="text-3xl font-bold">Create a company</h1>
            <p className="max-w-2xl">
              Buy together with your colleagues: invite buyers and approvers, set spending limits,
              share delivery addresses and, once we approve your credit, pay on invoice.
            </p>
            <CompanyForm />
          </div>
        )
      }
    </QueryState>
  );
}
