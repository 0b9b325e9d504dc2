import { describe, expect, it } from 'vitest';
import { labelKeyFrame, parseLabelAnswer } from './vision';

const config = { baseUrl: 'http://model.test/v1/', apiKey: 'k', model: 'm', timeoutMs: 1000 };

describe('parseLabelAnswer', () => {
  it('reads the JSON object, with or without code fences and prose', () => {
    expect(parseLabelAnswer('{"label":"Stacking boxes","description":"A worker stacks boxes."}')).toEqual({ label: 'Stacking boxes', description: 'A worker stacks boxes.' });
    expect(parseLabelAnswer('Sure!\n```json\n{"label": "Welding"}\n```')).toEqual({ label: 'Welding', description: '' });
  });
  it('refuses answers without a usable label', () => {
    expect(() => parseLabelAnswer('I cannot see the image.')).toThrow(/no JSON object/);
    expect(() => parseLabelAnswer('{"label": ""}')).toThrow();
  });
});

describe('labelKeyFrame', () => {
  it('posts the frame to <base>/chat/completions and reads the answer', async () => {
    let seenUrl = '';
    const fakeFetch = (async (url: string) => {
      seenUrl = url;
      return new Response(JSON.stringify({ choices: [{ message: { content: [{ type: 'text', text: '{"label":"Sorting parts"}' }] } }] }));
    }) as unknown as typeof fetch;
    expect(await labelKeyFrame(fakeFetch, config, Buffer.from([0xff, 0xd8]), 'ctx')).toEqual({ label: 'Sorting parts', description: '' });
    expect(seenUrl).toBe('http://model.test/v1/chat/completions');
  });
  it('throws on an HTTP error or an unexpected body', async () => {
    const status = (async () => new Response('{}', { status: 401 })) as unknown as typeof fetch;
    await expect(labelKeyFrame(status, config, Buffer.alloc(2), 'ctx')).rejects.toThrow('answered 401');
    const empty = (async () => new Response('{"choices":[]}')) as unknown as typeof fetch;
    await expect(labelKeyFrame(empty, config, Buffer.alloc(2), 'ctx')).rejects.toThrow();
  });
});
