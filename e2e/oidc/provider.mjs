// A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the tests of
// external sign-in. One server stands in for both providers: "Google" is an
// OpenID Connect client found through discovery; "Facebook" is a plain OAuth
// 2.0 client that reads the profile from a Graph-like endpoint, /graph/me.
//
// The sign-in page asks for an e-mail address and a name; the account's
// subject is derived from the e-mail unless one is given, so signing in with
// the same e-mail twice is the same provider account.
import crypto from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

export const GOOGLE_CLIENT = { id: 'spajobs-google', secret: 'google-test-secret' };
export const FACEBOOK_CLIENT = { id: 'spajobs-facebook', secret: 'facebook-test-secret' };

const html = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

async function readForm(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function signInPage(uid, clientName) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body>
<main>
<h1>Sign in to continue to ${html(clientName)}</h1>
<form method="post" action="/interaction/${html(uid)}/login">
  <p><label>Email address <input name="email" type="email" required></label></p>
  <p><label>First name <input name="given_name"></label></p>
  <p><label>Last name <input name="family_name"></label></p>
  <p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label></p>
  <p><button type="submit">Allow</button></p>
</form>
<form method="post" action="/interaction/${html(uid)}/abort">
  <p><button type="submit">Cancel</button></p>
</form>
</main>
</body></html>`;
}

/**
 * Starts the provider. `appBaseUrls` are the origins of the apps that may sign
 * in through it (their callback addresses are registered for both clients).
 */
export async function startTestProvider({ port = 0, host = '127.0.0.1', appBaseUrls }) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const issuer = `http://${host}:${address.port}`;

  /** accountId → claims */
  const accounts = new Map();
  const callbacks = (provider) => appBaseUrls.map((base) => `${base}/api/v1/auth/${provider}/callback`);

  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: GOOGLE_CLIENT.id,
        client_secret: GOOGLE_CLIENT.secret,
        client_name: 'Spa Jobs (Google)',
        redirect_uris: callbacks('google'),
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        client_id: FACEBOOK_CLIENT.id,
        client_secret: FACEBOOK_CLIENT.secret,
        client_name: 'Spa Jobs (Facebook)',
        redirect_uris: callbacks('facebook'),
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['spajobs-test-provider-cookies'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Like Google: the ID token itself carries the e-mail and name.
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile', 'public_profile'],
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const claims = accounts.get(id);
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
    renderError: (ctx, out) => {
      ctx.type = 'text/plain';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  });
  const oidc = provider.callback();

  async function interaction(req, res, uid, action) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET' && !action) {
      const client = await provider.Client.find(String(details.params.client_id));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(signInPage(uid, client?.clientName ?? 'the app'));
      return;
    }
    if (req.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim();
      const sub =
        form.get('sub') ||
        `u-${crypto.createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 20)}`;
      const given = form.get('given_name') ?? '';
      const family = form.get('family_name') ?? '';
      accounts.set(sub, {
        email,
        email_verified: form.get('email_verified') === 'true',
        given_name: given,
        family_name: family,
        name: `${given} ${family}`.trim(),
      });
      const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? ''));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.writeHead(405).end();
  }

  // Facebook's Graph API "me" stand-in: the profile of the access token's account.
  async function graphMe(req, res) {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? await provider.AccessToken.find(bearer) : undefined;
    const claims = token ? accounts.get(token.accountId) : undefined;
    if (!token || !claims) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    // Facebook leaves the e-mail out unless the person has confirmed it.
    res.end(
      JSON.stringify({
        id: token.accountId,
        ...(claims.email_verified ? { email: claims.email } : {}),
        first_name: claims.given_name,
        last_name: claims.family_name,
        name: claims.name,
      }),
    );
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const m = /^\/interaction\/([^/]+)(?:\/(login|abort))?$/.exec(url.pathname);
    const handle = m
      ? interaction(req, res, m[1], m[2])
      : url.pathname === '/graph/me'
        ? graphMe(req, res)
        : null;
    if (!handle) {
      oidc(req, res);
      return;
    }
    handle.catch((err) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(String(err?.message ?? err));
    });
  });

  return {
    issuer,
    /** Environment for an app that signs in through this provider. */
    appEnv: {
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_ISSUER: issuer,
      FACEBOOK_CLIENT_ID: FACEBOOK_CLIENT.id,
      FACEBOOK_CLIENT_SECRET: FACEBOOK_CLIENT.secret,
      FACEBOOK_AUTHORIZATION_URL: `${issuer}/auth`,
      FACEBOOK_TOKEN_URL: `${issuer}/token`,
      FACEBOOK_PROFILE_URL: `${issuer}/graph/me?fields=id,email,first_name,last_name`,
      FACEBOOK_SCOPE: 'email public_profile',
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
