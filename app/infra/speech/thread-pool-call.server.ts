import type { NativeFunction } from "./native-libraries.server";

/** Calls a native function on libuv's thread pool (koffi's async form) and resolves with its result. */
export function callOnThreadPool(native: NativeFunction, ...parameters: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    native.async(...parameters, (error: unknown, value: unknown) => (error ? reject(error) : resolve(value)));
  });
}
