// JSON answers, cheap to make and to write. A route handler returns a web Response (Next.js calls
// the same handlers), and undici's Response turns a string body into a ReadableStream at once:
// that alone cost about 20 µs per answer, more than the rest of the Response (measured, Node 20).
// A JsonResponse is a real Response (instanceof, status, headers) made without a body; it keeps
// its text, and makes the stream only when somebody reads the body (Next.js, a test). The /v1
// dispatcher never does: it writes the text as it is (jsonTextOf).

class JsonResponse extends Response {
  readonly #text: string;
  /** the body, made on first read: every body member answers from it, so they agree (bodyUsed, one read) */
  #full: Response | undefined;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this.#text = text;
  }

  static textOf(response: Response): string | undefined {
    return #text in response ? response.#text : undefined;
  }

  #body(): Response {
    return (this.#full ??= new Response(this.#text));
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#body().body;
  }
  override get bodyUsed(): boolean {
    return this.#full?.bodyUsed ?? false;
  }
  override text(): Promise<string> {
    return this.#body().text();
  }
  override json(): Promise<unknown> {
    return this.#body().json();
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#body().arrayBuffer();
  }
  override blob(): Promise<Blob> {
    return this.#body().blob();
  }
  override formData(): Promise<FormData> {
    return this.#body().formData();
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#body().bytes();
  }
  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: the body has already been read");
    return new JsonResponse(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/** Copied into each answer's own Headers by the Response constructor (never shared, never changed). */
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ "content-type": "application/json" });

/** `Response.json(data, init)`, as a JsonResponse. */
export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(data);
  if (text === undefined) throw new TypeError("jsonResponse: the value has no JSON form");
  if (!init.headers) return new JsonResponse(text, { ...init, headers: JSON_HEADERS });
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  return new JsonResponse(text, { ...init, headers });
}

/** The body of a Response made by `jsonResponse` (as long as nobody read it), or undefined for any other. */
export function jsonTextOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : JsonResponse.textOf(response);
}
