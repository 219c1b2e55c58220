import { updateCustomer } from "@/lib/customers/change-customers";
import { presentCustomer } from "@/lib/customers/present";
import { customerPayments, getCustomerOrThrow } from "@/lib/customers/queries";
import { customerOperations as op } from "@/lib/customers/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/customers/{customer_id} — one customer: whole number, totals, payments
export const GET = route(op.get, async ({ auth, params }) => {
  const customer = await getCustomerOrThrow(auth, params.customer_id);
  return presentCustomer(customer, await customerPayments(customer.id));
});

// PATCH /v1/customers/{customer_id} — its name or e-mail
export const PATCH = route(op.update, async ({ auth, params, body }) => {
  const customer = await updateCustomer(auth, params.customer_id, body);
  return presentCustomer(customer, await customerPayments(customer.id));
});

// OPTIONS /v1/customers/{customer_id} — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, PATCH);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as DELETE };
