import { canApprove } from '../../../../shared/companies.ts';
import type { Statement } from '../../../../shared/invoices.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useInvoices, useMyCompany, useStatement } from '../api/invoices.ts';
import { AgeingTable } from './ageing-table.tsx';
import { InvoicesTable } from './invoices-table.tsx';
import { money } from './invoice-text.ts';

/** The company's credit and what it owes: limit, balance, available, overdue, and the ageing. */
function StatementSummary({
  statement,
  companyName,
}: {
  statement: Statement;
  companyName: string;
}) {
  const facts: [string, string][] = [
    ['Credit limit', money(statement.creditLimit)],
    ['Balance', money(statement.balance)],
    ['Available', money(statement.available)],
    ['Overdue', money(statement.overdue)],
    ['Terms', `Net ${statement.termsDays}`],
  ];
  return (
    <section aria-labelledby="statement-heading" className="flex flex-col gap-4">
      <h2 id="statement-heading" className="text-xl font-semibold">
        Statement of {companyName}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-box border border-base-300 p-3">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd
              className={`text-lg font-semibold ${label === 'Overdue' && statement.overdue > 0 ? 'text-error' : ''}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <AgeingTable
        caption="What is owed, by days past due"
        rows={[{ key: statement.companyId, label: companyName, ...statement.ageing }]}
      />
      <p className="text-sm text-stone-600">
        The balance also holds orders on account waiting for approval.
      </p>
    </section>
  );
}

function CompanyStatement({ companyId, companyName }: { companyId: string; companyName: string }) {
  const statement = useStatement(companyId);
  return (
    <QueryState
      query={statement}
      loading="Loading the statement"
      failed="We couldn't load the statement."
    >
      {(data) => <StatementSummary statement={data} companyName={companyName} />}
    </QueryState>
  );
}

/**
 * Dashboard → Invoices (linked from the Company page): a company's statement (its approvers and
 * admins) and the invoices the member may see (a buyer: their own orders'), each with its PDF.
 */
export function CompanyInvoicesPage() {
  const company = useMyCompany();
  const invoices = useInvoices();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Invoices</h1>
      {company.data && company.data.myRole && canApprove(company.data.myRole) && (
        <CompanyStatement companyId={company.data.id} companyName={company.data.name} />
      )}
      <section aria-labelledby="invoices-heading" className="flex flex-col gap-3">
        <h2 id="invoices-heading" className="text-xl font-semibold">
          {company.data && company.data.myRole && canApprove(company.data.myRole)
            ? 'Invoices of your company'
            : 'Your invoices'}
        </h2>
        <QueryState
          query={invoices}
          loading="Loading invoices"
          failed="We couldn't load the invoices."
        >
          {(list) =>
            list.length === 0 ? (
              <p>No invoices yet. Orders paid on account are invoiced here.</p>
            ) : (
              <InvoicesTable invoices={list} caption="Invoices" />
            )
          }
        </QueryState>
      </section>
    </section>
  );
}
