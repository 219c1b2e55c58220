import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { Readable } from "node:stream";

// The Request the /v1 dispatcher (./dispatch.ts) hands a route handler. undici's Request costs
// about 7 µs to make on top of its headers (an AbortSignal made transferable, the URL parsed, the
// headers copied), and a body read through Readable.toWeb costs a web stream and a promise per
// chunk: measured, that was a tenth of a GET's CPU. Route code reads a request's method, url,
// headers and body (./body.ts), so those are plain here, and the body is read straight from Node's
// stream. Anything else a handler might touch (signal, clone(), formData(), …) answers from a real
// Request made on first use with the same method, URL, headers and body, so it behaves the same.

const incomingBodies = new WeakMap<object, IncomingMessage>();

/**
 * The request's headers as route code reads them: `get` and `has` answer from Node's own header
 * object (names already lower case, repeated values joined by ", " as Headers joins them), so no
 * undici Headers is filled for a request that only asks for a few (a GET reads 4 of ~10; filling
 * one was about 3 % of a GET's CPU profile). Anything else (iteration, set, append, delete,
 * getSetCookie) makes the real Headers once and answers from it from then on.
 */
class NodeHeaders {
  readonly #raw: IncomingHttpHeaders;
  #full: Headers | undefined;

  constructor(raw: IncomingHttpHeaders) {
    this.#raw = raw;
  }

  #headers(): Headers {
    if (!this.#full) {
      const headers = new Headers();
      for (const name in this.#raw) {
        const value = this.#raw[name];
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const one of value) headers.append(name, one);
        else headers.set(name, value);
      }
      this.#full = headers;
    }
    return this.#full;
  }

  get(name: string): string | null {
    if (this.#full) return this.#full.get(name);
    const value = this.#raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }
  has(name: string): boolean {
    return this.#full ? this.#full.has(name) : this.#raw[name.toLowerCase()] !== undefined;
  }
  set(name: string, value: string): void {
    this.#headers().set(name, value);
  }
  append(name: string, value: string): void {
    this.#headers().append(name, value);
  }
  delete(name: string): void {
    this.#headers().delete(name);
  }
  getSetCookie(): string[] {
    return this.#headers().getSetCookie();
  }
  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    this.#headers().forEach(callback, thisArg);
  }
  entries() {
    return this.#headers().entries();
  }
  keys() {
    return this.#headers().keys();
  }
  values() {
    return this.#headers().values();
  }
  [Symbol.iterator]() {
    return this.#headers()[Symbol.iterator]();
  }
  get [Symbol.toStringTag]() {
    return "Headers";
  }
}

/** Node's request headers as a Headers (see NodeHeaders): read from Node's object until something needs more. */
export function nodeHeaders(raw: IncomingHttpHeaders): Headers {
  return new NodeHeaders(raw) as unknown as Headers;
}

class NodeRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly #incoming: IncomingMessage;
  /** the body, once read by readIncomingBody */
  #bytes: Buffer | undefined;
  #fetchRequest: Request | undefined;

  constructor(incoming: IncomingMessage, url: string, headers: Headers) {
    this.method = incoming.method!;
    this.url = url;
    this.headers = headers;
    this.#incoming = incoming;
    if (this.method !== "GET" && this.method !== "HEAD") incomingBodies.set(this, incoming);
  }

  /** readIncomingBody's bytes are kept: a later `body`, `text()`, … reads them again. */
  keep(bytes: Buffer): void {
    this.#bytes = bytes;
  }

  #request(): Request {
    if (!this.#fetchRequest) {
      incomingBodies.delete(this); // its body is the fetch Request's from now on
      const bodyless = this.method === "GET" || this.method === "HEAD";
      const body = bodyless ? null : (this.#bytes ?? (Readable.toWeb(this.#incoming) as ReadableStream<Uint8Array>));
      this.#fetchRequest = new Request(this.url, { method: this.method, headers: this.headers, body, duplex: "half" } as RequestInit);
    }
    return this.#fetchRequest;
  }

  get body() {
    return this.#request().body;
  }
  get bodyUsed() {
    return this.#fetchRequest?.bodyUsed ?? false;
  }
  get signal() {
    return this.#request().signal;
  }
  get cache() {
    return this.#request().cache;
  }
  get credentials() {
    return this.#request().credentials;
  }
  get destination() {
    return this.#request().destination;
  }
  get integrity() {
    return this.#request().integrity;
  }
  get keepalive() {
    return this.#request().keepalive;
  }
  get mode() {
    return this.#request().mode;
  }
  get redirect() {
    return this.#request().redirect;
  }
  get referrer() {
    return this.#request().referrer;
  }
  get referrerPolicy() {
    return this.#request().referrerPolicy;
  }
  arrayBuffer() {
    return this.#request().arrayBuffer();
  }
  blob() {
    return this.#request().blob();
  }
  bytes() {
    return this.#request().bytes();
  }
  formData() {
    return this.#request().formData();
  }
  json() {
    return this.#request().json();
  }
  text() {
    return this.#request().text();
  }
  clone() {
    return this.#request().clone();
  }
}

/** A Request for a route handler, made from Node's request: `url` is the whole URL, `headers` its headers. */
export function nodeRequest(incoming: IncomingMessage, url: string, headers: Headers): Request {
  return new NodeRequest(incoming, url, headers) as unknown as Request;
}

/**
 * Reads a request made by `nodeRequest` straight from Node's stream: at most `max` bytes, else
 * `tooLarge()` is thrown and reading stops (the dispatcher then closes the connection after its
 * answer). Returns undefined for any other request, or one whose body was already touched.
 */
export function readIncomingBody(req: Request, max: number, tooLarge: () => Error): Promise<Buffer> | undefined {
  const incoming = incomingBodies.get(req);
  if (!incoming) return undefined;
  incomingBodies.delete(req);
  if (incoming.destroyed) return Promise.reject(new Error("the client went away before its request body ended"));
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error: Error | null) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (error) {
        incoming.pause();
        reject(error);
        return;
      }
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      (req as unknown as NodeRequest).keep(bytes);
      resolve(bytes);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) done(tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => done(null);
    const onError = (error: Error) => done(error);
    const onClose = () => done(new Error("the client went away before its request body ended"));
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}
