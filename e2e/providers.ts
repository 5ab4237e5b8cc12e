// Starts the local Google, Naver and Kakao the browser tests sign in with (server/test/oauthProvider.ts),
// on the ports and with the client secret the Playwright config chose and gave the app server too.
// Each takes `POST /test/next-sign-in {subject, email, emailVerified, name, cancel}`: who signs in next.
import { OAUTH_PROVIDERS } from '../common/oauth.ts';
import { LocalProvider, type TestIdentity } from '../server/test/oauthProvider.ts';

const ports = JSON.parse(process.env.E2E_OAUTH_PORTS ?? '{}') as Record<string, number>;
const clientSecret = process.env.E2E_OAUTH_SECRET ?? '';
if (!clientSecret) throw new Error('E2E_OAUTH_SECRET is not set (the Playwright config sets it).');

for (const provider of OAUTH_PROVIDERS) {
  const port = ports[provider];
  if (!port) throw new Error(`E2E_OAUTH_PORTS has no port for ${provider}.`);
  const local = await LocalProvider.start(provider, { port, clientSecret });
  local.addRoute('POST', '/test/next-sign-in', (req, res) => {
    local.nextSignIn(req.body as TestIdentity);
    res.writeHead(204).end();
  });
  console.log(`local ${provider} provider on ${local.url}`);
}
