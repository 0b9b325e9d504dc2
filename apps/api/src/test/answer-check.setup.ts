import { appendFileSync } from 'node:fs';
import { afterAll, afterEach } from 'vitest';
import { answerCounts, takeAnswerMismatches } from './answer-check';

// Every API test: an answer that does not match the route table's schema fails the test it was sent in.
afterEach(() => {
  const found = takeAnswerMismatches();
  if (found.length) {
    throw new Error(`answers that do not match the API document (packages/contracts/src/routes.ts):\n${found.map((m) => `  ${m.answer}: ${m.problem}`).join('\n')}`);
  }
});

// ANSWER_CHECK_LOG=<file>: one line per test file with how many answers were checked (figures for docs/api.md).
afterAll(() => {
  const log = process.env.ANSWER_CHECK_LOG;
  if (log && answerCounts.checked) {
    appendFileSync(log, `${JSON.stringify({ checked: answerCounts.checked, json: answerCounts.validatedJson, operations: [...answerCounts.byOperation.keys()] })}\n`);
  }
});
