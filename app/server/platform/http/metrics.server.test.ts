import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import {
  adminMetricsEndpoint,
  DURATION_BUCKETS_SECONDS,
  METRICS_CONTENT_TYPE,
  methodLabel,
  RequestMetrics,
  startMetricsListener,
  statusClass,
  stopMetricsListener,
  type MetricsAccess,
} from "./metrics.server";

/** The sample lines of an exposition, by their name and labels. */
function samples(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const space = line.lastIndexOf(" ");
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return values;
}

describe("RequestMetrics", () => {
  it("counts requests by route, method and status class, with a cumulative duration histogram", async () => {
    const metrics = new RequestMetrics({ processMetrics: false });
    metrics.record({ route: "/careers/:job", method: "GET", status: 200 }, 0.004);
    metrics.record({ route: "/careers/:job", method: "get", status: 204 }, 0.07);
    metrics.record({ route: "/careers/:job", method: "GET", status: 200 }, 12);
    metrics.record({ route: "/contact", method: "POST", status: 429 }, 0.02);

    const text = await metrics.render();
    const values = samples(text);
    const job = 'route="/careers/:job",method="GET",status_class="2xx"';
    expect(values.get(`http_requests_total{${job}}`)).toBe(3);
    expect(values.get(`http_requests_total{route="/contact",method="POST",status_class="4xx"}`)).toBe(1);
    expect(values.get(`http_request_duration_seconds_bucket{le="0.005",${job}}`)).toBe(1);
    expect(values.get(`http_request_duration_seconds_bucket{le="0.05",${job}}`)).toBe(1);
    expect(values.get(`http_request_duration_seconds_bucket{le="0.1",${job}}`)).toBe(2);
    expect(values.get(`http_request_duration_seconds_bucket{le="10",${job}}`)).toBe(2);
    expect(values.get(`http_request_duration_seconds_bucket{le="+Inf",${job}}`)).toBe(3);
    expect(values.get(`http_request_duration_seconds_count{${job}}`)).toBe(3);
    expect(values.get(`http_request_duration_seconds_sum{${job}}`)).toBeCloseTo(12.074, 6);

    // Every series has a bucket per bound plus +Inf, and the format's TYPE lines come first.
    const bucketLines = text
      .split("\n")
      .filter((line) => line.startsWith("http_request_duration_seconds_bucket{") && line.includes(job));
    expect(bucketLines).toHaveLength(DURATION_BUCKETS_SECONDS.length + 1);
    expect(text.indexOf("# TYPE http_request_duration_seconds histogram")).toBeLessThan(text.indexOf(bucketLines[0]!));
    expect(text.endsWith("\n")).toBe(true);
  });

  it("escapes label values and keeps unusual methods and statuses to a few series", async () => {
    const metrics = new RequestMetrics({ processMetrics: false });
    metrics.record({ route: 'odd "route"\\with\nbreak', method: "BREW", status: 999 }, 0.001);
    expect(await metrics.render()).toContain(
      'http_requests_total{route="odd \\"route\\"\\\\with\\nbreak",method="other",status_class="other"} 1',
    );
    expect(methodLabel("patch")).toBe("PATCH");
    expect(methodLabel("PROPFIND")).toBe("other");
    expect([statusClass(101), statusClass(302), statusClass(503)]).toEqual(["1xx", "3xx", "5xx"]);
  });

  it("reports requests in flight", async () => {
    const metrics = new RequestMetrics({ processMetrics: false });
    metrics.inFlight.inc(2);
    expect(samples(await metrics.render()).get("http_requests_in_flight")).toBe(2);
  });
});

describe("the process's own figures", () => {
  it("are prom-client's default metrics: memory, CPU, heap, start time and event-loop lag", async () => {
    const values = samples(await new RequestMetrics().render());
    expect(values.get("process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(values.get("nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(values.get("process_cpu_seconds_total")).toBeGreaterThan(0);
    // prom-client rounds the start to the nearest second: up to half a second after it.
    expect(values.get("process_start_time_seconds")).toBeLessThanOrEqual(Date.now() / 1000 + 0.5);
    expect(values.get("process_start_time_seconds")).toBeGreaterThan(Date.now() / 1000 - process.uptime() - 1);
    expect(values.has("nodejs_eventloop_lag_p99_seconds")).toBe(true);
  });
});

describe("the private metrics listener", () => {
  afterEach(() => stopMetricsListener());

  it("answers GET /metrics without credentials and nothing else", async () => {
    const port = await startMetricsListener(0, "127.0.0.1");
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(METRICS_CONTENT_TYPE);
    expect(await response.text()).toContain("# TYPE http_requests_total counter");
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: "POST" })).status).toBe(404);
  });
});

describe("GET /metrics on the public port", () => {
  /** The endpoint behind `access`, asked once; the status and the text it answered. */
  async function ask(access: MetricsAccess) {
    const app = express().get(
      "/metrics",
      adminMetricsEndpoint(async () => access),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
      return { status: response.status, text: await response.text(), cache: response.headers.get("Cache-Control") };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("answers the metrics when allowed, 403 with the reason when refused with one, else 404", async () => {
    const allowed = await ask({ allowed: true });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain("# TYPE http_requests_total counter");

    expect(await ask({ allowed: false, reason: "Set up a second factor first." })).toEqual({
      status: 403,
      text: "Set up a second factor first.",
      cache: "no-store",
    });
    expect(await ask({ allowed: false, reason: null })).toEqual({ status: 404, text: "Not found", cache: "no-store" });
  });
});
