import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PostalAddress } from '../../shared/postal-address.ts';
import { austinAddress } from '../test/fixtures.ts';
import { AddressForm, emptyAddress } from './address-form.tsx';

let latest: PostalAddress = emptyAddress();

function Harness({ initial = emptyAddress(), showAllErrors = false }) {
  const [address, setAddress] = useState(initial);
  return (
    <AddressForm
      value={address}
      onChange={(next) => {
        latest = next;
        setAddress(next);
      }}
      showAllErrors={showAllErrors}
    />
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

describe('AddressForm', () => {
  it('shows every field with its visible label, the US first with its states', () => {
    render(<Harness />);
    for (const label of [
      'Name',
      'Company',
      'Address',
      'Address line 2',
      'City',
      'Region',
      'Postal code',
      'Country',
      'Phone',
    ])
      expect(field(label)).toBeVisible();
    expect(field('Country')).toHaveValue('US');
    expect(screen.getByRole('option', { name: 'United States' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Germany' })).toBeInTheDocument();
    // The US: Region is a list of its states, named "State" in the hint.
    const region = field('Region');
    expect(region.tagName).toBe('SELECT');
    expect(within(region).getByRole('option', { name: 'Texas' })).toBeInTheDocument();
    expect(within(region).getByRole('option', { name: 'Puerto Rico' })).toBeInTheDocument();
    expect(within(region).getAllByRole('option')).toHaveLength(53);
    expect(region).toHaveAccessibleDescription('State');
    expect(field('Postal code')).toHaveAccessibleDescription(
      'ZIP code. For example 12345 or 12345-6789',
    );
    // Nothing is called wrong before it was touched.
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
  });

  it('checks the postal code and the state live with the country’s rules', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.type(field('Postal code'), '7870');
    expect(field('Postal code')).toHaveAccessibleDescription(
      expect.stringContaining('Postal code must look like 12345 or 12345-6789'),
    );
    expect(field('Postal code')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Postal code'), '1');
    expect(
      screen.queryByText('Postal code must look like 12345 or 12345-6789'),
    ).not.toBeInTheDocument();

    // Leaving the state empty says so once the field was left.
    await user.click(field('Region'));
    await user.tab();
    expect(field('Region')).toHaveAccessibleDescription('State Choose a state');
    await user.selectOptions(field('Region'), 'Texas');
    expect(field('Region')).toHaveAccessibleDescription('State');
    expect(latest).toMatchObject({ region: 'TX', postalCode: '78701', country: 'US' });
  });

  it('follows the country: provinces for Canada, a free region and a free postal code elsewhere', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.selectOptions(field('Region'), 'Texas');

    await user.selectOptions(field('Country'), 'Canada');
    // Texas is no province: the region is chosen again.
    expect(field('Region')).toHaveValue('');
    expect(within(field('Region')).getByRole('option', { name: 'Ontario' })).toBeInTheDocument();
    expect(field('Region')).toHaveAccessibleDescription(
      expect.stringContaining('Choose a province or territory'),
    );
    await user.type(field('Postal code'), 'K1A');
    expect(screen.getByText('Postal code must look like A1A 1A1')).toBeInTheDocument();

    await user.selectOptions(field('Country'), 'Germany');
    expect(screen.getByText('Postal code must be 5 digits')).toBeInTheDocument();
    // Germany's Länder are offered but optional.
    expect(field('Region')).toHaveAccessibleDescription('State, optional');
    expect(field('Region')).not.toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(field('Country'), 'Japan');
    expect(field('Region').tagName).toBe('INPUT');
    expect(screen.queryByText(/Postal code must/)).not.toBeInTheDocument();
    await user.type(field('Region'), 'Tokyo');
    expect(latest).toMatchObject({ country: 'JP', region: 'Tokyo', postalCode: 'K1A' });
  });

  it('names every missing field after a submit', () => {
    render(<Harness showAllErrors />);
    expect(field('Address')).toHaveAccessibleDescription('Address is required');
    expect(field('City')).toHaveAccessibleDescription('City is required');
    expect(field('Region')).toHaveAccessibleDescription('State Choose a state');
    expect(field('Postal code')).toHaveAccessibleDescription(
      expect.stringContaining('Postal code is required'),
    );
    // Optional ones say nothing.
    expect(field('Company')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Address line 2')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('is filled in by keyboard alone, in reading order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(field('Name'));
    await user.keyboard('Ada Lovelace');
    await user.tab();
    expect(field('Company')).toHaveFocus();
    await user.tab();
    await user.keyboard('1 Main Street');
    await user.tab();
    await user.tab();
    await user.keyboard('Austin');
    await user.tab();
    expect(field('Region')).toHaveFocus();
    await user.selectOptions(field('Region'), 'TX');
    await user.tab();
    await user.keyboard('78701');
    await user.tab();
    expect(field('Country')).toHaveFocus();
    await user.tab();
    await user.keyboard('+1 512 555 0100');
    expect(latest).toEqual(austinAddress('Ada Lovelace'));
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });
});
