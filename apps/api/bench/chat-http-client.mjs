/**
 * The load generator of bench/chat-http.bench.ts, in its own process so that its CPU is not
 * the API's: `clients` loops for `durationMs`, each taking the next conversation of the pool
 * and sending its turns one after another to POST /ai/chat with the history so far (the
 * answers the API gave), no think time. Each client is its own address (X-Forwarded-For; the
 * API trusts the loopback proxy), as 20 buyers would be. Answers over IPC with every latency.
 */
import http from 'node:http';

process.once('message', async (/** @type {{ base: string, clients: number, durationMs: number, pool: Array<{ kind: string, turns: Array<{ message: string, context?: object, history?: object[] }> }>, tag: string }} */ job) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.clients });
  const url = new URL('/ai/chat', job.base);
  /** @returns {Promise<{ status: number, body: string }>} */
  const post = (payload, ip) =>
    new Promise((resolve, reject) => {
      const data = JSON.stringify(payload);
      const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), 'x-forwarded-for': ip } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(data);
    });

  const latencies = [];
  const statuses = {};
  const byKind = {};
  let next = 0;
  let firstQuestions = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const deadline = started + job.durationMs;
  await Promise.all(
    Array.from({ length: job.clients }, async (_, c) => {
      const ip = `10.${job.tag}.${c}.1`;
      while (performance.now() < deadline) {
        const conv = job.pool[next % job.pool.length];
        next += 1;
        firstQuestions += 1;
        const history = [];
        for (const turn of conv.turns) {
          if (performance.now() >= deadline) break;
          const t0 = performance.now();
          const res = await post({ message: turn.message, context: turn.context ?? {}, conversationHistory: turn.history ?? history }, ip);
          const ms = performance.now() - t0;
          latencies.push(ms);
          (byKind[conv.kind] ??= []).push(ms);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 200) break;
          const body = JSON.parse(res.body);
          history.push({ role: 'user', content: turn.message }, { role: 'assistant', content: body.response, metadata: { userIntent: body.metadata.userIntent, conversationState: body.metadata.conversationState } });
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  process.send({ latencies, statuses, byKind, seconds, conversations: firstQuestions, clientCpuMs: (cpu.user + cpu.system) / 1000 }, () => process.exit(0));
});
