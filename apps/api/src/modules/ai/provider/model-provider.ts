import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { AppError } from '../../../lib/errors';
import type { Logger } from '../../../lib/logger';

/** The provider answers within this time, under the chat widget's own 30 s abort (docs/product.md §9). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 25_000;

export const OFFLINE_MESSAGE = 'AI assistant is temporarily offline. Please try again in a moment.';
export const TIMEOUT_MESSAGE = 'AI assistant is taking too long to respond. Please try a simpler question.';

export interface ModelProviderConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON schema the reply must follow (OpenAI structured output, `response_format: json_schema`). */
export interface StructuredOutput {
  name: string;
  schema: Record<string, unknown>;
}

export interface ModelProvider {
  /** The raw text of the model's reply (expected to be a JSON object). Throws AppError 503/504. */
  complete(messages: ChatTurn[], timeoutMs?: number): Promise<string>;
  /**
   * The raw text of a reply constrained to a JSON schema (structured output), within
   * `timeoutMs` (default: the provider's timeout). Throws AppError 503/504 like `complete`.
   */
  completeStructured?(messages: ChatTurn[], output: StructuredOutput, timeoutMs?: number): Promise<string>;
}

/**
 * Any OpenAI-compatible chat-completions endpoint. Failures map to the codes the chat
 * widget understands: a timeout is 504 UPSTREAM_TIMEOUT; a refused key (401/403), a
 * rate limit, a 5xx or a network error is 503 SERVICE_UNAVAILABLE. No retries: the
 * widget's one-request-at-a-time rule and its 30 s abort leave no room for them.
 */
export function createModelProvider(cfg: ModelProviderConfig, logger: Logger): ModelProvider {
  const client = new OpenAI({ baseURL: cfg.baseUrl, apiKey: cfg.apiKey, timeout: cfg.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS, maxRetries: 0 });
  const fail = (err: unknown): never => {
    if (err instanceof APIConnectionTimeoutError) {
      logger.warn({ provider: cfg.baseUrl }, 'AI provider timed out');
      throw new AppError('UPSTREAM_TIMEOUT', TIMEOUT_MESSAGE);
    }
    if (err instanceof APIConnectionError) {
      logger.error({ provider: cfg.baseUrl, err: err.message }, 'AI provider unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', OFFLINE_MESSAGE);
    }
    if (err instanceof APIError) {
      const status: unknown = err.status;
      if (status === 401 || status === 403) logger.error({ provider: cfg.baseUrl, status }, 'AI provider refused the API key: check AI_API_KEY');
      else logger.error({ provider: cfg.baseUrl, status, err: err.message }, 'AI provider error');
      throw new AppError('SERVICE_UNAVAILABLE', OFFLINE_MESSAGE);
    }
    throw err;
  };
  return {
    async complete(messages, timeoutMs) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: cfg.model,
            messages,
            response_format: { type: 'json_object' },
            temperature: 0.2,
          },
          timeoutMs ? { timeout: timeoutMs } : undefined,
        );
        return completion.choices[0]?.message?.content ?? '';
      } catch (err) {
        return fail(err);
      }
    },
    async completeStructured(messages, output, timeoutMs) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: cfg.model,
            messages,
            response_format: { type: 'json_schema', json_schema: { name: output.name, schema: output.schema, strict: false } },
            temperature: 0,
          },
          timeoutMs ? { timeout: timeoutMs } : undefined,
        );
        return completion.choices[0]?.message?.content ?? '';
      } catch (err) {
        return fail(err);
      }
    },
  };
}
