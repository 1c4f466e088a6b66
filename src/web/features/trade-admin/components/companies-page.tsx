import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { Company } from '../../../../shared/companies.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { PriceList } from '../../../../shared/price-lists.ts';
import { FormField } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCompanies, useCompanyMutations, usePriceLists } from '../api/trade-admin.ts';
import { CREDIT_STATUS_LABELS, CreditDialog } from './credit-dialog.tsx';

// Companies (issue 37, staff with admin.other): every company with its members, credit (status,
// limit, balance, available, terms) and price list; edit the credit, assign a list, see invoices.

const dollars = (amount: number) => `$${formatDollars(amount)}`;

/** The invoices screen of one company (another part of issue 37). */
export const invoicesHref = (companyId: string) =>
  `/dashboard/manageInvoices?companyId=${encodeURIComponent(companyId)}`;

/** The company's price list, chosen and saved on its row. */
function PriceListPicker({
  company,
  priceLists,
}: {
  company: Company;
  priceLists: readonly PriceList[];
}) {
  const { priceList } = useCompanyMutations();
  const [chosen, setChosen] = useState(company.priceList?.id ?? '');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await priceList.mutateAsync({
        id: company.id,
        body: { priceListId: chosen === '' ? null : chosen },
      });
      toast.success(`Price list of ${company.name} is saved`);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void onSubmit(event)}>
      <FormField label="Price list" labelContext={` of ${company.name}`}>
        {(control) => (
          <select
            {...control}
            className="select select-sm"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">None (public prices)</option>
            {priceLists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button
        type="submit"
        className="btn btn-sm"
        disabled={priceList.isPending || chosen === (company.priceList?.id ?? '')}
        aria-label={`Save price list of ${company.name}`}
      >
        {priceList.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        Save price list
      </button>
    </form>
  );
}

export function CompaniesPage() {
  const companies = useCompanies();
  const priceLists = usePriceLists();
  const [editing, setEditing] = useState<Company | null>(null);

  return (
    <section className="flex max-w-7xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Companies</h1>
      <p>
        Approve a company for credit to let its members check out on account (an invoice at its
        terms); its balance is what its on-account orders owe or reserve. Its price list sets the
        contract prices its members see and pay.
      </p>
      <QueryState
        query={companies}
        loading="Loading companies"
        failed="We couldn't load the companies."
      >
        {(rows) =>
          rows.length === 0 ? (
            <p>No companies yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <caption className="sr-only">Companies</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Members</th>
                    <th scope="col">Credit status</th>
                    <th scope="col">Limit</th>
                    <th scope="col">Balance</th>
                    <th scope="col">Available</th>
                    <th scope="col">Terms</th>
                    <th scope="col">Price list</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((company) => (
                    <tr key={company.id}>
                      <th scope="row">
                        <span className="block">{company.name}</span>
                        {company.taxNumber && (
                          <span className="block text-sm font-normal text-stone-600">
                            {company.taxNumber}
                          </span>
                        )}
                      </th>
                      <td>{company.memberCount}</td>
                      <td>{CREDIT_STATUS_LABELS[company.credit.status]}</td>
                      <td>{dollars(company.credit.limit)}</td>
                      <td>{dollars(company.credit.balance)}</td>
                      <td>{dollars(company.credit.available)}</td>
                      <td>Net {company.credit.termsDays}</td>
                      <td>
                        <PriceListPicker
                          key={company.priceList?.id ?? ''}
                          company={company}
                          priceLists={priceLists.data ?? []}
                        />
                      </td>
                      <td>
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            className="btn btn-xs"
                            aria-label={`Edit credit of ${company.name}`}
                            onClick={() => setEditing(company)}
                          >
                            Edit credit
                          </button>
                          <Link
                            className="btn btn-xs"
                            to={invoicesHref(company.id)}
                            aria-label={`Invoices of ${company.name}`}
                          >
                            Invoices
                          </Link>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      {editing && (
        <CreditDialog key={editing.id} company={editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
