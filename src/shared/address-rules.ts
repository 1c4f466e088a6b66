import type { PostalAddress } from './postal-address.ts';

// Per-country address rules (issue 35): postal code formats and region lists, the same for the
// browser and the server. (Filled in by the addresses work: US, CA, GB, DE, FR, AU at least.)

export interface AddressProblem {
  field: keyof PostalAddress;
  message: string;
}

/** What is wrong with an address for its country (empty: it is valid). */
export function addressProblems(address: PostalAddress): AddressProblem[] {
  return /^[A-Z]{2}$/.test(address.country)
    ? []
    : [{ field: 'country', message: 'Country must be a two-letter code' }];
}
