import { describe, expect, it } from 'vitest';
import { REFUND_PERMISSION } from '../../../shared/aftersale.ts';
import { permissionsOf, type MyPermissions } from '../../../shared/permissions.ts';
import { allows, mayOpen } from './permissions.ts';

const as = (role: string): MyPermissions => ({
  role,
  permissions: [...permissionsOf(role)],
  twoFactorEnabled: true,
  twoFactorRequired: false,
  sessionCodeRequired: false,
});

describe('allows', () => {
  it('lets each role take only its own actions: the warehouse handles returns, never refunds', () => {
    expect(allows(as('warehouse'), 'orders.fulfil')).toBe(true);
    expect(allows(as('warehouse'), REFUND_PERMISSION)).toBe(false);
    expect(allows(as('catalogue'), 'orders.fulfil')).toBe(false);
    expect(allows(as('admin'), REFUND_PERMISSION)).toBe(true);
    expect(allows(as('user'), 'orders.view')).toBe(false);
  });

  it('allows nothing while the permissions are not known', () => {
    expect(allows(undefined, 'orders.view')).toBe(false);
  });

  it('opens the Returns page to the warehouse (orders.view)', () => {
    expect(mayOpen(as('warehouse'), 'returns')).toBe(true);
    expect(mayOpen(as('catalogue'), 'returns')).toBe(false);
  });
});
