import { useId } from 'react';
import type { SavedAddress } from '../../shared/address.ts';
import { useCompanyAddresses, useSavedAddresses } from '../api/addresses.ts';

/** One option's words: the address, and the phone when there is one. */
function describe({ address, phone }: SavedAddress): string {
  return phone ? `${address} (${phone})` : address;
}

/**
 * "Saved address": picks one of the account's saved addresses, or of its company's delivery
 * addresses (issue 37), to fill the form's address and phone (which stay editable). Shown only
 * when there is any; a failed load just leaves it out, since typing the address still works.
 */
export function SavedAddressSelect({ onPick }: { onPick: (address: SavedAddress) => void }) {
  const id = useId();
  const own = useSavedAddresses().data ?? [];
  const shared = useCompanyAddresses().data ?? [];
  const addresses = [...own, ...shared];
  if (addresses.length === 0) return null;
  const option = (address: SavedAddress) => (
    <option key={address._id} value={address._id}>
      {describe(address)}
    </option>
  );
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
        {own.map(option)}
        {shared.length > 0 && <optgroup label="Company addresses">{shared.map(option)}</optgroup>}
      </select>
    </div>
  );
}
