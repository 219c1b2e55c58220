import { createCustomer } from "@/lib/customers/change-customers";
import { presentCustomer, presentCustomerSummary } from "@/lib/customers/present";
import { listCustomers } from "@/lib/customers/queries";
import { customerOperations as op } from "@/lib/customers/schemas";
import { listResponse } from "@/lib/http/pagination";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/customers — the caller's customer book, newest first, numbers masked; `q` searches it
export const GET = route(op.list, async (ctx) => listResponse(ctx, (page) => listCustomers(ctx.auth, page), presentCustomerSummary));

// POST /v1/customers — add a customer by hand
export const POST = route(op.create, async ({ auth, body }) => presentCustomer(await createCustomer(auth, body), []));

// OPTIONS /v1/customers — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET, POST);

export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
