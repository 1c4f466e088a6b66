import { DataTable } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useWebhookDeliveries } from '../api/webhooks.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

/** The delivery log of one endpoint: every attempt, newest first. */
export function WebhookDeliveries({ id, url }: { id: string; url: string }) {
  const deliveries = useWebhookDeliveries(id);
  return (
    <section className="flex flex-col gap-3" aria-label={`Deliveries to ${url}`}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-bold">Deliveries to {url}</h2>
        <button
          type="button"
          className="btn btn-sm"
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          {deliveries.isFetching && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          Refresh
        </button>
      </div>
      <QueryState
        query={deliveries}
        loading="Loading deliveries"
        failed="We couldn't load the deliveries."
      >
        {(list) => (
          <DataTable
            columns={['When', 'Event', 'Attempt', 'Answer', 'Error', 'Time']}
            isEmpty={list.length === 0}
            empty={<p>No deliveries yet.</p>}
          >
            {list.map((delivery) => (
              <tr key={delivery.id}>
                <td>{when(delivery.createdAt)}</td>
                <td>{delivery.event}</td>
                <td>{delivery.attempt}</td>
                <td>{delivery.statusCode ?? '—'}</td>
                <td className="break-all">{delivery.error ?? ''}</td>
                <td>{delivery.durationMs} ms</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
