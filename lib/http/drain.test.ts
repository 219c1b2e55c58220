import type http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { drainHttp, requestsInFlight } from "./drain";
import { createNodeServer } from "./node-server";

// What the server's connections see when the process stops (SIGTERM: lib/server/shutdown.ts calls
// drainHttp). One drain per process, so one test: servers of several kinds, each with clients in a
// given state at the signal, and what each client saw. Clients are raw sockets, so that a clean
// close (FIN) is told apart from a reset (RST). e2e/server/lifecycle.spec.ts does the same to
// `npm start` from other processes.

type Seen = { data: string; ended: boolean; error: string | null; closed: Promise<void> };

/** A kept-alive raw connection that records every byte, whether it ended cleanly, and any error. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const seen: Omit<Seen, "closed"> = { data: "", ended: false, error: null };
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (seen.data += chunk));
  socket.on("end", () => (seen.ended = true));
  socket.on("error", (error: NodeJS.ErrnoException) => (seen.error = error.code ?? error.message));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const request = (path: string) => socket.write(`POST ${path} HTTP/1.1\r\nhost: kola.test\r\ncontent-length: 2\r\n\r\n{}`);
  const answers = () => (seen.data.match(/HTTP\/1\.1 \d+/g) ?? []).length;
  return { socket, seen, closed, request, answers, result: (): Omit<Seen, "closed"> => ({ ...seen }) };
}

/** A server whose every request is counted as done before it is answered, once `ready` settles. */
async function serve(ready: () => Promise<unknown>) {
  const done: string[] = [];
  const server = createNodeServer({
    dispatcher: null,
    fallback: async (req: http.IncomingMessage, res: http.ServerResponse) => {
      for await (const chunk of req) void chunk;
      await ready();
      done.push(req.url!);
      res.writeHead(200, { "content-type": "text/plain", "content-length": 2 }).end("ok");
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as net.AddressInfo).port, done };
}

describe("drainHttp, at the signal", () => {
  it("ends idle connections cleanly, finishes requests in flight with Connection: close, drops requests sent after, resets no one", async () => {
    // a loaded CI machine can take more than expect.poll's default second to answer 20 clients
    const until = <T>(read: () => T) => expect.poll(read, { timeout: 10_000, interval: 10 });
    const after = (ms: number) => () => new Promise((resolve) => setTimeout(resolve, ms));
    // the in-flight request is held until the signal, not for a time a loaded machine can outrun
    let signalled!: () => void;
    const signal = new Promise<void>((resolve) => (signalled = resolve));
    const quick = await serve(after(5));
    const slow = await serve(() => signal.then(after(300)));
    const stuck = await serve(after(60_000));

    // idle: a kept-alive connection that had one answer and now waits
    const idle = await connect(quick.port);
    idle.request("/idle-1");
    await until(() => idle.answers()).toBe(1);
    // in flight: its request is being answered when the signal comes
    const inFlight = await connect(slow.port);
    inFlight.request("/in-flight");
    await until(() => requestsInFlight()).toBe(1);
    // racing: idle, then sends a request right at the signal, before it could see the server's FIN
    const racing = await Promise.all(Array.from({ length: 20 }, () => connect(quick.port)));
    racing.forEach((client, i) => client.request(`/before-${i}`));
    await until(() => racing.every((client) => client.answers() === 1)).toBe(true);
    // stuck: a request that outlives the drain time
    const cut = await connect(stuck.port);
    cut.request("/stuck");
    await until(() => requestsInFlight()).toBe(2);

    // half send just before the signal (in the server's socket buffer, unread when it comes: the
    // request a reset would lose), half just after
    racing.slice(0, 10).forEach((client, i) => client.request(`/after-${i}`));
    const drained = drainHttp(1_500);
    signalled();
    racing.slice(10).forEach((client, i) => client.request(`/after-${i + 10}`));

    expect(await drained).toEqual({ cut: 1 });
    await Promise.all([idle, inFlight, cut, ...racing].map((client) => client.closed));

    expect(idle.result()).toEqual({ data: expect.stringMatching(/^HTTP\/1\.1 200 OK\r\n/), ended: true, error: null });
    expect(inFlight.result()).toEqual({ data: expect.stringMatching(/^HTTP\/1\.1 200 OK\r\n[^]*connection: close\r\n[^]*\r\n\r\nok$/i), ended: true, error: null });
    expect(slow.done).toEqual(["/in-flight"]);
    // each request sent after the signal was either dropped unread (the client saw a clean close
    // and no answer) or done and answered with Connection: close; never done without an answer
    for (const [i, client] of racing.entries()) {
      const answered = client.answers() === 2;
      expect({ ended: client.seen.ended, error: client.seen.error }).toEqual({ ended: true, error: null });
      expect(quick.done.includes(`/after-${i}`)).toBe(answered);
      if (answered) expect(client.seen.data.split("HTTP/1.1")[2]).toMatch(/connection: close/i);
    }
    expect(cut.seen.data).toBe("");
    // no new connection is accepted
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(quick.port, "127.0.0.1");
      socket.once("connect", () => resolve("accepted"));
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });
});
