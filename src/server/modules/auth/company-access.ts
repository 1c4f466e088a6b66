import { createAccessControl } from 'better-auth/plugins/access';
import type { CompanyRole } from '../../../shared/companies.ts';
import { pageRoutes } from '../../../shared/page-routes.ts';
import type { MailMessage } from '../mail/index.ts';

// What each role of a company may do in better-auth's organization plugin (issue 37, ADR 059).
// The plugin checks these on its own server API; modules/companies checks the shop's rules first
// (its admins manage members and invitations), so both agree.

const statements = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
} as const;

export const COMPANY_ACCESS = createAccessControl(statements);

export const COMPANY_ROLE_GRANTS: Record<CompanyRole, ReturnType<typeof COMPANY_ACCESS.newRole>> = {
  admin: COMPANY_ACCESS.newRole({
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
  }),
  approver: COMPANY_ACCESS.newRole({}),
  buyer: COMPANY_ACCESS.newRole({}),
};

/** The page an invitation's link opens (src/shared/page-routes.ts `companyInvitation`). */
export const invitationUrl = (publicUrl: string, companyId: string, invitationId: string) =>
  new URL(pageRoutes.companyInvitation.href({ companyId, invitationId }), publicUrl).toString();

const ROLE_NAMES: Record<string, string> = {
  admin: 'a company admin',
  approver: 'an approver',
  buyer: 'a buyer',
};

/** The mail of an invitation, with its link. */
export function invitationMail(
  publicUrl: string,
  data: {
    id: string;
    email: string;
    role: string;
    organization: { id: string; name: string };
    inviter: { user: { name: string; email: string } };
  },
): MailMessage {
  const url = invitationUrl(publicUrl, data.organization.id, data.id);
  const role = ROLE_NAMES[data.role] ?? data.role;
  return {
    to: data.email,
    subject: `Join ${data.organization.name} on Toolhouse`,
    text: `Hello,\n\n${data.inviter.user.name} (${data.inviter.user.email}) invites you to join ${data.organization.name} on Toolhouse as ${role}.\n\nOpen this link within 7 days to accept the invitation (sign in or register with this email address first):\n\n${url}\n\nIf you do not know this company, ignore this message.\n`,
  };
}
