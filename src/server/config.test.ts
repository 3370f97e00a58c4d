import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ mode: 'pglite', dataDir: resolve('./data') });
    expect(config.logLevel).toBe('info');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.ai.provider).toBe('builtin');
  });

  it('reads PORT, DATA_DIR, LOG_LEVEL and PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/p',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: 'https://sales.example.com/',
    });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ mode: 'pglite', dataDir: '/tmp/p' });
    expect(config.logLevel).toBe('debug');
    expect(config.publicUrl).toBe('https://sales.example.com');
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://app:secret@db.internal:5432/prospector' });
    expect(config.database).toEqual({
      mode: 'postgres',
      url: 'postgresql://app:secret@db.internal:5432/prospector',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.mode).toBe('pglite');
  });

  it.each([
    [
      { DATABASE_URL: 'mysql://localhost/db' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [
      { DATABASE_URL: 'not a url' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a port number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535'],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ PUBLIC_URL: 'example.com' }, 'Invalid configuration: PUBLIC_URL must be an absolute http(s) URL'],
    [{ AI_PROVIDER: 'magic' }, 'Invalid configuration: AI_PROVIDER must be one of builtin'],
  ])('rejects %j with a one-line message naming the variable', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });
});
