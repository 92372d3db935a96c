import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(9527);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.OUTBOUND_ALLOW_HOSTS).toBeUndefined();
    expect(
      loadConfig({ OUTBOUND_ALLOW_HOSTS: 'relay.corp.example, 10.0.0.0/8,127.0.0.1,::1' })
        .OUTBOUND_ALLOW_HOSTS,
    ).toBe('relay.corp.example, 10.0.0.0/8,127.0.0.1,::1');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ PUBLIC_BASE_URL: 'not a url' }, 'PUBLIC_BASE_URL'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ OUTBOUND_ALLOW_HOSTS: '10.0.0.0/33' }, 'OUTBOUND_ALLOW_HOSTS'],
    [{ OUTBOUND_ALLOW_HOSTS: 'relay.example,http://x' }, 'OUTBOUND_ALLOW_HOSTS'],
  ])('names the bad variable %o', (env, name) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it('stops the server with one clear line and exit code 1, no stack trace', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: { ...process.env, PORT: 'seventy', DATA_DIR: 'memory://' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr
      .trim()
      .split('\n')
      .filter((l) => !l.includes('ExperimentalWarning') && !l.includes('--trace-warnings') && l.trim());
    expect(lines).toEqual([expect.stringMatching(/^Invalid environment variable PORT:/)]);
  });
});
