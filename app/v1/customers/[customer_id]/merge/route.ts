import { mergeCustomers } from "@/lib/customers/change-customers";
import { presentCustomer } from "@/lib/customers/present";
import { customerPayments } from "@/lib/customers/queries";
import { customerOperations as op } from "@/lib/customers/schemas";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// POST /v1/customers/{customer_id}/merge — another record of the same person merged into this one
export const POST = route(op.merge, async ({ auth, params, body }) => {
  const customer = await mergeCustomers(auth, params.customer_id, body.customer_id);
  return presentCustomer(customer, await customerPayments(customer.id));
});

// OPTIONS /v1/customers/{customer_id}/merge — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(POST);

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
