// With several workers (server/cluster.ts) a scrape of /metrics reaches one of them, whose request
// counts are only its share. The primary gathers every worker's process figures with prom-client's
// AggregatorRegistry (counters and histograms summed, gauges as each default metric declares), and
// the worker that was scraped asks it for them over the cluster's channel.
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, type Registry } from "prom-client";

const METRICS_REQUEST = "va-hub:metrics-request";
const METRICS_ANSWER = "va-hub:metrics-answer";

type MetricsRequest = { type: typeof METRICS_REQUEST; id: string };
type MetricsAnswer = { type: typeof METRICS_ANSWER; id: string; text?: string };

/** In the primary: answers each worker's request with the figures of all workers together. */
export function answerWorkersMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: Partial<MetricsRequest> | null) => {
    if (message?.type !== METRICS_REQUEST || typeof message.id !== "string") return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) =>
        worker.isConnected() && worker.send({ type: METRICS_ANSWER, id, text } satisfies MetricsAnswer),
      // A worker that did not answer in time (starting, stopping): the scraped one reports alone.
      () => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id } satisfies MetricsAnswer),
    );
  });
}

/**
 * In a worker, as its HTTP app is made: answers the primary's gathering with this process's figures.
 * (prom-client listens for it once an AggregatorRegistry has been made in the process.) The app is
 * a bundle of its own beside server/main.ts's, so this is called from the app's side, whose
 * registry is the one its requests are counted in.
 */
export function offerMetricsToPrimary(registry: Registry): void {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

/**
 * In a worker: the process figures of every worker of this host, in Prometheus' text format; in a
 * single process, or when the primary does not answer within `timeLimitMs`, undefined (the
 * caller then reports this process's own).
 */
export function hostProcessMetrics(timeLimitMs: number): Promise<string | undefined> {
  if (!cluster.isWorker || !process.send) return Promise.resolve(undefined);
  const id = randomUUID();
  return new Promise((resolve) => {
    const done = (text: string | undefined) => {
      clearTimeout(timer);
      process.off("message", onMessage);
      resolve(text);
    };
    const onMessage = (message: Partial<MetricsAnswer> | null) => {
      if (message?.type === METRICS_ANSWER && message.id === id) done(message.text);
    };
    const timer = setTimeout(() => done(undefined), timeLimitMs);
    process.on("message", onMessage);
    process.send?.({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
  });
}
