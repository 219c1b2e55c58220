import { buildOpenApiDocument, openApiOperation } from "@/lib/api/openapi";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/openapi.json — the OpenAPI 3.1 document of the API, generated from its zod schemas
export const GET = route(openApiOperation, async () => buildOpenApiDocument());

// OPTIONS /v1/openapi.json — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
