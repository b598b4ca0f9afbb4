import { describe, expect, it } from "vitest";
import { wrkFigures } from "./wrk";

const sample = `Running 10s test @ http://127.0.0.1:3998/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.31ms  812.40us  21.05ms   91.20%
    Req/Sec    21.93k     1.02k   23.40k    71.00%
  Latency Distribution
     50%    2.16ms
     75%    2.41ms
     90%    2.88ms
     99%  850.00us
  218212 requests in 10.00s, 4.12GB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  21812.55
Transfer/sec:    421.22MB
`;

describe("wrk's output", () => {
  it("gives the rate, the p99 in milliseconds and every fault", () => {
    expect(wrkFigures(sample)).toEqual({ requestsPerSecond: 21812.55, p99Ms: 0.85, faults: 7 });
    expect(wrkFigures(sample.replace("850.00us", "1.50s")).p99Ms).toBe(1500);
  });

  it("is refused when it holds no figures", () => {
    expect(() => wrkFigures("unable to connect to 127.0.0.1:3998 Connection refused")).toThrow(/no figures/);
  });
});
