import { authorize, holdCaller } from "@/lib/accounts/authenticate";
import { createRoute } from "@/lib/http/route";

// The API's route wrapper: lib/http's edge and validation with the accounts' authenticator
// (an api-key header or the dashboard's session) and the role each operation needs, checked here
// once for every route, and again, held, inside the transaction of every change (holdCaller). Route
// files import `route` from here.
export const route = createRoute(authorize, holdCaller);

export { methodNotAllowed, notFound, preflight } from "@/lib/http/route";
