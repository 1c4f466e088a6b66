import { DataTable } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useFailedMails } from '../api/get-failed-mails.ts';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** Order mails the outbox gave up on after its last retry: someone was not told. */
export function FailedMails() {
  const mails = useFailedMails();
  return (
    <section aria-labelledby="failed-mails-heading" className="flex flex-col gap-3">
      <h2 id="failed-mails-heading" className="text-xl font-semibold">
        Mails that failed to send
      </h2>
      <QueryState
        query={mails}
        loading="Loading failed mails"
        failed="We couldn't load the failed mails."
      >
        {(failed) => (
          <DataTable
            columns={['Mail', 'To', 'Order', 'Attempts', 'Last error', 'Given up']}
            isEmpty={failed.length === 0}
            empty={<p>Every order mail was sent.</p>}
          >
            {failed.map((mail) => (
              <tr key={mail.id}>
                <td>{mail.template ?? 'mail'}</td>
                <td>{mail.audience ?? ''}</td>
                <td className="font-mono text-xs">{mail.purchaseId ?? ''}</td>
                <td>{mail.attempts}</td>
                <td className="max-w-xs text-sm break-words">{mail.lastError ?? ''}</td>
                <td>{when(mail.failedAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
