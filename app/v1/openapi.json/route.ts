import { buildOpenApiDocument, openApiOperation } from "@/lib/api/openapi";
import { methodNotAllowed, preflight, route } from "@/lib/api/route";

// GET /v1/openapi.json — the OpenAPI 3.1 document of the API, generated from its zod schemas (?lang=fr: in French where written)
export const GET = route(openApiOperation, async ({ query }) => buildOpenApiDocument(query.lang));

// OPTIONS /v1/openapi.json — the methods above, to CORS preflight requests too
export const OPTIONS = preflight(GET);

export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
