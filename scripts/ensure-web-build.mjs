import { spawnSync } from 'node:child_process';
import { recordWebBuild, webBuildIsStale } from './web-build-state.mjs';

if (webBuildIsStale()) {
  const r = spawnSync('npm', ['run', 'build', '-w', '@fpy/web'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  recordWebBuild();
}
