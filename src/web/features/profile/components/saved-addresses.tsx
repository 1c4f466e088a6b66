import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { addressFieldErrors, countryName, regionName } from '../../../../shared/address-rules.ts';
import { ADDRESS_SAVED_MESSAGE, type SavedAddress } from '../../../../shared/address.ts';
import type { PostalAddress } from '../../../../shared/postal-address.ts';
import { useDeleteAddress, useSaveAddress, useSavedAddresses } from '../../../api/addresses.ts';
import { addressErrorsFrom, AddressForm, emptyAddress } from '../../../components/address-form.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';

/** How a saved address reads in the list: its lines, a structured one with its place's names. */
function describe(saved: SavedAddress): string[] {
  const postal = saved.postal;
  if (!postal) return [saved.address, saved.phone].filter(Boolean);
  const place = [postal.city, regionName(postal.country, postal.region), postal.postalCode]
    .filter(Boolean)
    .join(', ');
  return [
    postal.name,
    postal.company,
    postal.line1,
    postal.line2,
    place,
    countryName(postal.country),
    postal.phone,
  ].filter(Boolean);
}

function NewAddressForm({ onDone }: { onDone: () => void }) {
  const user = useSignedInUser();
  const save = useSaveAddress();
  const [address, setAddress] = useState<PostalAddress>(() => ({
    ...emptyAddress(),
    name: user.name,
  }));
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState({});

  const submit = async () => {
    if (Object.keys(addressFieldErrors(address)).length > 0) {
      setShowAllErrors(true);
      return;
    }
    try {
      await save.mutateAsync(address);
    } catch (error) {
      const fields = addressErrorsFrom(error);
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(getErrorMessage(error));
      return;
    }
    toast.success(ADDRESS_SAVED_MESSAGE);
    onDone();
  };

  return (
    <form
      noValidate
      aria-label="New address"
      className="flex flex-col gap-5 rounded-box border border-base-300 p-4"
      onSubmit={formSubmitHandler(async (event) => {
        event?.preventDefault();
        await submit();
      })}
    >
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
        <SubmitButton pending={save.isPending}>Save address</SubmitButton>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** My Profile's saved addresses (issue 35): the list, Delete, and a new structured one. */
export function SavedAddresses() {
  const addresses = useSavedAddresses();
  const remove = useDeleteAddress();
  const [adding, setAdding] = useState(false);
  const list = addresses.data ?? [];

  return (
    <section aria-labelledby="saved-addresses-heading" className="flex flex-col gap-4">
      <h2 id="saved-addresses-heading" className="text-2xl font-bold">
        Saved addresses
      </h2>
      {addresses.isSuccess && list.length === 0 && <p>No saved addresses yet.</p>}
      {list.length > 0 && (
        <ul className="flex flex-col gap-3">
          {list.map((saved) => {
            const lines = describe(saved);
            return (
              <li
                key={saved._id}
                aria-label={saved.address}
                className="flex flex-wrap items-start justify-between gap-3 rounded-box border border-base-300 p-4"
              >
                <address className="not-italic">
                  {lines.map((line, index) => (
                    <span key={index} className="block">
                      {line}
                    </span>
                  ))}
                </address>
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={`Delete ${saved.address}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(saved._id, {
                      onError: (error) => toast.error(getErrorMessage(error)),
                    })
                  }
                >
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {adding ? (
        <NewAddressForm onDone={() => setAdding(false)} />
      ) : (
        <button type="button" className="btn self-start" onClick={() => setAdding(true)}>
          Add an address
        </button>
      )}
    </section>
  );
}
