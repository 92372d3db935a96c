import { type Config, ConfigError, loadConfig } from './config.ts';
import { stopOnSignals } from './shutdown.ts';
import { isLoopbackUrl, publicBaseUrl } from './lib/public-address.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  // Everything heavy loads only after the configuration passed, so a bad variable stops the process at once.
  const { buildApp } = await import('./app.ts');
  const { DEMO_USERS } = await import('./seed/demo-data.ts');
  const built = await buildApp(config).catch((e: Error) => {
    console.error(`启动失败 / failed to start: ${e.message}`);
    process.exit(1);
  });
  // From here a SIGTERM stops gracefully, even one that arrives while warming up.
  stopOnSignals(built, {
    timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    delayMs: config.SHUTDOWN_DELAY_SECONDS * 1000,
  });
  await built.warmUp();
  if (built.readiness.isStopping) return;
  built.services.scheduler.start();
  await built.app.listen({ port: config.PORT, host: config.HOST });
  const url = publicBaseUrl(config);
  console.log(
    `\n发票云 is running: ${url}  (database: ${built.dbHandle.kind}${config.REDIS_URL ? ', redis' : ''})`,
  );
  if (isLoopbackUrl(url))
    console.log(
      `Links in mail and SMS point at ${url}: set PUBLIC_BASE_URL to the address buyers can reach.`,
    );
  console.log('Demo accounts:');
  for (const [u, p] of Object.entries(DEMO_USERS)) console.log(`  ${u.padEnd(6)} / ${p}`);
}

void main();
