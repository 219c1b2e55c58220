// JSON answers that the /v1 dispatcher writes as they are. A route handler returns a web Response
// (Next.js calls the same handlers), and reading its body back through the Response's stream cost
// the dispatcher two stream reads per request: the text is kept beside the Response instead.

const texts = new WeakMap<Response, string>();

/** `Response.json(data, init)`, its text kept for `jsonTextOf`. */
export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(data);
  if (text === undefined) throw new TypeError("jsonResponse: the value has no JSON form");
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  const response = new Response(text, { ...init, headers });
  texts.set(response, text);
  return response;
}

/** The body of a Response made by `jsonResponse`, or undefined for any other. */
export function jsonTextOf(response: Response): string | undefined {
  return texts.get(response);
}
