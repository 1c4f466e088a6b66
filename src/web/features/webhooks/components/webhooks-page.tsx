import { useId, useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENTS_MESSAGE,
  WEBHOOK_SECRET_NOTE,
  WebhookEndpointBodySchema,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../../../shared/webhooks.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useAddWebhook, useDeleteWebhook, useWebhooks } from '../api/webhooks.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

function AddWebhookForm() {
  const urlId = useId();
  const urlErrorId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const add = useAddWebhook();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WebhookEndpointBodySchema.safeParse({ url, events });
    if (!parsed.success) {
      const found: { url?: string; events?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'url' ? 'url' : 'events';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setUrl('');
        setEvents([]);
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields);
      },
    });
  };

  const toggle = (name: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, name] : current.filter((e) => e !== name)));

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 className="text-xl font-bold">Add a webhook</h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={urlId} className="font-semibold">
          Endpoint URL
        </label>
        <input
          id={urlId}
          type="url"
          className={`input w-full max-w-xl ${errors.url ? 'input-error' : ''}`}
          value={url}
          placeholder="https://erp.example.com/toolhouse"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? urlErrorId : undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        {errors.url && (
          <p id={urlErrorId} className="text-error text-sm">
            {errors.url}
          </p>
        )}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">Events</legend>
        <div className="flex flex-wrap gap-4">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={events.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              {name}
            </label>
          ))}
        </div>
        {errors.events && (
          <p className="text-error text-sm">{errors.events || WEBHOOK_EVENTS_MESSAGE}</p>
        )}
      </fieldset>
      {add.isError && !(isApiError(add.error) && add.error.fields) && (
        <p role="alert" className="alert alert-error">
          {getErrorMessage(add.error)}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={add.isPending}>
        {add.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        Add webhook
      </button>
      {add.data && (
        <div role="status" className="alert alert-success flex flex-col items-start gap-1">
          <p>
            Webhook added for {add.data.url}. {WEBHOOK_SECRET_NOTE}
          </p>
          <p>
            Signing secret: <code className="break-all font-mono">{add.data.secret}</code>
          </p>
        </div>
      )}
    </form>
  );
}

/** Webhooks (admins): register endpoints, see each one's delivery log, delete them. */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [toDelete, setToDelete] = useState<WebhookEndpoint | null>(null);
  const [shown, setShown] = useState<WebhookEndpoint | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSettled: () => {
        if (shown?.id === toDelete.id) setShown(null);
        setToDelete(null);
      },
    });
  };

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Webhooks</h1>
      <p>
        Each event is POSTed as JSON, signed in the <code>Toolhouse-Signature</code> header (
        <code>t=&lt;unix time&gt;,v1=&lt;HMAC-SHA256 of &quot;t.body&quot;&gt;</code>), and retried
        with backoff for 24 hours until the endpoint answers 2xx. The API reference is at{' '}
        <a className="link" href="/api/docs">
          /api/docs
        </a>
        .
      </p>
      <AddWebhookForm />
      {remove.isError && (
        <p role="alert" className="alert alert-error">
          {getErrorMessage(remove.error)}
        </p>
      )}
      <QueryState
        query={webhooks}
        loading="Loading webhooks"
        failed="We couldn't load the webhooks."
      >
        {(list) => (
          <DataTable
            columns={['Endpoint', 'Events', 'Added', 'Action']}
            isEmpty={list.length === 0}
            empty={<p>No webhooks yet.</p>}
          >
            {list.map((hook) => (
              <tr key={hook.id}>
                <th scope="row" className="break-all font-normal">
                  {hook.url}
                </th>
                <td>{hook.events.join(', ')}</td>
                <td>{new Date(hook.createdAt).toLocaleDateString()}</td>
                <td className="flex flex-wrap gap-2">
                  <button type="button" className="btn btn-sm" onClick={() => setShown(hook)}>
                    Deliveries
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-error"
                    onClick={() => setToDelete(hook)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      {shown && <WebhookDeliveries key={shown.id} id={shown.id} url={shown.url} />}
      {toDelete && (
        <ConfirmDialog
          title={`Are you sure you want to delete the webhook to ${toDelete.url}?`}
          body="It receives no more events."
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </section>
  );
}
