import { useId } from 'react';
import type { SavedAddress } from '../../shared/address.ts';
import { useSavedAddresses } from '../api/addresses.ts';

/** One option's words: the address, and the phone when there is one. */
function describe({ address, phone }: SavedAddress): string {
  return phone ? `${address} (${phone})` : address;
}

/**
 * "Saved address": picks one of the account's saved addresses to fill the form's address and
 * phone (which stay editable). Shown only when the account has any; a failed load just leaves it
 * out, since typing the address still works.
 */
export function SavedAddressSelect({ onPick }: { onPick: (address: SavedAddress) => void }) {
  const id = useId();
  const addresses = useSavedAddresses().data ?? [];
  if (addresses.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        Saved address
      </label>
      <select
        id={id}
        className="select w-full"
        defaultValue=""
        onChange={(event) => {
          const picked = addresses.find((address) => address._id === event.target.value);
          if (picked) onPick(picked);
        }}
      >
        <option value="" disabled>
          Choose a saved address
        </option>
        {addresses.map((address) => (
          <option key={address._id} value={address._id}>
            {describe(address)}
          </option>
        ))}
      </select>
    </div>
  );
}
