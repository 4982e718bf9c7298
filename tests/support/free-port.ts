/**
 * A free loopback port for a server a harness starts (`npm run bench`, `npm run test:resilience`).
 */
import net from "node:net";

/** Asks the OS for a port nobody uses; the tiny race until a server binds it is acceptable here. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
