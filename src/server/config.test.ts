import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ mode: 'pglite', dataDir: resolve('./data'), stallMs: 30_000 });
    expect(config.metricsToken).toBeNull();
    expect(config.logLevel).toBe('info');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.ai.provider).toBe('builtin');
  });

  it('reads PORT, DATA_DIR, PGLITE_STALL_SECONDS, LOG_LEVEL, PUBLIC_URL and METRICS_TOKEN', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/p',
      PGLITE_STALL_SECONDS: '5',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: 'https://sales.example.com/',
      METRICS_TOKEN: 'a-long-scrape-token',
    });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ mode: 'pglite', dataDir: '/tmp/p', stallMs: 5000 });
    expect(config.metricsToken).toBe('a-long-scrape-token');
    expect(() => loadConfig({ PGLITE_STALL_SECONDS: '0' })).toThrow(/PGLITE_STALL_SECONDS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters',
    );
    expect(config.logLevel).toBe('debug');
    expect(config.publicUrl).toBe('https://sales.example.com');
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://app:secret@db.internal:5432/prospector' });
    expect(config.database).toEqual({
      mode: 'postgres',
      url: 'postgresql://app:secret@db.internal:5432/prospector',
      preparedStatements: true,
    });
    const behindProxy = { DATABASE_URL: 'postgres://db/p', DATABASE_PREPARED_STATEMENTS: 'false' };
    expect(loadConfig(behindProxy).database).toMatchObject({ preparedStatements: false });
    expect(() => loadConfig({ ...behindProxy, DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(
      'Invalid configuration: DATABASE_PREPARED_STATEMENTS must be true or false',
    );
  });

  it('reads UPLOAD_MAX_MB (default 25) and refuses a limit that is not a whole number of MB', () => {
    expect(loadConfig({}).uploadMaxMb).toBe(25);
    expect(loadConfig({ UPLOAD_MAX_MB: '50' }).uploadMaxMb).toBe(50);
    expect(() => loadConfig({ UPLOAD_MAX_MB: '2.5' })).toThrow(
      'Invalid configuration: UPLOAD_MAX_MB must be a whole number of megabytes',
    );
    expect(() => loadConfig({ UPLOAD_MAX_MB: '0' })).toThrow(
      'Invalid configuration: UPLOAD_MAX_MB must be at least 1',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.mode).toBe('pglite');
  });

  it('uses an OpenAI-compatible endpoint when AI_PROVIDER is openai', () => {
    expect(loadConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test-key' }).ai).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test-key',
      model: 'gpt-4o-mini',
    });
    // A local server (Ollama) needs no key.
    expect(
      loadConfig({
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: 'http://localhost:11434/v1/',
        AI_MODEL: 'llama3.1',
      }).ai,
    ).toEqual({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', apiKey: null, model: 'llama3.1' });
    // The OpenAI variables mean nothing to the built-in engine.
    expect(loadConfig({ OPENAI_BASE_URL: 'https://api.openai.com/v1' }).ai).toEqual({ provider: 'builtin' });
  });

  it('never puts the API key in a configuration error', () => {
    let message = '';
    try {
      loadConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-secret-123', OPENAI_BASE_URL: 'nope' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('OPENAI_BASE_URL');
    expect(message).not.toContain('sk-secret-123');
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
    [{ AI_PROVIDER: 'magic' }, 'Invalid configuration: AI_PROVIDER must be one of builtin, openai'],
    [
      { AI_PROVIDER: 'openai' },
      "Invalid configuration: OPENAI_API_KEY must be set when OPENAI_BASE_URL is OpenAI's (https://api.openai.com/v1)",
    ],
    [
      { AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'https://api.openai.com/v1/' },
      'Invalid configuration: OPENAI_API_KEY must be set',
    ],
    [
      { AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'localhost:11434/v1' },
      'Invalid configuration: OPENAI_BASE_URL must be an absolute http(s) URL of an OpenAI-compatible API',
    ],
    [
      { AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'ftp://models.example.com/v1' },
      'Invalid configuration: OPENAI_BASE_URL must be an absolute http(s) URL',
    ],
    [
      { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test', AI_MODEL: '   ' },
      'Invalid configuration: AI_MODEL must not be blank',
    ],
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
