/**
 * `GET /metrics` for Prometheus, through prom-client: requests counted and timed by route pattern,
 * method and status class, requests in flight, and prom-client's default process metrics (memory,
 * CPU, heap, event-loop lag, start time). Administrators read it on the public port; a Prometheus
 * server reads it without credentials on a private listener (METRICS_PORT, bound to METRICS_HOST,
 * 127.0.0.1 by default). Anyone else gets 404, as for an address that does not exist: the endpoint
 * is not advertised to scanners, and a signed-in user who is not an administrator learns nothing.
 * Who counts as an administrator is the caller's to say (server/app.ts passes the CMS's check), so
 * this platform module knows nothing of accounts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { logger } from "../logger.server";

export const METRICS_PATH = "/metrics";
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** Prometheus's default buckets, in seconds: from a cached page (a few ms) to a slow model call. */
export const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export interface RequestLabels {
  route: string;
  method: string;
  status: number;
}

/** Methods outside the standard few share one label, so a client cannot invent new series. */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return KNOWN_METHODS.has(upper) ? upper : "other";
}

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** One registry with the request series and, unless told otherwise, the process's default metrics. */
export class RequestMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"route" | "method" | "status_class">;
  private readonly duration: Histogram<"route" | "method" | "status_class">;
  readonly inFlight: Gauge;
  private readonly pageRenders: Counter<"renderer">;

  constructor({ processMetrics = true } = {}) {
    const labelNames = ["route", "method", "status_class"] as const;
    const registers = [this.registry];
    this.requests = new Counter({
      name: "http_requests_total",
      help: "Requests answered, by route pattern, method and status class.",
      labelNames,
      registers,
    });
    this.duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its response.",
      labelNames,
      buckets: DURATION_BUCKETS_SECONDS,
      registers,
    });
    this.inFlight = new Gauge({
      name: "http_requests_in_flight",
      help: "Requests received and not yet answered.",
      registers,
    });
    this.pageRenders = new Counter({
      name: "html_page_renders_total",
      help: "Pages rendered by React, by renderer: one_pass, or streamed for a page that waited on something.",
      labelNames: ["renderer"],
      registers,
    });
    if (processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  record({ route, method, status }: RequestLabels, seconds: number): void {
    const labels = { route, method: methodLabel(method), status_class: statusClass(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  /** One page rendered (entry.server.tsx); `streamed` climbing means the one-pass path no longer applies. */
  countPageRender(renderer: "one_pass" | "streamed"): void {
    this.pageRenders.inc({ renderer });
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}

// One registry per process (on globalThis, so a development reload keeps it): the public app and
// the private listener report the same figures.
const state = globalThis as typeof globalThis & { __requestMetrics?: RequestMetrics; __metricsListener?: http.Server };

export function requestMetrics(): RequestMetrics {
  state.__requestMetrics ??= new RequestMetrics();
  return state.__requestMetrics;
}

/**
 * Times every request from its arrival to the end of its response (or the client hanging up), and
 * counts it under the label `labelFor` gives once the status is known.
 */
export function recordRequestMetrics(
  labelFor: (req: ExpressRequest, res: ExpressResponse) => string,
  metrics: RequestMetrics = requestMetrics(),
): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    metrics.inFlight.inc();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      metrics.inFlight.dec();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      try {
        metrics.record({ route: labelFor(req, res), method: req.method, status: res.statusCode }, seconds);
      } catch (error) {
        logger.warn({ err: error }, "could not record a request in the metrics");
      }
    };
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
}

async function sendMetrics(res: ExpressResponse | http.ServerResponse): Promise<void> {
  try {
    const text = await requestMetrics().render();
    res.statusCode = 200;
    res.setHeader("Content-Type", METRICS_CONTENT_TYPE);
    res.setHeader("Cache-Control", "no-store");
    res.end(text);
  } catch (error) {
    logger.error({ err: error }, "could not render the metrics");
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/plain");
    res.end("Metrics unavailable");
  }
}

/** Whether a request may read the metrics; if not, what it is told (nothing: as if not there). */
export type MetricsAccess = { allowed: true } | { allowed: false; reason: string | null };

/**
 * `GET /metrics` on the public port: only requests `access` allows (administrators). One refused
 * with a reason gets 403 and the reason; others 404, so the address does not admit it exists.
 */
export function adminMetricsEndpoint(access: (req: ExpressRequest) => Promise<MetricsAccess>): RequestHandler {
  return async (req, res) => {
    const answer = await access(req);
    if (!answer.allowed) {
      const [status, text] = answer.reason ? [403, answer.reason] : [404, "Not found"];
      res.status(status).setHeader("Cache-Control", "no-store").type("text/plain").send(text);
      return;
    }
    await sendMetrics(res);
  };
}

/**
 * A listener of its own for Prometheus, which needs no credentials: it must be reachable only from
 * the monitoring network, hence 127.0.0.1 unless METRICS_HOST says otherwise. It answers GET
 * /metrics and nothing else. Returns the port it listens on (useful when `port` is 0).
 */
export async function startMetricsListener(port: number, host: string): Promise<number> {
  await stopMetricsListener();
  requestMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path === METRICS_PATH && (req.method === "GET" || req.method === "HEAD")) {
      void sendMetrics(res);
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host }, resolve);
  });
  state.__metricsListener = server;
  const actualPort = (server.address() as AddressInfo).port;
  logger.info({ host, port: actualPort }, `metrics for Prometheus on http://${host}:${actualPort}${METRICS_PATH}`);
  return actualPort;
}

export async function stopMetricsListener(): Promise<void> {
  const server = state.__metricsListener;
  state.__metricsListener = undefined;
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
