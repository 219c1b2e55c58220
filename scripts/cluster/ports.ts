import net from "node:net";

export { freePort } from "../../e2e/support/kola-server";

/** Waits until something accepts TCP connections on 127.0.0.1:`port`, or `isDead()` says it never will. */
export async function waitForPort(port: number, what: string, isDead: () => string | null, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(port))) {
    const dead = isDead();
    if (dead) throw new Error(`${what} exited: ${dead}`);
    if (Date.now() > deadline) throw new Error(`${what} did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}
