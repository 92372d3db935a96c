// npm start: build the web app when its sources changed, then serve console + API on one port.
import { spawnSync, spawn } from 'node:child_process';
import { webBuildIsStale, recordWebBuild } from './web-build-state.mjs';

if (webBuildIsStale()) {
  console.log('Building the web console (sources changed)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@fpy/web'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  recordWebBuild();
}

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
