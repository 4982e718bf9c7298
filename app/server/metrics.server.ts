/**
 * `GET /metrics` in Prometheus's text exposition format (version 0.0.4): requests counted and
 * timed by route pattern, method and status class, and the process's memory, CPU and event-loop
 * delay. Administrators read it on the public port; a Prometheus server reads it without
 * credentials on a private listener (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by default).
 * Anyone else gets 404, as for an address that does not exist: the endpoint is not advertised to
 * scanners, and a signed-in user who is not an administrator learns nothing more.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { getCurrentUser, isAdmin } from "./auth/guards.server";
import { logger } from "./logger.server";

export const METRICS_PATH = "/metrics";
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** Prometheus's default buckets, in seconds: from a cached page (a few ms) to a slow model call. */
export const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export interface RequestLabels {
  route: string;
  method: string;
  status: number;
}

interface Series {
  labels: string;
  count: number;
  sum: number;
  /** Per bucket, the requests that took at most its bound (cumulative, as the format wants). */
  buckets: number[];
}

/** Label values may hold any text; the format escapes backslash, double quote and line feed. */
function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

function labelSet(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([name, value]) => `${name}="${escapeLabelValue(value)}"`)
    .join(",");
}

/** Methods outside the standard few share one label, so a client cannot invent new series. */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return KNOWN_METHODS.has(upper) ? upper : "other";
}

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** The request counters and duration histogram of this process. */
export class RequestMetrics {
  private readonly series = new Map<string, Series>();
  inFlight = 0;

  record({ route, method, status }: RequestLabels, seconds: number): void {
    const labels = labelSet({ route, method: methodLabel(method), status_class: statusClass(status) });
    let series = this.series.get(labels);
    if (!series) {
      series = { labels, count: 0, sum: 0, buckets: DURATION_BUCKETS_SECONDS.map(() => 0) };
      this.series.set(labels, series);
    }
    series.count += 1;
    series.sum += seconds;
    DURATION_BUCKETS_SECONDS.forEach((bound, index) => {
      if (seconds <= bound) series.buckets[index]! += 1;
    });
  }

  render(): string {
    const all = [...this.series.values()].sort((a, b) => a.labels.localeCompare(b.labels));
    const lines = [
      "# HELP http_requests_total Requests answered, by route pattern, method and status class.",
      "# TYPE http_requests_total counter",
      ...all.map((series) => `http_requests_total{${series.labels}} ${series.count}`),
      "# HELP http_request_duration_seconds Time from a request's arrival to the end of its response.",
      "# TYPE http_request_duration_seconds histogram",
    ];
    for (const series of all) {
      DURATION_BUCKETS_SECONDS.forEach((bound, index) => {
        lines.push(`http_request_duration_seconds_bucket{${series.labels},le="${bound}"} ${series.buckets[index]}`);
      });
      lines.push(`http_request_duration_seconds_bucket{${series.labels},le="+Inf"} ${series.count}`);
      lines.push(`http_request_duration_seconds_sum{${series.labels}} ${series.sum}`);
      lines.push(`http_request_duration_seconds_count{${series.labels}} ${series.count}`);
    }
    lines.push(
      "# HELP http_requests_in_flight Requests received and not yet answered.",
      "# TYPE http_requests_in_flight gauge",
      `http_requests_in_flight ${this.inFlight}`,
    );
    return lines.join("\n") + "\n";
  }
}

/** What a scrape reads of the event-loop delay monitor (figures in nanoseconds). */
export type EventLoopDelay = Pick<IntervalHistogram, "count" | "max" | "percentile" | "reset">;

/** The figures of the Node.js process, read at each scrape. */
export class ProcessMetrics {
  private readonly eventLoopDelay: EventLoopDelay;

  /** `eventLoopDelay` is Node's monitor, enabled here; a test passes recorded figures instead. */
  constructor(eventLoopDelay?: EventLoopDelay) {
    if (eventLoopDelay) {
      this.eventLoopDelay = eventLoopDelay;
    } else {
      const monitor = monitorEventLoopDelay({ resolution: 10 });
      monitor.enable();
      this.eventLoopDelay = monitor;
    }
  }

