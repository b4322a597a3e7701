// The test provider on its own, for trying external sign-in by hand:
//   node e2e/oidc/server.mjs   (provider on 127.0.0.1:3050, for an app on localhost:3000 or Vite's :5173)
// then start the app with the environment it prints.
import { startTestProvider } from './provider.mjs';

const port = Number(process.env.OIDC_PORT ?? 3050);
const apps = (process.env.OIDC_APP_BASE_URLS ?? 'http://localhost:3000,http://localhost:5173').split(',');
const idp = await startTestProvider({ port, appBaseUrls: apps });
console.log(`Test provider at ${idp.issuer}, for ${apps.join(', ')}. Start the app with:`);
for (const [k, v] of Object.entries(idp.appEnv)) console.log(`${k}=${v}`);
const stop = () => idp.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
