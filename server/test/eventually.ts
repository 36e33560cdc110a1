/**
 * Reads until the value passes the test (every 50 ms, 5 s at most): for what the server does after its
 * answer, such as a mail sent once a sign-in has been answered.
 */
export async function eventually<T>(read: () => T | Promise<T>, test: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
