// The face of modules/approvals (issue 37, docs/decisions/059): approvers and admins of a company
// approve or reject its members' checkouts placed above their spending limits, and see the
// company's orders.
export { approvalsRoutes } from './approvals.routes.ts';
