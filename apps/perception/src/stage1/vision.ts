import { z } from 'zod';
import { nth } from '../checked';

/** An OpenAI-compatible chat endpoint with image input (AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export interface VisionConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface FrameLabel {
  label: string;
  description: string;
}

const labelSchema = z.object({
  label: z.string().trim().min(1).max(80),
  description: z.string().trim().max(400).default(''),
});

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }))]).nullable(),
        }),
      }),
    )
    .min(1),
});

const SYSTEM_PROMPT =
  'You label single frames from videos of manual or robotic work in factories and warehouses. ' +
  'Name the activity shown as a short verb phrase of at most 6 words (for example "Loading boxes onto pallet"), ' +
  'and describe in one sentence what is handled and where. If the frame is unclear, say so in the description. ' +
  'Answer with JSON only: {"label": "...", "description": "..."}';

/** The JSON object inside a model answer, tolerating code fences and prose around it. */
export function parseLabelAnswer(content: string): FrameLabel {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('the answer holds no JSON object');
  return labelSchema.parse(JSON.parse(content.slice(start, end + 1)));
}

/** Asks the model to label one key frame. Throws on any failure; callers keep the honest name then. */
export async function labelKeyFrame(fetchImpl: typeof fetch, config: VisionConfig, jpeg: Buffer, context: string, signal?: AbortSignal): Promise<FrameLabel> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const res = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
    signal: signal ? AbortSignal.any([AbortSignal.timeout(config.timeoutMs), signal]) : AbortSignal.timeout(config.timeoutMs),
    body: JSON.stringify({
      model: config.model,
      temperature: 0,
      max_tokens: 200,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: [
            { type: 'text', text: context },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
          ],
        },
      ],
    }),
  });
  if (!res.ok) throw new Error(`the model endpoint answered ${res.status}`);
  const body = completionSchema.parse(await res.json());
  const content = nth(body.choices, 0).message.content;
  const text = typeof content === 'string' ? content : (content ?? []).map((p) => p.text ?? '').join('');
  return parseLabelAnswer(text);
}
