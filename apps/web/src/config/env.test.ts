import { describe, expect, it } from 'vitest';
import { resolveConfig } from './env';

describe('resolveConfig', () => {
  it('defaults to CellForge on the same origin', () => {
    expect(resolveConfig(undefined, {})).toEqual({ appName: 'CellForge', apiBase: '', aiBase: '' });
  });

  it('uses VITE_* build variables', () => {
    expect(
      resolveConfig(undefined, {
        VITE_APP_NAME: 'RoboMart',
        VITE_API_BASE: 'https://api.example.com/',
        VITE_AI_BASE: 'https://ai.example.com',
      }),
    ).toEqual({ appName: 'RoboMart', apiBase: 'https://api.example.com', aiBase: 'https://ai.example.com' });
  });

  it('prefers the runtime config injected by the server', () => {
    expect(
      resolveConfig(
        { appName: 'Plant Robots', apiBase: '/product', aiBase: '' },
        { VITE_APP_NAME: 'RoboMart', VITE_API_BASE: 'https://api.example.com', VITE_AI_BASE: 'https://ai.example.com' },
      ),
    ).toEqual({ appName: 'Plant Robots', apiBase: '/product', aiBase: '' });
  });

  it('falls back per setting when the runtime config leaves one out', () => {
    expect(resolveConfig({ appName: '' }, { VITE_APP_NAME: 'RoboMart', VITE_AI_BASE: 'https://ai.example.com' })).toEqual(
      { appName: 'RoboMart', apiBase: '', aiBase: 'https://ai.example.com' },
    );
  });

  it('ignores values that are not strings', () => {
    expect(resolveConfig({ appName: 42, apiBase: null } as never, {})).toEqual({
      appName: 'CellForge',
      apiBase: '',
      aiBase: '',
    });
  });
});
