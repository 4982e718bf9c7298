import { afterEach, describe, expect, it } from "vitest";
import {
  DURATION_BUCKETS_SECONDS,
  METRICS_CONTENT_TYPE,
  methodLabel,
  metricsText,
  ProcessMetrics,
  RequestMetrics,
  startMetricsListener,
  statusClass,
  stopMetricsListener,
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
  it("counts requests by route, method and status class, with a cumulative duration histogram", () => {
    const metrics = new RequestMetrics();
    metrics.record({ route: "/careers/:job", method: "GET", status: 200 }, 0.004);
    metrics.record({ route: "/careers/:job", method: "get", status: 204 }, 0.07);
    metrics.record({ route: "/careers/:job", method: "GET", status: 200 }, 12);
    metrics.record({ route: "/contact", method: "POST", status: 429 }, 0.02);

    const text = metrics.render();
    const values = samples(text);
    const job = 'route="/careers/:job",method="GET",status_class="2xx"';
    expect(values.get(`http_requests_total{${job}}`)).toBe(3);
    expect(values.get(`http_requests_total{route="/contact",method="POST",status_class="4xx"}`)).toBe(1);
    expect(values.get(`http_request_duration_seconds_bucket{${job},le="0.005"}`)).toBe(1);
    expect(values.get(`http_request_duration_seconds_bucket{${job},le="0.05"}`)).toBe(1);
    expect(values.get(`http_request_duration_seconds_bucket{${job},le="0.1"}`)).toBe(2);
    expect(values.get(`http_request_duration_seconds_bucket{${job},le="10"}`)).toBe(2);
    expect(values.get(`http_request_duration_seconds_bucket{${job},le="+Inf"}`)).toBe(3);
    expect(values.get(`http_request_duration_seconds_count{${job}}`)).toBe(3);
    expect(values.get(`http_request_duration_seconds_sum{${job}}`)).toBeCloseTo(12.074, 6);

    // Every series has a bucket per bound plus +Inf, and the format's TYPE lines come first.
    const bucketLines = text
      .split("\n")
      .filter((line) => line.startsWith(`http_request_duration_seconds_bucket{${job}`));
    expect(bucketLines).toHaveLength(DURATION_BUCKETS_SECONDS.length + 1);
    expect(text.indexOf("# TYPE http_request_duration_seconds histogram")).toBeLessThan(text.indexOf(bucketLines[0]!));
    expect(text.endsWith("\n")).toBe(true);
  });

  it("escapes label values and keeps unusual methods and statuses to a few series", () => {
    const metrics = new RequestMetrics();
    metrics.record({ route: 'odd "route"\\with\nbreak', method: "BREW", status: 999 }, 0.001);
    expect(metrics.render()).toContain(
      'http_requests_total{route="odd \\"route\\"\\\\with\\nbreak",method="other",status_class="other"} 1',
    );
    expect(methodLabel("patch")).toBe("PATCH");
    expect(methodLabel("PROPFIND")).toBe("other");
    expect([statusClass(101), statusClass(302), statusClass(503)]).toEqual(["1xx", "3xx", "5xx"]);
  });

  it("reports requests in flight", () => {
    const metrics = new RequestMetrics();
    metrics.inFlight = 2;
    expect(samples(metrics.render()).get("http_requests_in_flight")).toBe(2);
  });
});

describe("metricsText", () => {
  it("adds the process's memory, CPU, uptime and event-loop delay", () => {
    const values = samples(metricsText());
    expect(values.get("process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(values.get("nodejs_heap_used_bytes")).toBeGreaterThan(0);
    expect(values.get("process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(values.get("process_uptime_seconds")).toBeGreaterThan(0);
    expect(values.get("process_start_time_seconds")).toBeLessThanOrEqual(Date.now() / 1000);
    for (const quantile of ["0.5", "0.99", "1"]) {
      expect(values.get(`nodejs_eventloop_delay_seconds{quantile="${quantile}"}`)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("the event-loop delay", () => {
  /** What Node's monitor would hold (in nanoseconds) after one 80 ms stall among short waits. */
  function recordedDelay() {
    const delay = { count: 12, p50: 10_400_000, p99: 81_000_000, max: 81_500_000 };
    return {
      get count() {
        return delay.count;
      },
      get max() {
        return delay.max;
      },
      percentile: (percentile: number) => (percentile === 50 ? delay.p50 : delay.p99),
      // As Node's does: no samples, and figures that mean nothing until the next one.
      reset: () => Object.assign(delay, { count: 0, p50: 0, p99: 0, max: 0 }),
    };
  }

  it("is reported in seconds, the stall in the maximum and not in the median", () => {
    const values = samples(new ProcessMetrics(recordedDelay()).render());
    expect(values.get('nodejs_eventloop_delay_seconds{quantile="1"}')).toBeCloseTo(0.0815);
    expect(values.get('nodejs_eventloop_delay_seconds{quantile="1"}')).toBeGreaterThan(0.05);
    expect(values.get('nodejs_eventloop_delay_seconds{quantile="0.99"}')).toBeCloseTo(0.081);
    expect(values.get('nodejs_eventloop_delay_seconds{quantile="0.5"}')).toBeCloseTo(0.0104);
    expect(values.get('nodejs_eventloop_delay_seconds{quantile="0.5"}')).toBeLessThan(0.05);
  });

  it("covers the time since the previous scrape only", () => {
    const metrics = new ProcessMetrics(recordedDelay());
    metrics.render();
    const values = samples(metrics.render());
    for (const quantile of ["0.5", "0.99", "1"]) {
      expect(values.get(`nodejs_eventloop_delay_seconds{quantile="${quantile}"}`), quantile).toBe(0);
    }
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