  render(): string {
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    const delay = this.eventLoopDelay;
    // With no sample yet (the monitor samples every 10 ms), the histogram's figures mean nothing.
    const seconds = (nanoseconds: number) => (delay.count > 0 && Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0);
    const lines = [
      gauge("process_resident_memory_bytes", "Resident memory size.", memory.rss),
      gauge("nodejs_heap_used_bytes", "V8 heap in use.", memory.heapUsed),
      gauge("nodejs_heap_total_bytes", "V8 heap reserved.", memory.heapTotal),
      gauge("nodejs_external_memory_bytes", "Memory of C++ objects bound to JavaScript (buffers).", memory.external),
      "# HELP process_cpu_seconds_total User and system CPU time spent.",
      "# TYPE process_cpu_seconds_total counter",
      `process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`,
      gauge("process_start_time_seconds", "When the process started, in seconds since the Unix epoch.", processStart),
      gauge("process_uptime_seconds", "Seconds since the process started.", process.uptime()),
      "# HELP nodejs_eventloop_delay_seconds Event-loop delay since the previous scrape.",
      "# TYPE nodejs_eventloop_delay_seconds gauge",
      `nodejs_eventloop_delay_seconds{quantile="0.5"} ${seconds(delay.percentile(50))}`,
      `nodejs_eventloop_delay_seconds{quantile="0.99"} ${seconds(delay.percentile(99))}`,
      `nodejs_eventloop_delay_seconds{quantile="1"} ${seconds(delay.max)}`,
    ];
    // Each scrape reports the interval since the last one, not an average over the process's life.
    delay.reset();
    return lines.join("\n") + "\n";
  }
}

const processStart = Math.round(Date.now() / 1000 - process.uptime());

function gauge(name: string, help: string, value: number): string {
  return `# HELP ${name} ${help}\n# TYPE ${name} gauge\n${name} ${value}`;
}

// One registry per process: the public app and the private listener report the same figures.
const state = globalThis as typeof globalThis & {
  __requestMetrics?: RequestMetrics;
  __processMetrics?: ProcessMetrics;
  __metricsListener?: http.Server;
};

export function requestMetrics(): RequestMetrics {
  state.__requestMetrics ??= new RequestMetrics();
  return state.__requestMetrics;
}

/** Started with the first middleware or listener, so that the first scrape has samples to report. */
function processMetrics(): ProcessMetrics {
  state.__processMetrics ??= new ProcessMetrics();
  return state.__processMetrics;
}

/** The whole exposition: request series, then the process's figures. */
export function metricsText(): string {
  return requestMetrics().render() + processMetrics().render();
}

/**
 * Times every request from its arrival to the end of its response (or the client hanging up), and
 * counts it under the label `labelFor` gives once the status is known.
 */
export function recordRequestMetrics(
  labelFor: (req: ExpressRequest, res: ExpressResponse) => string,
  metrics: RequestMetrics = requestMetrics(),
): RequestHandler {
  processMetrics();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    metrics.inFlight += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      metrics.inFlight -= 1;
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

/** Whether the request comes from a signed-in administrator, by the CMS's own session check. */
async function fromAdministrator(req: ExpressRequest): Promise<boolean> {
  const request = new Request(`http://localhost${req.originalUrl}`, {
    headers: { Cookie: req.headers.cookie ?? "" },
  });
  const current = await getCurrentUser(request);
  return isAdmin(current?.user);
}

function sendMetrics(res: ExpressResponse | http.ServerResponse): void {
  res.statusCode = 200;
  res.setHeader("Content-Type", METRICS_CONTENT_TYPE);
  res.setHeader("Cache-Control", "no-store");
  res.end(metricsText());
}

/** `GET /metrics` on the public port: administrators only; everyone else gets 404. */
export function adminMetricsEndpoint(
  allow: (req: ExpressRequest) => Promise<boolean> = fromAdministrator,
): RequestHandler {
  return async (req, res) => {
    if (!(await allow(req))) {
      res.status(404).setHeader("Cache-Control", "no-store").type("text/plain").send("Not found");
      return;
    }
    sendMetrics(res);
  };
}

/**
 * A listener of its own for Prometheus, which needs no credentials: it must be reachable only from
 * the monitoring network, hence 127.0.0.1 unless METRICS_HOST says otherwise. It answers GET
 * /metrics and nothing else. Returns the port it listens on (useful when `port` is 0).
 */
export async function startMetricsListener(port: number, host: string): Promise<number> {
  await stopMetricsListener();
  processMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path === METRICS_PATH && (req.method === "GET" || req.method === "HEAD")) {
      sendMetrics(res);
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
