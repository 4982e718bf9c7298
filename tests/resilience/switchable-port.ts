/**
 * An outside service's address that the run can take down and bring back: a loopback port that,
 * while "up", forwards every connection to the real (loopback) server behind it, and while "down"
 * is not listening at all, so the app meets exactly what it meets when a service is unreachable:
 * connection refused. Taking it down also cuts the connections already open.
 */
import net from "node:net";
import { freePort } from "../support/free-port";
import { onCleanup } from "../support/cleanup";

export interface SwitchablePort {
  port: number;
  readonly isUp: boolean;
  up(): Promise<void>;
  down(): Promise<void>;
}

/** Starts down: the service is unreachable until `up()`. */
export async function switchablePort(targetPort: number): Promise<SwitchablePort> {
  const port = await freePort();
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  const down = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  onCleanup(down);

  return {
    port,
    get isUp() {
      return server !== undefined;
    },
    async up() {
      if (server) return;
      const next = net.createServer((incoming) => {
        const outgoing = net.connect(targetPort, "127.0.0.1");
        track(incoming);
        track(outgoing);
        incoming.on("close", () => outgoing.destroy());
        outgoing.on("close", () => incoming.destroy());
        incoming.pipe(outgoing).pipe(incoming);
      });
      await new Promise<void>((resolve, reject) => {
        next.once("error", reject);
        next.listen(port, "127.0.0.1", () => resolve());
      });
      server = next;
    },
    down,
  };
}
