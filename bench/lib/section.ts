/** What every bench section gets: the running production server. */
interface BenchContext {
  /** Base URL of the production server, on 127.0.0.1. */
  baseUrl: string;
  /** The server's process id, for reading its memory from /proc. */
  serverPid: number;
}

/** One part of `npm run bench`: measures something and prints it. Never asserts on timings. */
export interface BenchSection {
  /** Short name, used to pick sections on the command line (`tsx bench/run.ts page-weight`). */
  name: string;
  title: string;
  run(context: BenchContext): Promise<void>;
}
