/** Polls until `check` holds (job workers run on their own schedule); fails after `ms`. */
export async function waitFor(check: () => Promise<boolean> | boolean, ms = 15_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
