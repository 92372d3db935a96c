import { load } from './load.ts';
import { startServer } from './server-process.ts';
const s = await startServer(9791, {});
const token = await s.login('demo', 'Demo@123');
console.log(
  await load({
    url: `${s.url}/api/admin/user/front/info`,
    headers: { authorization: `Bearer ${token}` },
    duration: 8,
  }),
);
await s.stop();
