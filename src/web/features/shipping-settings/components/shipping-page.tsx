import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { formatDollars } from '../../../../shared/money.ts';
import type {
  ShippingMethod,
  ShippingRateAnswer,
  ShippingZone,
} from '../../../../shared/shipping-settings.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useShippingMutations, useShippingZones } from '../api/shipping-settings.ts';
import { MethodForm } from './method-form.tsx';
import { ZoneForm } from './zone-form.tsx';

// Shipping (issue 35, staff): zones (countries, optionally regions) and each zone's methods with
// their rates, free-shipping threshold and delivery time.

/** "≤ 2,000 g, $0.00–$500.00: $14.95", or "Any order: $9.95". */
export function rateText(rate: ShippingRateAnswer): string {
  const range = (min: number | null, max: number | null, show: (n: number) => string) =>
    min === null && max === null
      ? null
      : min === null
        ? `up to ${show(max ?? 0)}`
        : max === null
          ? `from ${show(min)}`
          : `${show(min)}–${show(max)}`;
  const parts = [
    range(rate.minWeightGrams, rate.maxWeightGrams, (g) => `${g.toLocaleString('en-US')} g`),
    range(rate.minValue, rate.maxValue, (d) => `$${formatDollars(d)}`),
  ].filter((part): part is string => part !== null);
  const price = rate.price === 0 ? 'free' : `$${formatDollars(rate.price)}`;
  return `${parts.length > 0 ? parts.join(', ') : 'Any order'}: ${price}`;
}

type Confirming = { kind: 'zone'; zone: ShippingZone } | { kind: 'method'; method: ShippingMethod };

function MethodRow({
  zone,
  method,
  onEdit,
  onDelete,
}: {
  zone: ShippingZone;
  method: ShippingMethod;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const name = `${method.name} (${zone.name})`;
  return (
    <tr>
      <th scope="row">
        {method.name}
        {!method.active && <span className="badge badge-ghost ml-2">inactive</span>}
        {method.collect && <span className="badge badge-outline ml-2">collect</span>}
      </th>
      <td>{method.deliveryText}</td>
      <td>
        <ul>
          {method.rates.map((rate, i) => (
            <li key={i}>{rateText(rate)}</li>
          ))}
        </ul>
      </td>
      <td>{method.freeOver === null ? '—' : `$${formatDollars(method.freeOver)}`}</td>
      <td>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-xs" onClick={onEdit}>
            Edit {name}
          </button>
          <button type="button" className="btn btn-xs btn-outline btn-error" onClick={onDelete}>
            Delete {name}
          </button>
        </div>
      </td>
    </tr>
  );
}

function ZoneCard({
  zone,
  onConfirm,
}: {
  zone: ShippingZone;
  onConfirm: (what: Confirming) => void;
}) {
  const [editingZone, setEditingZone] = useState(false);
  /** The method being edited, 'new' while adding one, null otherwise. */
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const countries =
    zone.countries.length > 12
      ? `${zone.countries.slice(0, 12).join(', ')} and ${zone.countries.length - 12} more`
      : zone.countries.join(', ');
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      {editingZone ? (
        <ZoneForm zone={zone} onDone={() => setEditingZone(false)} />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-xl font-semibold">{zone.name}</h2>
            <p className="text-sm text-stone-600" title={zone.countries.join(', ')}>
              Countries: {countries}
            </p>
            {zone.regions.length > 0 && (
              <p className="text-sm text-stone-600">Only the regions: {zone.regions.join(', ')}</p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm" onClick={() => setEditingZone(true)}>
              Edit zone {zone.name}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline btn-error"
              onClick={() => onConfirm({ kind: 'zone', zone })}
            >
              Delete zone {zone.name}
            </button>
          </div>
        </div>
      )}
      {zone.methods.length === 0 ? (
        <p>No methods yet: the checkout cannot deliver to this zone.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">Methods of {zone.name}</caption>
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Delivery time</th>
                <th scope="col">Rates</th>
                <th scope="col">Free over</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {zone.methods.map((method) => (
                <MethodRow
                  key={method._id}
                  zone={zone}
                  method={method}
                  onEdit={() => setEditing(method._id)}
                  onDelete={() => onConfirm({ kind: 'method', method })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing === null ? (
        <button type="button" className="btn btn-sm self-start" onClick={() => setEditing('new')}>
          Add a method to {zone.name}
        </button>
      ) : (
        <MethodForm
          key={editing}
          zoneId={zone._id}
          zoneName={zone.name}
          {...(editing !== 'new' && {
            method: zone.methods.find((method) => method._id === editing),
          })}
          onDone={() => setEditing(null)}
        />
      )}
    </li>
  );
}

/** Shipping (staff): the zones with their methods; add, edit and delete with a confirmation. */
export function ShippingPage() {
  const zones = useShippingZones();
  const { deleteZone, deleteMethod } = useShippingMutations();
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const onDelete = async (what: Confirming) => {
    try {
      if (what.kind === 'zone') {
        await deleteZone.mutateAsync(what.zone._id);
        toast.success(`Zone ${what.zone.name} is deleted`);
      } else {
        await deleteMethod.mutateAsync(what.method._id);
        toast.success(`Method ${what.method.name} is deleted`);
      }
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <section className="flex max-w-5xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Shipping</h1>
      <p>
        A zone is a set of countries (optionally only some of their regions); an address is in the
        most specific zone that holds it. The checkout offers that zone&apos;s active methods whose
        rates fit the order, cheapest first. With no zone at all, delivery is free everywhere.
      </p>
      <ZoneForm />
      <QueryState
        query={zones}
        loading="Loading shipping zones"
        failed="We couldn't load the zones."
      >
        {(list) =>
          list.length === 0 ? (
            <p>No zones yet: delivery is free everywhere until you add one.</p>
          ) : (
            <ul className="flex flex-col gap-4" aria-label="Shipping zones">
              {list.map((zone) => (
                <ZoneCard key={zone._id} zone={zone} onConfirm={setConfirming} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {confirming && (
        <ConfirmDialog
          title={
            confirming.kind === 'zone'
              ? `Are you sure you want to delete the zone ${confirming.zone.name}?`
              : `Are you sure you want to delete the method ${confirming.method.name}?`
          }
          body={
            confirming.kind === 'zone'
              ? 'Its methods are deleted with it; the checkout stops delivering to its countries.'
              : 'The checkout stops offering it.'
          }
          confirmLabel="Delete"
          busy={deleteZone.isPending || deleteMethod.isPending}
          onConfirm={() => void onDelete(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
